/// A PDF file's objects, loaded on demand: the cross-reference table (`PDFCrossReference`, or its
/// scanned repair), objects at byte offsets or inside object streams (`/Type /ObjStm`, §7.5.7),
/// references resolved with a depth cap, decoded object streams cached.
///
/// Bounds: every value parsed is charged to one `PDFBudget`; all streams decoded together may
/// expand to no more than `ReadLimits.expansionLimit` of the file's size; reference chains stop
/// after `maxReferenceDepth`; an object whose loading needs itself (an object stream's `/Length`
/// inside that stream) is refused instead of recursing. One owner: not shared across tasks.
final class PDFDocument {
    static let maxReferenceDepth = 32
    /// Most values parsed per file (numbers, names, strings, containers).
    static let maxValues = 8_000_000

    let bytes: [UInt8]
    let budget = PDFBudget(limit: PDFDocument.maxValues)
    private(set) var table = PDFCrossReference()
    private var cache: [Int: PDFObject] = [:]
    private var objectStreams: [Int: (data: [UInt8], offsets: [Int: Int], first: Int)] = [:]
    private var loading: Set<Int> = []
    /// The table a scan of the whole file gives, made once when an offset proves wrong.
    private var scan: PDFCrossReference?
    private var decodeAllowance: Int

    /// - Throws: `ReadError` when there is no `%PDF-` header, the file is encrypted, or neither
    ///   its cross-reference sections nor a scan of its objects find a document catalog.
    init(_ bytes: [UInt8]) throws(ReadError) {
        self.bytes = bytes
        self.decodeAllowance = ReadLimits.expansionLimit(compressedSize: bytes.count, cap: ReadLimits.maxExpandedSize)
        guard Self.headerOffset(bytes) != nil else { throw ReadError("not a PDF (no %PDF- header)") }
        do throws(ReadError) {
            table = try PDFCrossReference.read(bytes, budget: budget) { (offset: Int) throws(ReadError) in
                let (_, object) = try self.indirectObject(at: offset)
                guard case .stream(let dictionary, _) = object else {
                    throw ReadError("PDF xref offset \(offset) points at an object that is not a stream")
                }
                return (dictionary, try self.decodedStream(object))
            }
            guard try catalog() != nil else { throw ReadError("PDF trailer names no catalog") }
        } catch {
            // A broken table: rebuild it from the objects themselves.
            cache = [:]
            objectStreams = [:]
            table = try PDFCrossReference.scanned(bytes, budget: budget)
            try adoptScannedObjectStreams()
            guard try catalog() != nil else {
                throw ReadError(
                    "PDF cross-reference is broken (\(error.description)) and no catalog was found by scanning")
            }
        }
        if table.trailer["Encrypt"] != nil {
            throw ReadError("PDF is encrypted; its annotations cannot be read without decrypting it")
        }
    }

    /// Where `%PDF-` starts (within the first KB, as readers allow), or nil.
    static func headerOffset(_ bytes: [UInt8]) -> Int? {
        let magic = Array("%PDF-".utf8)
        let limit = min(bytes.count, 1024) - magic.count
        guard limit >= 0 else { return nil }
        return (0...limit).first { bytes[$0..<($0 + magic.count)].elementsEqual(magic) }
    }

    /// The document catalog (`/Root` of the trailer), or, after a scan found no trailer, the first
    /// object whose `/Type` is `/Catalog`.
    func catalog() throws(ReadError) -> [String: PDFObject]? {
        if let root = table.trailer["Root"], let catalog = try resolve(root).dictionary { return catalog }
        guard table.isScanned else { return nil }
        for number in table.entries.keys.sorted() {
            if let object = try? object(number), object["Type"]?.name == "Catalog", let catalog = object.dictionary {
                table.trailer["Root"] = .reference(PDFReference(number: number, generation: 0))
                return catalog
            }
        }
        return nil
    }

    /// After a scan: the objects inside every object stream found are entries too (those with an
    /// offset of their own win, as the scan saw them).
    private func adoptScannedObjectStreams() throws(ReadError) {
        for number in table.entries.keys.sorted() {
            guard case .stream(let dictionary, _)? = try? object(number), dictionary["Type"]?.name == "ObjStm",
                let stream = try? objectStream(number)
            else { continue }
            for contained in stream.offsets.keys where table.entries[contained] == nil {
                table.entries[contained] = .compressed(stream: number, index: 0)
            }
        }
    }

    /// `object` with references followed (a missing object is `null`, as §7.3.10 says).
    func resolve(_ object: PDFObject) throws(ReadError) -> PDFObject {
        var current = object
        for _ in 0..<Self.maxReferenceDepth {
            guard case .reference(let reference) = current else { return current }
            current = try self.object(reference.number)
        }
        throw ReadError("PDF references chain deeper than \(Self.maxReferenceDepth)")
    }

    /// The object numbered `number` (the newest revision), `null` when no entry has it.
    func object(_ number: Int) throws(ReadError) -> PDFObject {
        if let cached = cache[number] { return cached }
        guard let entry = table.entries[number], entry != .free else { return .null }
        guard loading.count < Self.maxReferenceDepth else {
            throw ReadError("PDF objects need each other to be read more than \(Self.maxReferenceDepth) levels deep")
        }
        guard loading.insert(number).inserted else {
            throw ReadError("PDF object \(number) refers to itself while it is being read")
        }
        defer { loading.remove(number) }
        let object: PDFObject
        switch entry {
        case .offset(let offset):
            let (reference, found) = try indirectObject(at: offset)
            if reference.number == number {
                object = found
            } else {
                object = try misplaced(number, expected: offset)
            }
        case .compressed(let streamNumber, _):
            object = try compressedObject(number, in: streamNumber)
        case .free:
            object = .null
        }
        cache[number] = object
        return object
    }

    /// An object whose table offset holds another one: found by scanning, as repair tools do.
    private func misplaced(_ number: Int, expected offset: Int) throws(ReadError) -> PDFObject {
        let scan: PDFCrossReference
        if let made = self.scan {
            scan = made
        } else {
            scan = try PDFCrossReference.scanned(bytes, budget: budget)
            self.scan = scan
        }
        guard case .offset(let actual)? = scan.entries[number], actual != offset else {
            throw ReadError("PDF object \(number) is not at byte \(offset), where the xref table says it is")
        }
        let (reference, found) = try indirectObject(at: actual)
        guard reference.number == number else { throw ReadError("PDF object \(number) cannot be found") }
        return found
    }

    /// An object inside an object stream, found by the stream header's pairs (its index in the
    /// table is only a hint, and a scan does not know it).
    private func compressedObject(_ number: Int, in streamNumber: Int) throws(ReadError) -> PDFObject {
        let stream = try objectStream(streamNumber)
        guard let offset = stream.offsets[number] else {
            throw ReadError("PDF object \(number) is not in object stream \(streamNumber)")
        }
        var parser = PDFParser(stream.data, at: stream.first + offset, budget: budget)
        return try parser.object()
    }

    /// An object stream's decoded data and the offsets of the objects it holds (its header).
    private func objectStream(
        _ number: Int
    ) throws(ReadError)
        -> (data: [UInt8], offsets: [Int: Int], first: Int)
    {
        if let decoded = objectStreams[number] { return decoded }
        let object = try self.object(number)
        guard case .stream(let dictionary, _) = object else {
            throw ReadError("PDF object stream \(number) is not a stream")
        }
        let data = try decodedStream(object)
        guard let count = dictionary["N"]?.integer, let first = dictionary["First"]?.integer,
            count >= 0, count <= data.count, first >= 0, first <= data.count
        else { throw ReadError("PDF object stream \(number) has no valid /N and /First") }
        var parser = PDFParser(data, at: 0, end: first, budget: budget)
        var offsets: [Int: Int] = [:]
        for _ in 0..<count {
            guard let contained = parser.unsignedInteger(), let offset = parser.unsignedInteger() else { break }
            if offsets[contained] == nil { offsets[contained] = offset }
        }
        let decoded = (data, offsets, first)
        objectStreams[number] = decoded
        return decoded
    }

    /// The `n g obj … endobj` at `offset`: its reference and object (a stream with its data range).
    func indirectObject(at offset: Int) throws(ReadError) -> (PDFReference, PDFObject) {
        guard offset >= 0, offset < bytes.count else {
            throw ReadError("PDF object offset \(offset) is outside the file")
        }
        var parser = PDFParser(bytes, at: offset, budget: budget)
        guard let number = parser.unsignedInteger(), let generation = parser.unsignedInteger(), parser.take("obj")
        else { throw ReadError("PDF has no object header (n g obj) at byte \(offset)") }
        let reference = PDFReference(number: number, generation: generation)
        let object = try parser.object()
        guard case .dictionary(let dictionary) = object, parser.take("stream") else { return (reference, object) }
        // The data starts after the end of line that follows `stream` (CR LF or LF; CR alone is seen).
        var start = parser.position
        if start < bytes.count, bytes[start] == 0x0D { start += 1 }
        if start < bytes.count, bytes[start] == 0x0A { start += 1 }
        return (reference, .stream(dictionary, start..<streamEnd(from: start, length: dictionary["Length"])))
    }

    /// Where a stream's data ends: after `/Length` bytes when `endstream` follows there, otherwise
    /// before the next `endstream` (a wrong or indirect length that cannot be read yet).
    private func streamEnd(from start: Int, length: PDFObject?) -> Int {
        var declared = length?.integer
        if declared == nil, let reference = length?.reference, !loading.contains(reference.number) {
            declared = (try? object(reference.number))?.integer
        }
        if let declared, declared >= 0, declared <= bytes.count - start {
            var parser = PDFParser(bytes, at: start + declared, budget: PDFBudget(limit: 4))
            if parser.take("endstream") { return start + declared }
        }
        let keyword = Array("endstream".utf8)
        var at = start
        while at + keyword.count <= bytes.count {
            if bytes[at] == keyword[0], bytes[at..<(at + keyword.count)].elementsEqual(keyword) {
                try? budget.charge((at - start) >> 6)
                var end = at
                if end > start, bytes[end - 1] == 0x0A { end -= 1 }
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                return end
            }
            at += 1
        }
        try? budget.charge((bytes.count - start) >> 6)
        return bytes.count
    }

    /// A stream's data through its filters, charged to the file's decompression allowance.
    func decodedStream(_ object: PDFObject) throws(ReadError) -> [UInt8] {
        guard case .stream(let dictionary, let range) = object else { throw ReadError("PDF object is not a stream") }
        var resolved = dictionary
        for key in ["Filter", "DecodeParms"] {
            if let value = dictionary[key] { resolved[key] = try resolve(value) }
        }
        let data = try PDFStreamFilter.decode(bytes[range], dictionary: resolved, limit: max(0, decodeAllowance))
        decodeAllowance -= data.count
        guard decodeAllowance >= 0 else { throw ReadError("PDF streams expand past the file's decompression limit") }
        return data
    }
}
