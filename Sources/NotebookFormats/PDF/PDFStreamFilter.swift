/// Decodes a PDF stream's data through its `/Filter` chain (ISO 32000-1 §7.4): `FlateDecode`
/// (zlib, through `Gzip.inflateZlib`) with the PNG predictors of `/DecodeParms` (§7.4.4.4, what
/// cross-reference streams use), and no filter at all. Other filters (LZW, ASCII85, image codecs)
/// are refused by name: the reader needs only object and cross-reference streams, and those are
/// Flate in every writer seen.
enum PDFStreamFilter {
    /// Most bytes one stream may decode to, whatever its ratio.
    static let maxDecodedSize = 64 << 20

    /// - Parameter limit: the most bytes the result may have (the caller's share of the file's
    ///   decompression allowance).
    static func decode(
        _ raw: ArraySlice<UInt8>, dictionary: [String: PDFObject], limit: Int
    ) throws(ReadError)
        -> [UInt8]
    {
        let filters: [PDFObject]
        switch dictionary["Filter"] {
        case nil: return Array(raw)
        case .name(let name)?: filters = [.name(name)]
        case .array(let list)?: filters = list
        default: throw ReadError("PDF stream has a /Filter that is neither a name nor a list")
        }
        guard filters.count <= 4 else {
            throw ReadError("PDF stream has \(filters.count) filters (at most 4 are read)")
        }
        let parameters: [PDFObject?]
        switch dictionary["DecodeParms"] ?? dictionary["DP"] {
        case .array(let list)?: parameters = list
        case let single?: parameters = [single]
        case nil: parameters = []
        }
        var data = Array(raw)
        for (k, filter) in filters.enumerated() {
            guard let name = filter.name else { throw ReadError("PDF stream filter is not a name") }
            switch name {
            case "FlateDecode", "Fl":
                data = try Gzip.inflateZlib(data[...], limit: min(limit, maxDecodedSize))
                if k < parameters.count, let parameters = parameters[k]?.dictionary {
                    data = try predicted(data, parameters: parameters)
                }
            default:
                throw ReadError("PDF stream uses the /\(name) filter, which this reader does not decode")
            }
        }
        return data
    }

    /// Undoes a PNG predictor (`/Predictor` 10–15: each row starts with its own filter type byte).
    static func predicted(_ data: [UInt8], parameters: [String: PDFObject]) throws(ReadError) -> [UInt8] {
        let predictor = parameters["Predictor"]?.integer ?? 1
        guard predictor >= 10 else {
            if predictor == 1 { return data }
            throw ReadError("PDF stream uses predictor \(predictor), which this reader does not decode")
        }
        let columns = parameters["Columns"]?.integer ?? 1
        let colors = parameters["Colors"]?.integer ?? 1
        let bits = parameters["BitsPerComponent"]?.integer ?? 8
        guard (1...1 << 20).contains(columns), (1...32).contains(colors), [1, 2, 4, 8, 16].contains(bits) else {
            throw ReadError("PDF stream has predictor parameters out of range")
        }
        let pixelBytes = max(1, colors * bits / 8)
        let rowBytes = (columns * colors * bits + 7) / 8
        guard rowBytes <= max(data.count, 1) else {
            throw ReadError("PDF stream predictor rows (\(rowBytes) bytes) are longer than its data")
        }
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var row = [UInt8](repeating: 0, count: rowBytes)
        var at = 0
        while at < data.count {
            let type = data[at]
            at += 1
            let count = min(rowBytes, data.count - at)
            for i in 0..<rowBytes { row[i] = i < count ? data[at + i] : 0 }
            at += count
            for i in 0..<rowBytes {
                let left = i >= pixelBytes ? row[i - pixelBytes] : 0
                let up = previous[i]
                let upLeft = i >= pixelBytes ? previous[i - pixelBytes] : 0
                switch type {
                case 0: break
                case 1: row[i] = row[i] &+ left
                case 2: row[i] = row[i] &+ up
                case 3: row[i] = row[i] &+ UInt8((Int(left) + Int(up)) / 2)
                case 4: row[i] = row[i] &+ paeth(left, up, upLeft)
                default: throw ReadError("PDF stream has PNG row filter \(type) (0–4 exist)")
                }
            }
            out.append(contentsOf: row[0..<count])
            swap(&previous, &row)
        }
        return out
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
