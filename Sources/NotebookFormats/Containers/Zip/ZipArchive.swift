/// A minimal, bounds-checked reader for zip archives (PKWARE APPNOTE), enough for packaged Xournal++
/// files and similar bundles.
///
/// Layout read here:
/// ```
/// [local header 50 4b 03 04][data] ... [central directory: 50 4b 01 02 ...] [end record 50 4b 05 06]
/// end record (22 bytes + comment ≤ 65535): entries (u16 @10), directory size (u32 @12),
///                                           directory offset (u32 @16)
/// central entry (46 bytes + name + extra + comment): flags @8, method @10, compressed size @20,
///                                           size @24, name length @28, extra @30, comment @32,
///                                           local header offset @42
/// local header (30 bytes + name + extra): name length @26, extra length @28
/// ```
/// Supported: methods 0 (stored) and 8 (deflate). Refused: zip64, encryption, other methods,
/// entries or offsets outside the file, and anything that expands past `ReadLimits.maxExpandedSize`.
struct ZipArchive {
    /// One file listed in the central directory.
    struct Entry: Sendable, Hashable {
        var name: String
        var method: UInt16
        var flags: UInt16
        var compressedSize: Int
        var uncompressedSize: Int
        var localHeaderOffset: Int
    }

    private let bytes: [UInt8]
    /// Entries in central-directory order.
    let entries: [Entry]

    /// Whether `bytes` starts with a zip local header or an empty archive's end record.
    static func hasMagic(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(4))
        return head == [0x50, 0x4b, 0x03, 0x04] || head == [0x50, 0x4b, 0x05, 0x06]
    }

    /// Reads the central directory.
    /// - Throws: `ReadError` when there is no end record, the directory lies outside the file, an
    ///   entry is malformed, or there are more than `ReadLimits.maxZipEntries` entries.
    init(_ bytes: [UInt8]) throws(ReadError) {
        self.bytes = bytes
        self.entries = try ZipArchive.centralDirectory(bytes, at: 0)
    }

    /// The entries listed by the central directory at the end of `bytes`, which hold a file from
    /// its byte `start` on (0 for the whole file; later for its last bytes only, as a crawl reads
    /// them to see what a zip holds without reading all of it).
    /// - Throws: `ReadError` as `init(_:)` does, and when the directory begins before `start`.
    static func centralDirectory(_ bytes: [UInt8], at start: Int) throws(ReadError) -> [Entry] {
        let reader = Bytes(bytes)
        guard let end = ZipArchive.findEndRecord(bytes) else {
            throw ReadError("zip: no end-of-central-directory record (truncated archive?)")
        }
        let count = Int(try reader.u16(at: end + 10))
        let directorySize = Int(try reader.u32(at: end + 12))
        let directoryOffset = Int(try reader.u32(at: end + 16)) - start
        // A count of 0xFFFF is also a plain archive of 65,535 entries; zip64 says so by the
        // zip64 end locator ("PK\u{6}\u{7}") just before the end record.
        let hasZip64Locator = end >= 20 && (try? reader.u32(at: end - 20)) == 0x0706_4b50
        if hasZip64Locator || directoryOffset + start == 0xffff_ffff {
            throw ReadError("zip: zip64 archives are not supported")
        }
        guard count <= ReadLimits.maxZipEntries else {
            throw ReadError("zip: \(count) entries, over the \(ReadLimits.maxZipEntries) limit")
        }
        guard directoryOffset >= 0 || start == 0 else {
            throw ReadError("zip: the central directory begins before the bytes read")
        }
        guard directoryOffset >= 0, directoryOffset <= end, directorySize <= end - directoryOffset,
            count * 46 <= directorySize
        else {
            throw ReadError("zip: central directory lies outside the file")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        var at = directoryOffset
        for index in 0..<count {
            guard try reader.u32(at: at) == 0x0201_4b50 else {
                throw ReadError("zip: central directory entry \(index) has a bad signature")
            }
            let nameLength = Int(try reader.u16(at: at + 28))
            let extraLength = Int(try reader.u16(at: at + 30))
            let commentLength = Int(try reader.u16(at: at + 32))
            let name = try reader.bytes(at: at + 46, count: nameLength)
            entries.append(
                Entry(
                    name: String(decoding: name, as: UTF8.self),
                    method: try reader.u16(at: at + 10),
                    flags: try reader.u16(at: at + 8),
                    compressedSize: Int(try reader.u32(at: at + 20)),
                    uncompressedSize: Int(try reader.u32(at: at + 24)),
                    localHeaderOffset: Int(try reader.u32(at: at + 42))))
            at += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }

    /// The entry with exactly this name, if any.
    func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The expanded contents of `entry`.
    /// - Throws: `ReadError` for encrypted or zip64 entries, unknown methods, data outside the file,
    ///   corrupt deflate data, or sizes that disagree with the directory.
    func contents(of entry: Entry, limit: Int = ReadLimits.maxExpandedSize) throws(ReadError) -> [UInt8] {
        let reader = Bytes(bytes)
        if entry.flags & 1 != 0 { throw ReadError("zip: \(entry.name) is encrypted") }
        if entry.compressedSize == 0xffff_ffff || entry.uncompressedSize == 0xffff_ffff {
            throw ReadError("zip: \(entry.name) is a zip64 entry, not supported")
        }
        guard entry.uncompressedSize <= limit else {
            throw ReadError(
                "zip: \(entry.name) expands to \(describeByteCount(entry.uncompressedSize)), over the \(describeByteCount(limit)) limit"
            )
        }
        let at = entry.localHeaderOffset
        guard try reader.u32(at: at) == 0x0403_4b50 else {
            throw ReadError("zip: \(entry.name) has a bad local header")
        }
        let nameLength = Int(try reader.u16(at: at + 26))
        let extraLength = Int(try reader.u16(at: at + 28))
        let start = at + 30 + nameLength + extraLength
        let data = try reader.slice(at: start, count: entry.compressedSize)
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw ReadError("zip: stored entry \(entry.name) has different sizes")
            }
            return Array(data)
        case 8:
            do {
                return try Gzip.inflateRaw(data, expectedSize: entry.uncompressedSize, limit: limit)
            } catch {
                throw ReadError("zip: \(entry.name): \(error.description)")
            }
        default:
            throw ReadError("zip: \(entry.name) uses compression method \(entry.method), not supported")
        }
    }

    /// Offset of the end-of-central-directory record: the last signature within the final
    /// 22 + 65535 bytes whose comment length fits the file.
    private static func findEndRecord(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 22 else { return nil }
        let lowest = max(0, bytes.count - 22 - 0xffff)
        var at = bytes.count - 22
        while at >= lowest {
            if bytes[at] == 0x50, bytes[at + 1] == 0x4b, bytes[at + 2] == 0x05, bytes[at + 3] == 0x06 {
                let commentLength = Int(bytes[at + 20]) | Int(bytes[at + 21]) << 8
                if at + 22 + commentLength <= bytes.count { return at }
            }
            at -= 1
        }
        return nil
    }
}
