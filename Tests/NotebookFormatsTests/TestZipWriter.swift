/// Writes small zip archives for tests: stored (uncompressed) entries in the order added, names as
/// given (so tests can write the odd names real archives carry), with their CRC-32, so that
/// `unzip -t` accepts what the reader is given.
struct TestZipWriter {
    private var local: [UInt8] = []
    private var directory: [UInt8] = []
    private var count = 0

    /// Adds an entry. `method` and `claimedSize` let a test write a header that lies: a deflate
    /// entry claiming far more than its data, say.
    mutating func add(_ name: String, _ data: [UInt8], method: UInt16 = 0, claimedSize: Int? = nil) {
        let name = Array(name.utf8)
        let crc = Self.crc32(data)
        let size = claimedSize ?? data.count
        let offset = local.count
        Self.u32(0x0403_4b50, &local)
        Self.u16(20, &local)
        Self.u16(0, &local)
        Self.u16(Int(method), &local)
        Self.u32(0, &local)
        Self.u32(Int(crc), &local)
        Self.u32(data.count, &local)
        Self.u32(size, &local)
        Self.u16(name.count, &local)
        Self.u16(0, &local)
        local += name + data
        Self.u32(0x0201_4b50, &directory)
        Self.u16(20, &directory)
        Self.u16(20, &directory)
        Self.u16(0, &directory)
        Self.u16(Int(method), &directory)
        Self.u32(0, &directory)
        Self.u32(Int(crc), &directory)
        Self.u32(data.count, &directory)
        Self.u32(size, &directory)
        Self.u16(name.count, &directory)
        Self.u16(0, &directory)
        Self.u16(0, &directory)
        Self.u16(0, &directory)
        Self.u16(0, &directory)
        Self.u32(0, &directory)
        Self.u32(offset, &directory)
        directory += name
        count += 1
    }

    mutating func add(_ name: String, _ text: String) {
        add(name, Array(text.utf8))
    }

    /// The archive: local entries, central directory, end record.
    var bytes: [UInt8] {
        var end: [UInt8] = []
        Self.u32(0x0605_4b50, &end)
        Self.u16(0, &end)
        Self.u16(0, &end)
        Self.u16(count, &end)
        Self.u16(count, &end)
        Self.u32(directory.count, &end)
        Self.u32(local.count, &end)
        Self.u16(0, &end)
        return local + directory + end
    }

    private static func u16(_ v: Int, _ out: inout [UInt8]) { out += [UInt8(v & 0xff), UInt8(v >> 8 & 0xff)] }
    private static func u32(_ v: Int, _ out: inout [UInt8]) {
        u16(v & 0xffff, &out)
        u16(v >> 16 & 0xffff, &out)
    }

    /// CRC-32 (IEEE, reflected), bit by bit: the fixtures are small.
    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
