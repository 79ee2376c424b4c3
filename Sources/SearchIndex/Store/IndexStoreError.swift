/// Why the index could not be opened or used; `description` is the reason shown after the path.
package enum IndexStoreError: Error, Sendable, CustomStringConvertible {
    /// No index file at the path (queries never create one).
    case missing
    /// The file is SQLite but not a notebook-index index.
    case notAnIndex
    /// Made by a newer notebook-index whose schema this one does not know.
    case newerSchema(found: Int, supported: Int)
    /// Made by an older schema that only `build` can migrate.
    case olderSchema(found: Int, supported: Int)
    /// Beyond what word IDs can number (see `WordID`).
    case tooLarge(String)
    /// SQLite found the file corrupt, on opening or later.
    case damaged

    /// The reason to show for any error of the index: SQLite's corruption codes, wherever they
    /// come from, become `damaged`, which says what to do.
    package static func reason(for error: any Error) -> String {
        if let error = error as? DatabaseError, error.isCorruption { return damaged.description }
        return String(describing: error)
    }

    package var description: String {
        switch self {
        case .missing:
            return "no index here yet; run 'notebook-index build PATH' first"
        case .notAnIndex:
            return "not a notebook-index index"
        case .newerSchema(let found, let supported):
            return
                "index schema version \(found) is newer than this notebook-index supports (\(supported)); upgrade notebook-index or rebuild into a new index"
        case .olderSchema(let found, let supported):
            return "index schema version \(found) is older than \(supported); run 'notebook-index build' to upgrade it"
        case .tooLarge(let what):
            return "the index cannot hold \(what)"
        case .damaged:
            return "the index is damaged; remove it and run build again (or 'notebook-index build --rebuild PATH...')"
        }
    }
}
