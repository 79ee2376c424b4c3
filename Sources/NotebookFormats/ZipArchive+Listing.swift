extension ZipArchive {
    /// Why a zip archive is not read as a notebook, saying what it holds:
    /// "a zip archive of 3 entries (first: notes.txt), not a notebook this tool reads"; `detail`
    /// (" with 2 .content files") goes before the comma.
    static func notANotebook(_ entries: [Entry], detail: String = "") -> String {
        guard let first = entries.first else { return "an empty zip archive, not a notebook this tool reads" }
        var name = String(first.name.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
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
