/// Why the index could not be opened or used; `description` is the reason shown after the path.
public enum IndexStoreError: Error, Sendable, CustomStringConvertible {
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
    case database(DatabaseError)

    public var description: String {
        switch self {
        case .missing:
            return "no index here yet; run 'notebook-index build PATH' first"
        case .notAnIndex:
            return "not a notebook-index index"
        case .newerSchema(let found, let supported):
            return "index schema version \(found) is newer than this notebook-index supports (\(supported)); upgrade notebook-index or rebuild into a new index"
        case .olderSchema(let found, let supported):
            return "index schema version \(found) is older than \(supported); run 'notebook-index build' to upgrade it"
        case .tooLarge(let what):
            return "the index cannot hold \(what)"
        case .database(let error):
            return error.description
        }
    }
}
