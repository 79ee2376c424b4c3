/// The container of a Supernote `.note` (docs/formats.md#supernote-file): little-endian, addressed blocks of
/// metadata.
///
/// ```
/// "note" "SN_FILE_VER_" 8 digits          signature (20220011 … 20230015 seen)
/// … blocks: u32 length, then bytes          metadata blocks are ASCII "<KEY:VALUE><KEY:VALUE>…"
/// footer block                              FILE_FEATURE (header address), PAGE1 … PAGEn,
///                                           KEYWORD_…, TITLE_…, STYLE_…, LINK_…
/// ["tail"] u32 footer address               the last 4 bytes ("tail" before them since 20230015)
/// ```
/// Every address and length is checked against the file; metadata blocks are capped at
/// `maxMetadataSize`, other blocks at `maxBlockSize`, and all blocks read together at a few times
/// the file's size (`readAllowance`), so that pages pointing at the same or overlapping blocks
/// cannot make the reader go over the file again and again. One owner: not shared across tasks.
final class SupernoteFile {
    static let signature = Array("noteSN_FILE_VER_".utf8)
    static let maxMetadataSize = 1 << 20
    static let maxBlockSize = 64 << 20

    let bytes: [UInt8]
    /// The 8 digits after `SN_FILE_VER_`.
    let version: String
    private(set) var footer: [(key: String, value: String)] = []
    /// Bytes of blocks still allowed to be read.
    private var readAllowance: Int

    init(_ bytes: [UInt8]) throws(ReadError) {
        guard bytes.starts(with: Self.signature), bytes.count >= Self.signature.count + 8 + 4 else {
            throw ReadError("not a Supernote note (no \"noteSN_FILE_VER_\" signature)")
        }
        self.bytes = bytes
        let digits = bytes[Self.signature.count..<(Self.signature.count + 8)]
        guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw ReadError("Supernote file version is not 8 digits")
        }
        version = String(decoding: digits, as: UTF8.self)
        readAllowance = 4 * bytes.count + (16 << 20)
        footer = try metadata(at: Self.u32(bytes, bytes.count - 4), what: "footer")
    }

    static func u32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }

    /// The bytes of the block at `address` (after its length).
    static func block(
        _ bytes: [UInt8], at address: Int, limit: Int, what: String
    ) throws(ReadError) -> ArraySlice<UInt8> {
        guard address >= 0, address <= bytes.count - 4 else {
            throw ReadError("\(what) address \(address) is outside the file")
        }
        let length = u32(bytes, address)
        guard length <= limit else {
            throw ReadError("\(what) block is \(describeByteCount(length)), over the \(describeByteCount(limit)) limit")
        }
        guard length <= bytes.count - address - 4 else {
            throw ReadError("\(what) block at \(address) runs past the end of the file")
        }
        return bytes[(address + 4)..<(address + 4 + length)]
    }

    func block(at address: Int, what: String) throws(ReadError) -> ArraySlice<UInt8> {
        try charged(Self.block(bytes, at: address, limit: Self.maxBlockSize, what: what))
    }

    private func charged(_ block: ArraySlice<UInt8>) throws(ReadError) -> ArraySlice<UInt8> {
        readAllowance -= block.count + 4
        guard readAllowance >= 0 else { throw ReadError("Supernote blocks refer to the same bytes too many times") }
        return block
    }

    /// The `<KEY:VALUE>` pairs of the metadata block at `address`, in file order.
    func metadata(at address: Int, what: String) throws(ReadError) -> [(key: String, value: String)] {
        let raw = try charged(Self.block(bytes, at: address, limit: Self.maxMetadataSize, what: what))
        var pairs: [(key: String, value: String)] = []
        var at = raw.startIndex
        while let open = raw[at...].firstIndex(of: UInt8(ascii: "<")) {
            guard let close = raw[open...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let entry = raw[(open + 1)..<close]
            if let colon = entry.firstIndex(of: UInt8(ascii: ":")) {
                pairs.append(
                    (
                        String(decoding: entry[..<colon], as: UTF8.self),
                        String(decoding: entry[(colon + 1)...], as: UTF8.self)
                    ))
            }
            at = close + 1
        }
        return pairs
    }
}

extension Array where Element == (key: String, value: String) {
    /// The first value of `key`.
    subscript(first key: String) -> String? { first { $0.key == key }?.value }
}
