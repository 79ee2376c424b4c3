/// Versions 9 and 10 to 11 in committed steps: the old schema's words moved into schema 11's
/// `words` (`PackedPlace`) a batch at a time, each batch its own transaction.
///
/// The upgrades before it rewrote `words` in one transaction, so the write-ahead log held the
/// whole new table until the commit, beside the old one, and `VACUUM` then copied the file once
/// more: about three times the index's size free on disk. Here each step inserts a batch into
/// the new table and deletes it from the old one, so the pages a step frees are the ones the
/// next step fills, and the log holds one step: the file stays about as large as it was.
///
/// The first transaction sets the old table aside (`words_v9` or `words_v10`), makes the new
/// one, marks the index as schema 11 (so an older notebook-index refuses it) and records the
/// move in `meta` (`wordsToMove`: the old table's name); while that key is there, a query asks
/// for a build, and the next `build` goes on from the first word not yet moved. A kill between
/// steps leaves every word in exactly one of the two tables. The last step drops the old table
/// and makes the `readings` view and its triggers again; the FTS5 tables stay as they are (every
/// word keeps its ID and readings). The file is not vacuumed: its free pages are what later
/// builds fill first.
extension IndexStore {
    /// The `meta` key naming the table whose words are still to move (`words_v9`, `words_v10`).
    static let wordsToMove = "words_to_move"
    /// How the upgrade from schema 9 or 10 moves words: how many a step, and (for tests that stop it
    /// halfway, as a kill would) after how many steps it stops; nil: when all are moved.
    package struct WordMoveSteps: Sendable {
        var words = 10_000
        var limit: Int?

        package static let all = WordMoveSteps()
    }

    /// Begins the upgrade from schema 9 or 10, inside the migration's transaction.
    func beginMovingWords(fromSchema schema: Int) throws {
        try setWordsAside(as: "words_v\(schema)", making: IndexSchema.Version12.words)
        try setMeta(Self.wordsToMove, "words_v\(schema)")
    }

    /// The schema whose words an upgrade that has begun and not ended is moving (a query
    /// cannot read the index meanwhile); nil when none is.
    func schemaOfWordsToMove() throws -> Int? {
        try meta(Self.wordsToMove).map { $0 == "words_v9" ? 9 : 10 }
    }

    /// Moves the rest of the old schema's words, a step at a time, and ends the upgrade.
    func finishMovingWords(_ steps: WordMoveSteps) throws {
        guard let schema = try schemaOfWordsToMove() else { return }
        let table = "words_v\(schema)"
        var taken = 0
        while steps.limit.map({ taken < $0 }) ?? true {
            // schema 9 stores its implied columns in full (`ImpliedColumns`)
            let moved = try database.transaction {
                try moveWords(from: table, implyingColumns: schema == 9, limit: steps.words)
            }
            taken += 1
            if moved < steps.words { break }
        }
        guard try database.integer("SELECT count(*) FROM (SELECT 1 FROM \(table) LIMIT 1)") == 0 else { return }
        try database.transaction {
            try database.execute("DROP TABLE \(table)")
            try database.execute(IndexSchema.Version12.readingsView + IndexSchema.Version12.currentReadingTriggers)
            try database.run("DELETE FROM meta WHERE key = ?", Self.wordsToMove)
        }
    }
}
