/// Low-level reading of reMarkable `.rm` files: a bounds-checked little-endian byte cursor, and on
/// top of it the tagged-field primitives of the version 6 format.
///
/// Version 6 layout (see docs/formats.md#remarkable-v6; learned from rmscene):
///
///     header   43 bytes "reMarkable .lines file, version=6" + 10 spaces
///     blocks   repeated until EOF:
///              u32 payload_length, u8 0, u8 min_version, u8 current_version, u8 block_type,
///              payload_length bytes of tagged fields
///
/// Primitives inside a payload, all little-endian:
/// - `varuint`: LEB128, at most 10 bytes (64 bits); longer or overflowing encodings are refused.
/// - tag: a varuint; low 4 bits the type (`0xF` CRDT id, `0xC` u32-length sub-block, `0x8` 8 bytes,
///   `0x4` 4 bytes, `0x1` 1 byte), the rest the field index.
/// - CRDT id: u8 author + varuint counter.
///
/// Every read checks the bytes left in the current block or sub-block, so a length field can never
/// make the reader leave its block; optional fields are probed only while bytes remain.
import Foundation

/// A read position over an immutable byte array, limited to `position ..< end`.
///
/// Sub-cursors share the array (no copying); every read throws `RemarkableFormatError.truncated`
/// instead of reading past `end`.
struct RemarkableByteCursor {
    let bytes: [UInt8]
    private(set) var position: Int
    let end: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.position = 0
        self.end = bytes.count
    }

    private init(bytes: [UInt8], position: Int, end: Int) {
        self.bytes = bytes
        self.position = position
        self.end = end
    }

    var remaining: Int { end - position }
    var isAtEnd: Bool { position >= end }

    private func require(_ count: Int) throws {
        guard count >= 0, count <= end - position else {
            throw RemarkableFormatError.truncated(offset: position, needed: count - (end - position))
        }
    }

    mutating func skip(_ count: Int) throws {
        try require(count)
        position += count
    }

    mutating func u8() throws -> UInt8 {
        try require(1)
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u16() throws -> UInt16 {
        try require(2)
        defer { position += 2 }
        return UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8
    }

    mutating func u32() throws -> UInt32 {
        try require(4)
        defer { position += 4 }
        return UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8
            | UInt32(bytes[position + 2]) << 16 | UInt32(bytes[position + 3]) << 24
    }

    mutating func u64() throws -> UInt64 {
        let low = UInt64(try u32())
        let high = UInt64(try u32())
        return low | high << 32
    }

    mutating func f32() throws -> Float { Float(bitPattern: try u32()) }
    mutating func f64() throws -> Double { Double(bitPattern: try u64()) }

    /// LEB128; refuses encodings longer than 10 bytes or overflowing 64 bits.
    mutating func varuint() throws -> UInt64 {
        let start = position
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try u8()
            let payload = UInt64(byte & 0x7F)
            if shift == 63, payload > 1 {
                throw RemarkableFormatError.malformed("varuint overflows 64 bits", offset: start)
            }
            result |= payload << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
            if shift > 63 {
                throw RemarkableFormatError.malformed("varuint longer than 10 bytes", offset: start)
            }
        }
    }

    /// Returns the next `count` bytes and moves past them.
    mutating func bytes(_ count: Int) throws -> ArraySlice<UInt8> {
        try require(count)
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    /// A cursor over the next `length` bytes; `self` moves past them.
    mutating func subCursor(length: Int) throws -> RemarkableByteCursor {
        try require(length)
        let sub = RemarkableByteCursor(bytes: bytes, position: position, end: position + length)
        position += length
        return sub
    }

    /// Reads a count of items with `read` (a u32 or a varuint), refusing one whose items, each at
    /// least `minimumSize` bytes, cannot fit in the bytes left; the message names the count's offset.
    mutating func count(
        of what: String, minimumSize: Int, _ read: (inout RemarkableByteCursor) throws -> UInt64
    ) throws -> Int {
        let offset = position
        let count = try read(&self)
        guard count <= UInt64(remaining / max(minimumSize, 1)) else {
            throw RemarkableFormatError.absurdCount(what: what, count: count, offset: offset)
        }
        return Int(count)
    }
}

/// A reMarkable CRDT identifier (also used as a logical timestamp): author index and counter.
struct RemarkableCrdtID: Hashable, Sendable, Comparable {
    var author: UInt8
    var counter: UInt64

    /// `(0, 0)`: the END marker of CRDT sequences.
    static let end = RemarkableCrdtID(author: 0, counter: 0)
    /// `(0, 1)`: the root group of the scene tree.
    static let root = RemarkableCrdtID(author: 0, counter: 1)

    static func < (a: Self, b: Self) -> Bool {
        (a.author, a.counter) < (b.author, b.counter)
    }
}

/// Tag types of the version 6 tagged-field encoding.
enum RemarkableTagType: UInt8 {
    case id = 0xF
    case length4 = 0xC
    case byte8 = 0x8
    case byte4 = 0x4
    case byte1 = 0x1
}

/// Reads the tagged fields of one v6 block or sub-block, in the fixed order the layout gives.
struct RemarkableTaggedReader {
    var cursor: RemarkableByteCursor

    init(_ cursor: RemarkableByteCursor) {
        self.cursor = cursor
    }

    var remaining: Int { cursor.remaining }

    /// Whether the next field is `index` of `type`; never moves, never throws.
    func hasTag(_ index: Int, _ type: RemarkableTagType) -> Bool {
        guard !cursor.isAtEnd else { return false }
        var probe = cursor
        guard let tag = try? probe.varuint() else { return false }
        return tag == UInt64(index) << 4 | UInt64(type.rawValue)
    }

    mutating func expectTag(_ index: Int, _ type: RemarkableTagType) throws {
        let offset = cursor.position
        let tag = try cursor.varuint()
        guard tag == UInt64(index) << 4 | UInt64(type.rawValue) else {
            throw RemarkableFormatError.unexpectedTag(
                offset: offset, expectedIndex: index, expectedType: type.rawValue, found: tag)
        }
    }

    /// An untagged CRDT id (u8 author, varuint counter).
    mutating func rawID() throws -> RemarkableCrdtID {
        let author = try cursor.u8()
        let counter = try cursor.varuint()
        return RemarkableCrdtID(author: author, counter: counter)
    }

    mutating func id(_ index: Int) throws -> RemarkableCrdtID {
        try expectTag(index, .id)
        return try rawID()
    }

    mutating func u32(_ index: Int) throws -> UInt32 {
        try expectTag(index, .byte4)
        return try cursor.u32()
    }

    mutating func f32(_ index: Int) throws -> Float {
        try expectTag(index, .byte4)
        return try cursor.f32()
    }

    mutating func f64(_ index: Int) throws -> Double {
        try expectTag(index, .byte8)
        return try cursor.f64()
    }

    mutating func byte(_ index: Int) throws -> UInt8 {
        try expectTag(index, .byte1)
        return try cursor.u8()
    }

    mutating func bool(_ index: Int) throws -> Bool { try byte(index) != 0 }

    /// A length-prefixed sub-block; `self` moves past it.
    mutating func subBlock(_ index: Int) throws -> RemarkableTaggedReader {
        try expectTag(index, .length4)
        let length = try cursor.u32()
        return RemarkableTaggedReader(try cursor.subCursor(length: Int(length)))
    }

    /// The sub-block `index` if it is next, nil otherwise.
    mutating func optionalSubBlock(_ index: Int) throws -> RemarkableTaggedReader? {
        hasTag(index, .length4) ? try subBlock(index) : nil
    }

    /// A string sub-block: varuint byte length, u8 flag, UTF-8 bytes, then (optionally, still inside
    /// the sub-block) field 2 u32 = an inline formatting code.
    mutating func string(_ index: Int) throws -> (text: String, format: UInt32?) {
        var sub = try subBlock(index)
        let lengthOffset = sub.cursor.position
        let length = try sub.cursor.varuint()
        _ = try sub.cursor.u8()
        guard length <= UInt64(sub.remaining) else {
            throw RemarkableFormatError.absurdCount(what: "string byte", count: length, offset: lengthOffset)
        }
        let raw = try sub.cursor.bytes(Int(length))
        let text = String(decoding: raw, as: UTF8.self)
        let format = sub.hasTag(2, .byte4) ? try sub.u32(2) : nil
        return (text, format)
    }

    /// Opens a last-writer-wins register sub-block and skips its timestamp; the caller reads field 2.
    mutating func lww(_ index: Int) throws -> RemarkableTaggedReader {
        var sub = try subBlock(index)
        _ = try sub.id(1)
        return sub
    }
}
