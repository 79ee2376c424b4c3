import Foundation

/// A cursor over little-endian bytes (OneNote's stores, Supernote's stroke records): every read is
/// checked against the end of its slice and throws `ReadError` there (`what` names the structure
/// being read).
struct LittleEndianBytes {
    let bytes: ArraySlice<UInt8>
    private(set) var at: Int
    let what: String

    init(_ bytes: ArraySlice<UInt8>, what: String) {
        self.bytes = bytes
        self.at = bytes.startIndex
        self.what = what
    }

    var remaining: Int { bytes.endIndex - at }

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

    /// A count that is about to size an allocation: at most `remaining / minimumElementSize`, since
    /// each element takes at least that many bytes of what is left.
    mutating func count(_ value: UInt64, minimumElementSize: Int = 1, of thing: String) throws(ReadError) -> Int {
        guard value <= UInt64(remaining / max(minimumElementSize, 1)) else {
            throw ReadError("\(what): \(value) \(thing) cannot fit in the \(remaining) bytes left")
        }
        return Int(value)
    }
}
