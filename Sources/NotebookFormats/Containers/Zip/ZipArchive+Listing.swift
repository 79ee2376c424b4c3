import Foundation

extension ZipArchive {
    /// Most bytes a crawl reads from the end of a zip file to list its entries: the central
    /// directory of some 8,000 entries. A larger directory leaves the file out of the crawl (given
    /// by name, it is still read whole).
    static let listingTail = 1 << 20

    /// The entry names of the zip file at `url`, from its central directory in the file's last
    /// `listingTail` bytes; nil when they cannot be read that way.
    static func entryNames(ofFileAt url: URL) -> [String]? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return nil }
        let start = size > UInt64(listingTail) ? size - UInt64(listingTail) : 0
        guard (try? handle.seek(toOffset: start)) != nil, let data = try? handle.readToEnd() else { return nil }
        return (try? centralDirectory([UInt8](data), at: Int(start)))?.map(\.name)
    }

    /// Why a zip archive is not read as a notebook, saying what it holds:
    /// "a zip archive of 3 entries (first: notes.txt), not a notebook this tool reads"; `detail`
    /// (" with 2 .content files") goes before the comma.
    static func notANotebook(_ entries: [Entry], detail: String = "") -> String {
        guard let first = entries.first else { return "an empty zip archive, not a notebook this tool reads" }
        var name = String(
            first.name.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
        if name.count > 80 { name = name.prefix(77) + "..." }
        let count = entries.count == 1 ? "1 entry" : "\(entries.count) entries"
        return "a zip archive of \(count) (first: \(name))\(detail), not a notebook this tool reads"
    }

    /// `notANotebook(_:)` for the zip in `bytes`, or the reason its directory cannot be read.
    static func notANotebook(bytes: [UInt8]) -> String {
        do {
            return notANotebook(try ZipArchive(bytes).entries)
        } catch {
            return "a zip archive that cannot be read (\(error.description))"
        }
    }
}
