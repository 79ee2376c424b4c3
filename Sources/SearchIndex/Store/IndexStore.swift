import Foundation
import TextMatching

/// The SQLite index: files, their drawings and words, and the FTS5 tables over the words.
///
/// One `IndexStore` owns one connection and is used by one thread at a time. Writers replace
/// everything of a file in one transaction, so a reader (or a build killed halfway) only ever sees
/// a file's rows complete or absent. Journal mode is WAL, so queries run while a build writes.
package final class IndexStore {
    /// How to open the index.
    package enum Access: Sendable {
        /// Create the file and schema when missing and migrate old schemas (`build`).
        case write
        /// Open an existing index as it is (`query`, `status`).
        case read
    }

    let database: Database
    /// The index file's path.
    package let path: String
    /// Whether terms under three letters query the vocabulary's tokens starting with them rather
    /// than FTS5's prefix (`PrefixForms`): tests turn it off to compare.
    var expandsPrefixes = true

    /// Opens the index at `path`.
    /// - Parameter moveSteps: how an upgrade from schema 10 moves its words (tests stop it halfway).
    /// - Throws: `IndexStoreError` (missing file, not an index, unknown schema) or `DatabaseError`.
    package init(path: String, access: Access, moveSteps: WordMoveSteps = .all) throws {
        if access == .read, !FileManager.default.fileExists(atPath: path) { throw IndexStoreError.missing }
        if access == .write {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }
        let writable =
            access == .write || (Self.canWrite(path) && Self.canWrite((path as NSString).deletingLastPathComponent))
        database = try Database(path: path, mode: access == .write ? .create : writable ? .readWrite : .immutable)
        self.path = path
        do {
            try prepareSchema(access: access, moveSteps: moveSteps)
            try checkReadable()
        } catch let error as DatabaseError where error.isCorruption {
            throw IndexStoreError.damaged
        }
        // additions that older builds ignore, so they need no new schema version
        if access == .write {
            try database.execute(Self.attemptsTable)
            try database.execute(Self.userWordsTable)
        }
    }

    private static func canWrite(_ path: String) -> Bool {
        access(path.isEmpty ? "." : path, W_OK) == 0
    }

    /// The cheap checks that find most damage on opening: the tables every command reads, and
    /// the FTS5 tables' own records, are readable.
    private func checkReadable() throws {
        guard try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'readings_fts'") == 1 else {
            return
        }
        _ = try database.integer("SELECT count(*) FROM meta")
        _ = try database.integer("SELECT count(*) FROM (SELECT id FROM files LIMIT 1)")
        _ = try database.integer("SELECT rowid FROM readings_fts WHERE readings_fts MATCH 'a' LIMIT 1")
        _ = try database.integer("SELECT rowid FROM vocabulary_trigram WHERE vocabulary_trigram MATCH 'abc' LIMIT 1")
    }

    private func prepareSchema(access: Access, moveSteps: WordMoveSteps) throws {
        let applicationID = try database.integer("PRAGMA application_id") ?? 0
        let version = try database.integer("PRAGMA user_version") ?? 0
        let tableCount = try database.integer("SELECT count(*) FROM sqlite_schema") ?? 0
        if applicationID != Int(IndexSchema.applicationID), tableCount > 0 { throw IndexStoreError.notAnIndex }
        if version > IndexSchema.version {
            throw IndexStoreError.newerSchema(found: version, supported: IndexSchema.version)
        }
        if access == .write {
            let mode = try database.text("PRAGMA journal_mode = WAL")
            if mode?.lowercased() != "wal" {
                throw DatabaseError(code: 1, message: "could not switch to WAL journal mode", sql: nil)
            }
            try database.execute("PRAGMA synchronous = NORMAL")
        }
        if version == IndexSchema.version {
            // an upgrade begun and not ended: words still moving (`finishMovingWords`), or still
            // to pack into lines (`finishPackingLines`)
            if let moving = try schemaOfWordsToMove() {
                guard access == .write else { throw IndexStoreError.olderSchema(found: moving, supported: version) }
                try finishMovingWords(moveSteps)
            }
            if try hasWordsToPackInLines() {
                guard access == .write else { throw IndexStoreError.olderSchema(found: 12, supported: version) }
                try finishPackingLines(moveSteps)
            }
        }
        guard version < IndexSchema.version else { return }
        guard access == .write else {
            throw version == 0 && tableCount == 0
                ? IndexStoreError.missing : IndexStoreError.olderSchema(found: version, supported: IndexSchema.version)
        }
        // a migration rewrites every word in one transaction: a larger page cache keeps it from
        // spilling to the WAL and reading it back at every step
        if version > 0 { try database.execute("PRAGMA cache_size = -131072") }
        defer { if version > 0 { try? database.execute("PRAGMA cache_size = -2000") } }
        try database.transaction {
            // Version 0 is an empty file; later versions migrate here, one step at a time: to
            // schema 6's tables first, then to schema 9's words (`compact`); version 7 only stores
            // its bounds anew, every older version gains the column of derived stroke IDs, empty
            // (its IDs stay stored whole: `StrokeList`), and every one leaves its implied columns
            // out (`ImpliedColumns`) and packs its places (`PackedPlace`); versions 9 and 10 only
            // begin to move their words (`beginMovingWords`); every one drops the trigram index
            // of every reading (`dropReadingsTrigram`); versions 1 to 8 pack their words into
            // lines (`packAllLines`) before CJK runs are split, 9 to 12 do so in steps after.
            if version == 0 { try database.execute(IndexSchema.create) }
            if version == 1 || version == 2 { try indexReadings(from: version) }
            if (1...5).contains(version) { try refoldReadings(onlyWideText: version >= 4, addingForms: version == 5) }
            if (1...4).contains(version) {
                try numberWordsInPlaceOrder()
                try fillVocabulary()
            }
            if (1...6).contains(version) { try compact() }
            if version == 7 { try storeBoundsAsIntegers() }
            if (1...8).contains(version) {
                try database.execute("ALTER TABLE drawings ADD COLUMN stroke_keys BLOB")
                try setMeta(Self.strokeIDsToDerive, "1")
            }
            if (1...8).contains(version) { try leaveImpliedColumnsOut() }
            if version == 9 || version == 10 { try beginMovingWords(fromSchema: version) }
            if (1...11).contains(version) { try dropReadingsTrigram() }
            if (1...8).contains(version) { try packAllLines() }
            if (1...5).contains(version) { try splitCJKRuns() }
            try database.execute("PRAGMA application_id = \(IndexSchema.applicationID)")
            try database.execute("PRAGMA user_version = \(IndexSchema.version)")
            try setMeta("schema_version", String(IndexSchema.version))
        }
        // schema 9's and 10's words move in steps of their own (`finishMovingWords`), also when
        // a schema-11 build was killed moving them; before that, the old tables' pages are free
        // now: give them back (VACUUM is a transaction of its own, so a kill leaves the migrated
        // index as it was committed)
        if (9...11).contains(version) { try finishMovingWords(moveSteps) }
        if (1...8).contains(version) { try database.execute("VACUUM") }
        // schema 12's words pack into lines in steps of their own (`finishPackingLines`), once
        // any older move has ended
        if (9...12).contains(version) { try finishPackingLines(moveSteps) }
    }

    /// Versions 1 and 2 to 3: drops the FTS tables of whole words, numbers words by `WordID`
    /// (version 1 numbered them in insertion order, 2 put the confidence in front), stores each
    /// candidate's score bucket and indexes every reading through the `readings` view.
    private func indexReadings(from version: Int) throws {
        try database.execute(
            """
            DROP TRIGGER words_ai; DROP TRIGGER words_ad; DROP TRIGGER words_au;
            DROP TABLE words_fts; DROP TABLE words_trigram;
            ALTER TABLE words ADD COLUMN reading_buckets TEXT NOT NULL DEFAULT '';
            """)
        if version == 1 {
            // through negative IDs, so old and new never collide
            try database.execute("UPDATE words SET id = -id")
            var renumbered: [(old: Int64, new: Int64)] = []
            var drawing: Int64 = -1
            var number = 0
            try database.statement("SELECT id, drawing_id FROM words ORDER BY drawing_id, id DESC").forEachRow { row in
                if row.int64(1) != drawing { (drawing, number) = (row.int64(1), 0) }
                renumbered.append((row.int64(0), try WordID.make(drawingID: drawing, wordNumber: number)))
                number += 1
            }
            let update = try database.statement("UPDATE words SET id = ? WHERE id = ?")
            for (old, new) in renumbered { try update.execute([new, old]) }
        } else {
            // the word ID stays in the low bits (drawing, word number), unique on its own
            try database.execute("UPDATE words SET id = id & \(WordID.mask)")
        }
        // in chunks of IDs, so a large index is never held in memory
        let chunk = try database.statement(
            "SELECT id, folded, scores, confidence FROM words WHERE id > ? ORDER BY id LIMIT 10000")
        let fill = try database.statement("UPDATE words SET folded = ?, reading_buckets = ? WHERE id = ?")
        var last: Int64 = -1
        while true {
            var rows: [(id: Int64, folded: String, buckets: String)] = []
            try chunk.forEachRow([last]) { (row: Statement) -> Void in
                let folded = row.string(1).split(separator: "\n", omittingEmptySubsequences: false)
                    .map { Self.oneLine(String($0)) }.joined(separator: "\n")
                let scores = row.string(2).split(separator: " ").map { Double($0) ?? 0 }
                rows.append((row.int64(0), folded, ReadingID.bucketList(confidence: row.double(3), scores: scores)))
            }
            guard let end = rows.last?.id else { break }
            for row in rows { try fill.execute([row.folded, row.buckets, row.id]) }
            last = end
        }
        try database.execute(IndexSchema.Version6.readings)
        try database.execute("INSERT INTO readings_fts(rowid, folded) SELECT id, folded FROM readings")
    }

    /// Versions 1 to 5: folds every stored reading again from its candidates, as `storedForms`
    /// does now (4: ß, œ and æ spelled out, German umlauts also transliterated; 6: fullwidth
    /// forms folded, CJK characters spaced out and keeping their marks). Only rows whose folded
    /// text changes are written, so the triggers re-index just those readings; the candidates
    /// themselves are untouched.
    /// - Parameters:
    ///   - onlyWideText: only candidates that may hold CJK or fullwidth characters can fold
    ///     differently (from version 4 on), so only those are folded again.
    ///   - addingForms: the changed readings' forms go into the vocabulary (version 5 has one).
    private func refoldReadings(onlyWideText: Bool, addingForms: Bool) throws {
        let chunk = try database.statement(
            "SELECT id, candidates, folded FROM words WHERE id > ? ORDER BY id LIMIT 10000")
        let update = try database.statement("UPDATE words SET folded = ? WHERE id = ?")
        var last = Int64.min
        while true {
            var changed: [(id: Int64, folded: String)] = []
            var end: Int64?
            try chunk.forEachRow([last]) { (row: Statement) -> Void in
                end = row.int64(0)
                if onlyWideText, !CJKText.mayContainCJK(row.string(1)) { return }
                let folded = row.string(1).split(separator: "\n", omittingEmptySubsequences: false)
                    .map { Self.storedForms(Self.oneLine(String($0))) }.joined(separator: "\n")
                if folded != row.string(2) { changed.append((row.int64(0), folded)) }
            }
            guard let end else { break }
            for row in changed { try update.execute([row.folded, row.id]) }
            if addingForms {
                try addToVocabulary(
                    changed.flatMap {
                        $0.folded.split(separator: "\n", omittingEmptySubsequences: false)
                            .prefix(ReadingID.indexedReadings).map(String.init)
                    })
            }
            last = end
        }
    }

    /// Versions 1 to 4 to 5: every drawing's words numbered 0, 1, … in place order (source, line,
    /// position), which phrase search relies on (`PhraseSearch`). Builds always numbered them so;
    /// only version 1's migration did not, so most indexes are only checked, in one pass of
    /// the `words_by_place` index. A renumbered word's readings are re-indexed by the triggers.
    private func numberWordsInPlaceOrder() throws {
        var drawings: [Int64] = []
        try database.statement(
            """
            SELECT DISTINCT drawing_id FROM (
                SELECT drawing_id, id, row_number() OVER (PARTITION BY drawing_id ORDER BY source, line, position) AS number
                FROM words)
            WHERE id != (drawing_id << 20 | (number - 1))
            """
        ).forEachRow { drawings.append($0.int64(0)) }
        let ids = try database.statement("SELECT id FROM words WHERE drawing_id = ? ORDER BY source, line, position")
        let update = try database.statement("UPDATE words SET id = ? WHERE id = ?")
        for drawing in drawings {
            var old: [Int64] = []
            try ids.forEachRow([drawing]) { old.append($0.int64(0)) }
            // through negative IDs, so old and new never collide
            for id in old { try update.execute([-id - 1, id]) }
            for (number, id) in old.enumerated() {
                try update.execute([try WordID.make(drawingID: drawing, wordNumber: number), -id - 1])
            }
        }
    }

    /// Versions 1 to 4 to 5: the vocabulary, from every word's indexed readings, a chunk of
    /// words at a time so a large index is never held in memory.
    private func fillVocabulary() throws {
        try database.execute(IndexSchema.vocabulary)
        let chunk = try database.statement("SELECT id, folded FROM words WHERE id > ? ORDER BY id LIMIT 10000")
        var last = Int64.min
        while true {
            var readings: [String] = []
            var end: Int64?
            try chunk.forEachRow([last]) { (row: Statement) -> Void in
                end = row.int64(0)
                readings += row.string(1).split(separator: "\n", omittingEmptySubsequences: false)
                    .prefix(ReadingID.indexedReadings).map(String.init)
            }
            guard let end else { break }
            try addToVocabulary(readings)
            last = end
        }
    }

    // MARK: Meta

    /// The meta key present while the stroke IDs an older schema stored whole have not been
    /// looked at (`deriveStrokeIDs`): the next build reads its unchanged notebooks once for it.
    static let strokeIDsToDerive = "stroke_ids_to_derive"

    /// Whether the stroke IDs an older schema stored whole are still to be looked at.
    package func hasStrokeIDsToDerive() throws -> Bool { try meta(Self.strokeIDsToDerive) != nil }

    /// Ends the pass over the stroke IDs an older schema stored whole, giving the pages it freed
    /// back when it stored some derived (`VACUUM`, its own transaction: a kill leaves the index
    /// as last committed).
    package func finishDerivingStrokeIDs(vacuum: Bool) throws {
        try database.transaction { try database.run("DELETE FROM meta WHERE key = ?", Self.strokeIDsToDerive) }
        if vacuum { try database.execute("VACUUM") }
    }

    func setMeta(_ key: String, _ value: String) throws {
        try database.run(
            "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            key, value)
    }

    func meta(_ key: String) throws -> String? {
        try database.text("SELECT value FROM meta WHERE key = ?", key)
    }

    /// Records the recognizer version a build runs with (`SELECT * FROM meta` shows it).
    package func setRecognitionVersion(_ version: Int) throws {
        try database.transaction { try setMeta("recognition_version", String(version)) }
    }

    /// The recognizer version of the last build; nil before the first.
    package func recognitionVersion() throws -> Int? {
        try meta("recognition_version").flatMap { Int($0) }
    }

    /// Records the languages a build reads, as language codes (`RecognitionLanguage.canonicalCodes`).
    /// When they differ from the stored ones, every drawing is marked as recognized by no version
    /// (-1), in the same transaction, so that it counts as stale and the build re-recognizes it,
    /// as it would for a new recognizer version.
    package func setRecognitionLanguages(_ codes: [String]) throws {
        let value = codes.joined(separator: ",")
        try database.transaction {
            if try recognitionLanguages().map({ $0.joined(separator: ",") }) ?? value != value {
                try database.execute("UPDATE drawings SET recognition_version = -1 WHERE recognition_version != -1")
            }
            try setMeta("recognition_languages", value)
        }
    }

    /// The language codes of the last build ("en", "de" …); nil before the first. An index built
    /// before languages could be chosen was read in English.
    package func recognitionLanguages() throws -> [String]? {
        if let value = try meta("recognition_languages") { return value.split(separator: ",").map(String.init) }
        return try recognitionVersion() == nil ? nil : ["en"]
    }

    /// Records the shard the last build indexed (`build --shard K/N`; `SELECT * FROM meta` shows
    /// it), or that it indexed everything.
    package func setShard(_ shard: Shard?) throws {
        try database.transaction {
            if let shard {
                try setMeta("shard", shard.description)
            } else {
                try database.run("DELETE FROM meta WHERE key = 'shard'")
            }
        }
    }

    /// The shard of the last build, "K/N"; nil when it indexed every notebook.
    package func shard() throws -> String? {
        try meta("shard")
    }

    /// `PRAGMA integrity_check`'s verdict: "ok" when the file is sound.
    package func integrityCheck() throws -> String {
        var lines: [String] = []
        try database.statement("PRAGMA integrity_check").forEachRow { lines.append($0.string(0)) }
        return lines.joined(separator: "\n")
    }
}
