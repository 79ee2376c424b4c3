/// A bounded cursor over the bytes of an Ink Serialized Format stream (see `ISFReader`).
///
/// ```
/// unsigned   multi-byte: 7 bits a byte, low group first, high bit set = more bytes follow
/// signed     an unsigned whose lowest bit is the sign: u >> 1, negated when u & 1
/// float      4 bytes, IEEE 754 little-endian (8 for the extended transform table)
/// payload    an unsigned size, then that many bytes
/// ```
/// Every read checks the bytes left and throws a `ReadError` naming the byte offset in the file;
/// sub-readers over payloads share the file's bytes (no copy) and count offsets from its start.
struct ISFByteReader {
    private let bytes: ArraySlice<UInt8>
    /// Index of the next byte (an index into the whole file's bytes).
    private(set) var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.offset = bytes.startIndex
    }

    var isAtEnd: Bool { offset >= bytes.endIndex }
    var remaining: Int { bytes.endIndex - offset }
    /// The bytes not read yet.
    var rest: ArraySlice<UInt8> { bytes[offset...] }

    mutating func byte() throws(ReadError) -> UInt8 {
        guard offset < bytes.endIndex else { throw ReadError("data ends at byte \(offset) in the middle of a value") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A multi-byte unsigned integer (at most ten bytes, 64 bits).
    mutating func unsigned() throws(ReadError) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            guard shift < 64 else { throw ReadError("multi-byte integer at byte \(start) is longer than 10 bytes") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// A multi-byte unsigned integer that must be at most `limit` (a count, an index, a size).
    mutating func count(atMost limit: Int, _ what: @autoclosure () -> String) throws(ReadError) -> Int {
        let start = offset
        let value = try unsigned()
        guard value <= UInt64(limit) else { throw ReadError("\(what()) \(value) at byte \(start) is over \(limit)") }
        return Int(value)
    }

    /// A multi-byte signed integer (sign in the lowest bit).
    mutating func signed() throws(ReadError) -> Int64 {
        let value = try unsigned()
        let magnitude = Int64(value >> 1)
        return value & 1 == 0 ? magnitude : -magnitude
    }

    mutating func float32() throws(ReadError) -> Double {
        Double(Float(bitPattern: UInt32(truncatingIfNeeded: try littleEndian(4))))
    }

    mutating func float64() throws(ReadError) -> Double {
        Double(bitPattern: try littleEndian(8))
    }

    private mutating func littleEndian(_ count: Int) throws(ReadError) -> UInt64 {
        guard remaining >= count else { throw ReadError("data ends at byte \(offset) in the middle of a number") }
        var value: UInt64 = 0
        for k in 0..<count { value |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
        offset += count
        return value
    }

    /// Skips `count` bytes.
    mutating func skip(_ count: Int, _ what: @autoclosure () -> String) throws(ReadError) {
        guard count >= 0, count <= remaining else {
            throw ReadError("\(what()) of \(count) bytes at byte \(offset) runs past the end of its data")
        }
        offset += count
    }

    /// A size-prefixed payload as a reader of its own; this reader moves past it.
    mutating func payload(_ what: @autoclosure () -> String) throws(ReadError) -> ISFByteReader {
        let start = offset
        let size = try unsigned()
        guard size <= UInt64(remaining) else {
            throw ReadError("\(what()) at byte \(start) declares \(size) bytes, but only \(remaining) follow")
        }
        defer { offset += Int(size) }
        return ISFByteReader(bytes[offset..<(offset + Int(size))])
    }

    /// Skips an extended (custom or GUID-named) property: an unsigned size, then the compression
    /// byte and that many bytes of data.
    mutating func skipExtendedProperty(_ what: @autoclosure () -> String) throws(ReadError) {
        let start = offset
        let size = try unsigned()
        guard size < UInt64(remaining) else {
            throw ReadError("\(what()) at byte \(start) declares \(size) bytes, but only \(remaining) follow")
        }
        offset += Int(size) + 1
    }

    /// Moves to the end of the data (what is left is not read).
    mutating func skipToEnd() {
        offset = bytes.endIndex
    }
}
