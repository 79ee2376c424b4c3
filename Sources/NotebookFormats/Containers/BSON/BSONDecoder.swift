import Foundation

/// Decodes BSON (bsonspec.org, version 1.1), the binary JSON Saber writes its `.sbn2` notes in,
/// into a `DocumentTree`.
///
/// ```
/// document = int32 total size (little-endian, itself included), element*, 0x00
/// element  = type byte, key (NUL-terminated), value
/// ```
/// Values read: double 0x01, string 0x02 (int32 size with the NUL, bytes, NUL), document 0x03,
/// array 0x04 (a document keyed "0", "1", …; keys are not checked, order is kept), binary 0x05
/// (int32 size, subtype, bytes), undefined 0x06 and null 0x0A (null), ObjectId 0x07 (12 bytes, as
/// binary), bool 0x08, UTC datetime 0x09, int32 0x10, timestamp 0x11 and int64 0x12 (as numbers),
/// decimal128 0x13 (as binary), min/max key 0xFF/0x7F (null). Any other type is refused, since its
/// size is unknown.
///
/// Bounded: every size is checked against the bytes left in its enclosing document before
/// anything is read or allocated, nesting deeper than `maxDepth` is refused, and a nested
/// document must end exactly where its size says.
struct BSONDecoder {
    /// Deepest nesting of documents and arrays accepted (Saber needs 5).
    static let maxDepth = 32

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Decodes a whole file: one document, nothing after it.
    static func decode(_ bytes: [UInt8]) throws(ReadError) -> DocumentTree {
        var decoder = BSONDecoder(bytes)
        let tree = try decoder.document(isArray: false, end: bytes.count)
        guard decoder.offset == bytes.count else {
            throw ReadError("invalid BSON: \(bytes.count - decoder.offset) bytes after the end of the document")
        }
        return tree
    }

    private func error(_ message: String) -> ReadError {
        ReadError("invalid BSON at byte \(offset): \(message)")
    }

    private mutating func take(_ count: Int, before end: Int) throws(ReadError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= end - offset else { throw error("value runs past the end of its document") }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    private mutating func int32(before end: Int) throws(ReadError) -> Int32 {
        let b = try take(4, before: end)
        let i = b.startIndex
        return Int32(bitPattern: UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24)
    }

    private mutating func uint64(before end: Int) throws(ReadError) -> UInt64 {
        var value: UInt64 = 0
        for (k, byte) in try take(8, before: end).enumerated() { value |= UInt64(byte) << (8 * k) }
        return value
    }

    private mutating func cString(before end: Int) throws(ReadError) -> String {
        guard let nul = bytes[offset..<end].firstIndex(of: 0) else { throw error("unterminated key") }
        guard let key = String(validating: bytes[offset..<nul], as: UTF8.self) else {
            throw error("key is not valid UTF-8")
        }
        offset = nul + 1
        return key
    }

    private mutating func document(isArray: Bool, end outerEnd: Int) throws(ReadError) -> DocumentTree {
        let start = offset
        let size = Int(try int32(before: outerEnd))
        guard size >= 5, size <= outerEnd - start else {
            throw ReadError(
                "invalid BSON at byte \(start): document size \(size) does not fit in the \(outerEnd - start) bytes left"
            )
        }
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels") }
        defer { depth -= 1 }
        let end = start + size
        var members: [(key: String, value: DocumentTree)] = []
        while true {
            let type = try take(1, before: end).first ?? 0
            if type == 0 { break }
            let key = try cString(before: end)
            members.append((key, try value(type: type, end: end)))
        }
        guard offset == end else { throw error("document ends \(end - offset) bytes before its declared size") }
        return isArray ? .array(members.map(\.value)) : .object(members)
    }

    private mutating func value(type: UInt8, end: Int) throws(ReadError) -> DocumentTree {
        switch type {
        case 0x01: return .number(Double(bitPattern: try uint64(before: end)))
        case 0x02, 0x0D, 0x0E:
            let size = Int(try int32(before: end))
            guard size >= 1 else { throw error("string size \(size)") }
            let body = try take(size, before: end)
            guard body.last == 0, let text = String(validating: body.dropLast(), as: UTF8.self) else {
                throw error("string is not NUL-terminated UTF-8")
            }
            return .string(text)
        case 0x03: return try document(isArray: false, end: end)
        case 0x04: return try document(isArray: true, end: end)
        case 0x05:
            let size = Int(try int32(before: end))
            _ = try take(1, before: end)  // subtype
            return .binary(Array(try take(size, before: end)))
        case 0x06, 0x0A, 0x7F, 0xFF: return .null
        case 0x07: return .binary(Array(try take(12, before: end)))
        case 0x08:
            switch try take(1, before: end).first {
            case 0: return .bool(false)
            case 1: return .bool(true)
            default: throw error("boolean is neither 0 nor 1")
            }
        case 0x09, 0x12: return .number(Double(Int64(bitPattern: try uint64(before: end))))
        case 0x10: return .number(Double(try int32(before: end)))
        case 0x11: return .number(Double(try uint64(before: end)))
        case 0x13: return .binary(Array(try take(16, before: end)))
        default: throw error(String(format: "unsupported element type 0x%02X", type))
        }
    }
}
