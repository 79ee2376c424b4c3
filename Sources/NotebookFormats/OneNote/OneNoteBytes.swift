import Foundation

/// A cursor over the little-endian bytes of a OneNote file: every read is checked against the end
/// of its slice and throws `ReadError` there (`what` names the structure being read).
struct OneNoteBytes {
    let bytes: ArraySlice<UInt8>
    private(set) var at: Int
    let what: String

    init(_ bytes: ArraySlice<UInt8>, what: String) {
        self.bytes = bytes
        self.at = bytes.startIndex
        self.what = what
    }

    var remaining: Int { bytes.endIndex - at }
    var isAtEnd: Bool { at >= bytes.endIndex }

    /// The next byte, not consumed; nil at the end.
    func peek() -> UInt8? { at < bytes.endIndex ? bytes[at] : nil }

    mutating func take(_ count: Int) throws(ReadError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else {
            throw ReadError("\(what) is truncated (\(count) bytes wanted at byte \(at), \(max(remaining, 0)) left)")
        }
        defer { at += count }
        return bytes[at..<(at + count)]
    }

    mutating func skip(_ count: Int) throws(ReadError) { _ = try take(count) }

    mutating func u8() throws(ReadError) -> UInt8 { try take(1).first ?? 0 }

    /// An unsigned little-endian integer of `size` bytes (1 … 8).
    mutating func unsigned(_ size: Int) throws(ReadError) -> UInt64 {
        var value: UInt64 = 0
        for (k, byte) in try take(size).enumerated() { value |= UInt64(byte) << (8 * UInt64(k)) }
        return value
    }

    mutating func u16() throws(ReadError) -> UInt16 { UInt16(try unsigned(2)) }
    mutating func u32() throws(ReadError) -> UInt32 { UInt32(try unsigned(4)) }
    mutating func u64() throws(ReadError) -> UInt64 { try unsigned(8) }

    /// A GUID as stored (Data1, Data2 and Data3 little-endian, then 8 bytes), as a `UUID`.
    mutating func guid() throws(ReadError) -> UUID { Self.guid(try take(16)) }

    /// A count that is about to size an allocation: at most `remaining / minimumElementSize`, since
    /// each element takes at least that many bytes of what is left.
    mutating func count(_ value: UInt64, minimumElementSize: Int = 1, of thing: String) throws(ReadError) -> Int {
        guard value <= UInt64(remaining / max(minimumElementSize, 1)) else {
            throw ReadError("\(what): \(value) \(thing) cannot fit in the \(remaining) bytes left")
        }
        return Int(value)
    }

    static func guid(_ raw: ArraySlice<UInt8>) -> UUID {
        let b = Array(raw)
        guard b.count == 16 else { return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
        return UUID(
            uuid: (b[3], b[2], b[1], b[0], b[5], b[4], b[7], b[6], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        )
    }
}

/// A GUID with a number ([MS-FSSHTTPB] 2.2.1.7, [MS-ONESTORE] 2.2.1): how OneNote names objects,
/// object spaces, revisions and data elements.
struct ExGUID: Hashable, Sendable, CustomStringConvertible {
    var guid: UUID
    var n: UInt32

    static let none = ExGUID(guid: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), n: 0)

    init(guid: UUID, n: UInt32) {
        self.guid = guid
        self.n = n
    }

    /// A constant from its text form.
    init(_ text: String, _ n: UInt32) {
        self.init(guid: UUID(uuidString: text) ?? Self.none.guid, n: n)
    }

    var isNone: Bool { self == .none }
    var description: String { "{\(guid.uuidString)},\(n)" }
}

/// An object space (or a context) in a store: two extended GUIDs ([MS-FSSHTTPB] 2.2.1.10).
struct CellID: Hashable, Sendable {
    var context: ExGUID
    var space: ExGUID
}
