import Foundation

/// What `notebook-index status` reports.
package struct IndexStatus: Sendable, Hashable {
    package struct Failure: Sendable, Hashable {
        package var path: String
        package var reason: String
    }

    package var path: String
    /// Bytes of the index file with its WAL.
    package var size: Int64
    package var schemaVersion: Int
    /// The recognizer version of the last build; nil before the first.
    package var recognitionVersion: Int?
    /// The language codes of the last build; nil before the first.
    package var recognitionLanguages: [String]?
    package var files: Int
    package var pages: Int
    package var drawings: Int
    package var words: Int
    /// Drawings recognized by another version than `currentRecognitionVersion`.
    package var staleDrawings: Int
    /// Words of the user vocabulary the next build reads as written (`UserVocabulary`).
    package var userWords: Int
    package var failures: [Failure]
}

extension IndexStore {
    /// Counts what the index holds.
    /// - Parameter currentRecognitionVersion: the running recognizer's version; drawings made by
    ///   another are stale and will be re-recognized by the next build.
    package func status(currentRecognitionVersion: Int) throws -> IndexStatus {
        var failures: [IndexStatus.Failure] = []
        try database.statement("SELECT path, error FROM files WHERE error IS NOT NULL ORDER BY path").forEachRow {
            row in
            failures.append(IndexStatus.Failure(path: row.string(0), reason: row.string(1)))
        }
        var size: Int64 = 0
        for suffix in ["", "-wal"] {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path + suffix)
            size += (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        }
        return IndexStatus(
            path: path, size: size, schemaVersion: IndexSchema.version, recognitionVersion: try recognitionVersion(),
            recognitionLanguages: try recognitionLanguages(),
            files: try database.integer("SELECT count(*) FROM files") ?? 0,
            pages: try database.integer("SELECT coalesce(sum(pages), 0) FROM files") ?? 0,
            drawings: try database.integer("SELECT count(*) FROM drawings") ?? 0,
            words: try database.integer(
                "SELECT coalesce(sum(length(candidates) - length(replace(candidates, char(31), '')) + 1), 0) FROM lines"
            ) ?? 0,
            staleDrawings: try database.integer(
                "SELECT count(*) FROM drawings WHERE recognition_version != ?", currentRecognitionVersion) ?? 0,
            userWords: try userVocabularySize(), failures: failures)
    }
}
