extension ZipArchive {
    /// Little-endian reads from a byte array where every access is bounds-checked and throws
    /// instead of trapping.
    struct Bytes {
        let bytes: [UInt8]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// The `count` bytes at `offset`.
        /// - Throws: `ReadError` when the range does not lie inside the data.
        func slice(at offset: Int, count: Int) throws(ReadError) -> ArraySlice<UInt8> {
            guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else {
                throw ReadError("unexpected end of data: \(count) bytes wanted at offset \(offset) of \(bytes.count)")
            }
            return bytes[offset..<(offset + count)]
        }

        func bytes(at offset: Int, count: Int) throws(ReadError) -> [UInt8] {
            Array(try slice(at: offset, count: count))
        }

        func u16(at offset: Int) throws(ReadError) -> UInt16 {
            let s = try slice(at: offset, count: 2)
            return UInt16(s[s.startIndex]) | UInt16(s[s.startIndex + 1]) << 8
        }

        func u32(at offset: Int) throws(ReadError) -> UInt32 {
            let s = try slice(at: offset, count: 4)
            var value: UInt32 = 0
            for (shift, byte) in s.enumerated() { value |= UInt32(byte) << (8 * UInt32(shift)) }
            return value
        }
    }
}
