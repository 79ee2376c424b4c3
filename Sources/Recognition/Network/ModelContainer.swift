import Foundation

/// The container every network's weights file is stored in, as written by `Training/export.py`'s
/// `write_model`: metadata as JSON that each network kind decodes for itself (`ModelFile` for the
/// line recognizer, `CharacterNetwork` for CJK characters), then named tensors.
///
/// Layout (little-endian):
/// ```
/// magic    8 bytes  "NBIXRNN\0"
/// version  u32      file-format version, must be 1
/// metaLen  u32      then metaLen bytes of UTF-8 JSON ("architecture" names the network kind)
/// count    u32      number of tensors, then for each:
///     nameLen u16, name (UTF-8), dtype u8 (0 = float32, 1 = float16), rank u8, dims u32 × rank, data
/// ```
/// Float16 tensors halve the file (`Training/export.py --float16` rounds the weights and computes
/// the golden outputs from the rounded ones) and are widened to float32 on loading, so the
/// kernels stay as they are. Everything is checked before use: magic and version first, then every
/// length against what is left of the file, so a damaged file is refused with a reason instead of
/// trapping.
struct ModelContainer: Sendable {
    struct Tensor: Sendable {
        var shape: [Int]
        var values: [Float]
    }

    static let magic: [UInt8] = Array("NBIXRNN".utf8) + [0]
    static let supportedVersion: UInt32 = 1
    static let maximumTensorElements = 16 << 20

    /// The metadata's JSON as stored; `metadata(_:)` decodes it.
    var metadataJSON: Data
    var tensors: [String: Tensor]

    /// The bytes `checkHeader` reads: the magic and the version.
    static let headerSize = 12

    /// Checks a file's first `headerSize` bytes: the magic, then the version.
    /// - Throws: `ModelError.invalid` with the reason.
    static func checkHeader(_ head: [UInt8]) throws(ModelError) {
        var reader = ByteReader(bytes: head)
        guard (try? reader.bytes(8)) == Self.magic else {
            throw .invalid("not a notebook-index model file (bad magic)")
        }
        let version = try reader.u32()
        guard version == Self.supportedVersion else {
            throw .invalid("model file version \(version) is not supported (expected \(Self.supportedVersion))")
        }
    }

    init(data: Data) throws(ModelError) {
        var reader = ByteReader(bytes: [UInt8](data))
        try Self.checkHeader(Array(reader.bytes.prefix(Self.headerSize)))
        reader.offset = Self.headerSize
        let metaLength = Int(try reader.u32())
        metadataJSON = Data(try reader.bytes(metaLength))
        let count = Int(try reader.u32())
        guard count <= 1024 else { throw .invalid("model claims \(count) tensors") }
        var tensors: [String: Tensor] = [:]
        for _ in 0..<count {
            let nameLength = Int(try reader.u16())
            guard let name = String(bytes: try reader.bytes(nameLength), encoding: .utf8) else {
                throw .invalid("tensor name is not UTF-8")
            }
            let dtype = try reader.u8()
            guard dtype <= 1 else { throw .invalid("tensor \(name): unsupported dtype \(dtype)") }
            let rank = Int(try reader.u8())
            var shape: [Int] = []
            var elements = 1
            for _ in 0..<rank {
                let d = Int(try reader.u32())
                shape.append(d)
                elements = elements.multipliedReportingOverflow(by: d).partialValue
                guard elements <= Self.maximumTensorElements else { throw .invalid("tensor \(name) is too large") }
            }
            let values = dtype == 0 ? try reader.floats(elements) : try reader.halfFloats(elements)
            tensors[name] = Tensor(shape: shape, values: values)
        }
        guard reader.isAtEnd else { throw .invalid("trailing bytes after the last tensor") }
        self.tensors = tensors
    }

    /// The metadata decoded as `type` (the network kind's own keys).
    func metadata<Metadata: Decodable>(_ type: Metadata.Type) throws(ModelError) -> Metadata {
        do {
            return try JSONDecoder().decode(type, from: metadataJSON)
        } catch {
            throw .invalid("model metadata is not valid: \(error)")
        }
    }

    /// The metadata's "architecture": read before the rest, so that a file of another network
    /// kind is refused by name rather than for the keys it lacks.
    func architecture() throws(ModelError) -> String {
        struct Architecture: Decodable { var architecture: String }
        return try metadata(Architecture.self).architecture
    }

    /// The tensor called `name`, checked to have `shape`.
    func tensor(_ name: String, shape: [Int]) throws(ModelError) -> [Float] {
        guard let t = tensors[name] else { throw .invalid("tensor \(name) is missing") }
        guard t.shape == shape else { throw .invalid("tensor \(name) has shape \(t.shape), expected \(shape)") }
        return t.values
    }
}

/// Bounds-checked little-endian reads over a byte array.
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func bytes(_ n: Int) throws(ModelError) -> [UInt8] {
        guard n >= 0, n <= bytes.count - offset else { throw .invalid("file ends early at byte \(offset)") }
        defer { offset += n }
        return Array(bytes[offset..<offset + n])
    }

    mutating func u8() throws(ModelError) -> UInt8 { try bytes(1)[0] }

    mutating func u16() throws(ModelError) -> UInt16 {
        let b = try bytes(2)
        return UInt16(b[0]) | UInt16(b[1]) << 8
    }

    mutating func u32() throws(ModelError) -> UInt32 {
        let b = try bytes(4)
        return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
    }

    mutating func floats(_ n: Int) throws(ModelError) -> [Float] {
        guard n <= (bytes.count - offset) / 4 else { throw .invalid("tensor data ends early at byte \(offset)") }
        var out = [Float](repeating: 0, count: n)
        for i in 0..<n {
            let o = offset + 4 * i
            let bits =
                UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
            out[i] = Float(bitPattern: bits)
        }
        offset += 4 * n
        return out
    }

    mutating func halfFloats(_ n: Int) throws(ModelError) -> [Float] {
        guard n <= (bytes.count - offset) / 2 else { throw .invalid("tensor data ends early at byte \(offset)") }
        var out = [Float](repeating: 0, count: n)
        for i in 0..<n {
            let o = offset + 2 * i
            out[i] = Float(Float16(bitPattern: UInt16(bytes[o]) | UInt16(bytes[o + 1]) << 8))
        }
        offset += 2 * n
        return out
    }
}
