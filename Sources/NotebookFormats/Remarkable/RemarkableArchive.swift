/// The entries of a reMarkable archive (`.rmdoc`, rmapi `.zip`, Scrybble `.rmn`: docs/formats.md#remarkable-archives)
/// as the files of the notebook folder it holds, read in memory and never extracted.
///
/// Entry names are normalised before they are looked up: leading `/` (Scrybble) and empty
/// components (rmapi's `<doc>//0.rm`) are dropped; directory entries (a trailing `/`) and names
/// with a `.` or `..` component or a NUL are skipped, since they name no file of the document. Two
/// entries with the same normalised name make the archive ambiguous and are refused.
///
/// Bounds: each entry may expand no more than `ReadLimits.maxExpansionRatio` times its compressed
/// size (documents up to `ReadLimits.expansionAllowance` whatever their ratio), and all the entries
/// read from one archive together no further than `ReadLimits.maxExpandedSize`.
///
/// One read owns an instance: it counts what has been expanded so far.
final class RemarkableArchive: RemarkableDocumentFiles {
    private let archive: ZipArchive
    private let files: [String: ZipArchive.Entry]
    private var expanded = 0

    /// Reads the central directory of `bytes`.
    /// - Throws: `ReadError` when the zip is damaged or lists one name twice.
    init(_ bytes: [UInt8]) throws(ReadError) {
        archive = try ZipArchive(bytes)
        var files: [String: ZipArchive.Entry] = [:]
        for entry in archive.entries {
            guard let name = Self.normalisedName(entry.name) else { continue }
            guard files.updateValue(entry, forKey: name) == nil else {
                throw ReadError("zip: two entries are named \(name)")
            }
        }
        self.files = files
    }

    /// Every entry as found in the central directory (for describing an archive that is no notebook).
    var entries: [ZipArchive.Entry] { archive.entries }

    var topLevelNames: [String] {
        files.keys.filter { !$0.contains("/") }
    }

    func contains(_ name: String) -> Bool {
        files[name] != nil
    }

    func bytes(_ name: String, limit: Int) throws -> [UInt8] {
        guard let entry = files[name] else {
            throw RemarkableFormatError.folder("cannot read \(Self.lastComponent(name))")
        }
        let left = ReadLimits.maxExpandedSize - expanded
        guard entry.uncompressedSize <= left else {
            throw RemarkableFormatError.folder(
                "the archive expands past \(describeByteCount(ReadLimits.maxExpandedSize)) (at \(Self.lastComponent(name)))"
            )
        }
        let cap = min(limit, left)
        guard entry.uncompressedSize <= cap else {
            throw RemarkableFormatError.folder(
                "\(Self.lastComponent(name)) is larger than \(describeByteCount(cap))")
        }
        let bound = ReadLimits.expansionLimit(compressedSize: entry.compressedSize, cap: cap)
        do {
            let bytes = try archive.contents(of: entry, limit: bound)
            expanded += bytes.count
            return bytes
        } catch {
            throw RemarkableFormatError.folder(error.description)
        }
    }

    /// The name an entry stands for in the document, or nil for a directory entry or a name that
    /// is not to be trusted.
    static func normalisedName(_ raw: String) -> String? {
        guard !raw.hasSuffix("/"), !raw.contains("\0") else { return nil }
        let components = raw.split(separator: "/", omittingEmptySubsequences: true)
        guard !components.isEmpty, !components.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        return components.joined(separator: "/")
    }

    /// The name of the single top-level `*.content` entry among raw entry names, as a crawl's
    /// probe sees them; nil when there is none or several.
    static func contentName(entryNames: [String]) -> String? {
        let contents = Set(entryNames.compactMap(normalisedName)).filter {
            !$0.contains("/") && $0.hasSuffix(".content") && $0.count > ".content".count
        }
        return contents.count == 1 ? contents.first : nil
    }

    private static func lastComponent(_ name: String) -> Substring {
        name.split(separator: "/").last ?? Substring(name)
    }
}
