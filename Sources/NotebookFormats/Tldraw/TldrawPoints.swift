import DrawingModel
import Foundation

/// The three ways tldraw has stored a draw or highlight segment's points (docs/formats.md#tldraw-file), each
/// relative to the shape's origin:
///
/// ```
/// draw ≤ 2, highlight ≤ 1   "points": [{"x", "y", "z"}, …]           JSON, z = pressure 0–1
/// draw 3, highlight 2       "points": "<base64>"                      3 × Float16 per point (x, y, z)
/// draw 4, highlight 3       "path": "<base64>"                        first point 3 × Float32, then
///                                                                     3 × Float16: x, y deltas, z absolute
/// ```
/// All little-endian. Which one a segment uses is read from its key and type (an array, or a
/// string under `points` or `path`), so that a file whose schema names no version still reads;
/// versions newer than these are refused by `TldrawReader` before any segment is decoded.
enum TldrawPoints {
    struct Sample {
        var x: Double, y: Double, z: Double
    }

    static func decode(_ segment: DocumentTree) throws(ReadError) -> [Sample] {
        if let path = segment["path"]?.string { return try delta(base64: path) }
        switch segment["points"] {
        case .array(let list)?:
            guard list.count <= ReadLimits.maxPointsPerStroke else {
                throw ReadError("more than \(ReadLimits.maxPointsPerStroke) points")
            }
            return try list.map { (p: DocumentTree) throws(ReadError) in
                guard let x = p["x"]?.number, let y = p["y"]?.number else {
                    throw ReadError("point without finite x and y")
                }
                return Sample(x: x, y: y, z: p["z"]?.number ?? 0.5)
            }
        case .string(let text)?:
            let bytes = try base64(text)
            guard bytes.count % 6 == 0 else {
                throw ReadError("base64 points are \(bytes.count) bytes, not a multiple of 6")
            }
            return stride(from: 0, to: bytes.count, by: 6).map { at in
                Sample(x: half(bytes, at), y: half(bytes, at + 2), z: half(bytes, at + 4))
            }
        case nil: throw ReadError("segment has neither \"points\" nor \"path\"")
        default: throw ReadError("segment \"points\" is neither a list nor a base64 string")
        }
    }

    private static func delta(base64 text: String) throws(ReadError) -> [Sample] {
        let bytes = try base64(text)
        guard !bytes.isEmpty else { return [] }
        guard bytes.count >= 12, (bytes.count - 12) % 6 == 0 else {
            throw ReadError("delta path is \(bytes.count) bytes (12 for the first point, then 6 per point)")
        }
        var current = Sample(x: single(bytes, 0), y: single(bytes, 4), z: single(bytes, 8))
        var samples = [current]
        samples.reserveCapacity(1 + (bytes.count - 12) / 6)
        for at in stride(from: 12, to: bytes.count, by: 6) {
            current = Sample(x: current.x + half(bytes, at), y: current.y + half(bytes, at + 2), z: half(bytes, at + 4))
            samples.append(current)
        }
        return samples
    }

    private static func base64(_ text: String) throws(ReadError) -> [UInt8] {
        // A point is 8 base64 characters: refuse a string over the per-stroke cap before decoding it.
        guard text.utf8.count / 8 <= ReadLimits.maxPointsPerStroke + 2 else {
            throw ReadError("more than \(ReadLimits.maxPointsPerStroke) points")
        }
        guard let data = Data(base64Encoded: text) else { throw ReadError("points are not valid base64") }
        return [UInt8](data)
    }

    /// IEEE 754 binary16 at `at`, little-endian: sign, 5 exponent bits (bias 15), 10 fraction bits.
    static func half(_ bytes: [UInt8], _ at: Int) -> Double {
        let bits = UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
        let negative = bits & 0x8000 != 0
        let exponent = Int(bits >> 10 & 0x1F)
        let fraction = Double(bits & 0x3FF)
        let magnitude: Double
        switch exponent {
        case 0: magnitude = fraction * 0x1p-24  // subnormal: fraction / 1024 × 2^-14
        case 31: magnitude = fraction == 0 ? .infinity : .nan
        default: magnitude = (1 + fraction / 1024) * Double(sign: .plus, exponent: exponent - 15, significand: 1)
        }
        return negative ? -magnitude : magnitude
    }

    /// IEEE 754 binary32 at `at`, little-endian.
    static func single(_ bytes: [UInt8], _ at: Int) -> Double {
        Double(
            Float(
                bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
                    | UInt32(bytes[at + 3]) << 24))
    }
}
