/// Version 10 to 11 in committed steps: schema 10's words moved into schema 11's `words`
/// (`PackedPlace`) a batch at a time, each batch its own transaction.
///
/// The upgrades before it rewrote `words` in one transaction, so the write-ahead log held the
/// whole new table until the commit, beside the old one, and `VACUUM` then copied the file once
/// more: about three times the index's size free on disk. Here each step inserts a batch into
/// the new table and deletes it from the old one, so the pages a step frees are the ones the
/// next step fills, and the log holds one step: the file stays about as large as it was.
///
/// The first transaction sets the old table aside as `words_v10`, makes the new one, marks
/// the index as schema 11 (so an older notebook-index refuses it) and records the move in
/// `meta` (`wordsToMove`); while that key is there, a query asks for a build, and the next
/// `build` goes on from the first word not yet moved. A kill between steps leaves every word in
/// exactly one of the two tables. The last step drops the old table and makes the `readings`
/// view and its triggers again; the FTS5 tables stay as they are (every word keeps its ID and
/// readings). The file is not vacuumed: its free pages are what later builds fill first.
extension IndexStore {
    /// The `meta` key naming the table whose words are still to move (`words_v10`).
    static let wordsToMove = "words_to_move"
    /// How the upgrade from schema 10 moves words: how many a step, and (for tests that stop it
    /// halfway, as a kill would) after how many steps it stops; nil: when all are moved.
    package struct WordMoveSteps: Sendable {
        var words = 10_000
        var limit: Int?

        package static let all = WordMoveSteps()
    }

    /// Begins the upgrade from schema 10, inside the migration's transaction.
    func beginMovingWords() throws {
        try setWordsAside(as: "words_v10", making: IndexSchema.words)
        try setMeta(Self.wordsToMove, "words_v10")
    }

    /// Whether an upgrade from schema 10 has begun and not ended (a query cannot read the index).
    func isMovingWords() throws -> Bool { try meta(Self.wordsToMove) != nil }

    /// Moves the rest of schema 10's words, a step at a time, and ends the upgrade.
    func finishMovingWords(_ steps: WordMoveSteps) throws {
        guard let table = try meta(Self.wordsToMove) else { return }
        var taken = 0
        while steps.limit.map({ taken < $0 }) ?? true {
            let moved = try database.transaction {
                try moveWords(from: table, implyingColumns: false, limit: steps.words)
            }
            taken += 1
            if moved < steps.words { break }
        }
        guard try database.integer("SELECT count(*) FROM (SELECT 1 FROM \(table) LIMIT 1)") == 0 else { return }
        try database.transaction {
            try database.execute("DROP TABLE \(table)")
            try database.execute(IndexSchema.readingsView + IndexSchema.currentReadingTriggers)
            try database.run("DELETE FROM meta WHERE key = ?", Self.wordsToMove)
        }
    }
}
