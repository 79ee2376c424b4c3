/// Schema 12's words to schema 13's lines (`PackedLine`), in committed steps.
///
/// Every word keeps its ID (a line's ID is its first word's) and its readings, so the FTS5
/// tables stay as they are and nothing is recognized again. As the move from schema 10 does
/// (`finishMovingWords`), the first transaction sets the old table aside (`words_v12`), makes
/// `lines` without the triggers that index readings, and records the move in `meta`
/// (`linesToMove`); the index is already marked schema 13 (by the migration), so an older
/// notebook-index refuses it, and while the move lasts a query asks for a build. Each step then
/// writes the next words, at least `WordMoveSteps.words` of them and whole drawings, as lines
/// and deletes them from the old table in one transaction, so at every commit each word is in
/// exactly one table and the pages a step frees are those the next fills. The last drops the
/// old table and makes the `readings` view, its triggers and the `words` view. A kill between
/// steps leaves the index sound, and the next `build` goes on from the first word not moved; one
/// before the first step's commit leaves a schema-12 `words` table, which it sets aside then.
/// Indexes of schema 8 and older go through all of it in the migration's one transaction.
extension IndexStore {
    /// The `meta` key naming the table whose words are still to pack into lines.
    static let linesToMove = "lines_to_move"
    private static let wordsAside = "words_v12"

    /// Whether schema 12's words are still to pack into lines: a `words` table left by an older
    /// schema's migration, or a move begun.
    func hasWordsToPackInLines() throws -> Bool {
        try meta(Self.linesToMove) != nil
            || database.integer("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'words'") == 1
    }

    /// Packs every word into lines, inside the migration's transaction.
    func packAllLines() throws {
        try beginPackingLines()
        try packLines(limit: nil)
        try endPackingLines()
    }

    /// Packs the words still in schema 12's table into lines, a step at a time, and ends the
    /// upgrade; nothing while an older schema's words are still moving (`finishMovingWords`).
    func finishPackingLines(_ steps: WordMoveSteps) throws {
        guard try schemaOfWordsToMove() == nil, try hasWordsToPackInLines() else { return }
        if try meta(Self.linesToMove) == nil { try database.transaction { try beginPackingLines() } }
        var taken = 0
        while steps.limit.map({ taken < $0 }) ?? true {
            let moved = try database.transaction { try packLines(limit: steps.words) }
            taken += 1
            if moved < steps.words { break }
        }
        guard try database.integer("SELECT count(*) FROM (SELECT 1 FROM \(Self.wordsAside) LIMIT 1)") == 0 else {
            return
        }
        try database.transaction { try endPackingLines() }
    }

    private func beginPackingLines() throws {
        try setWordsAside(as: Self.wordsAside, making: IndexSchema.lines)
        try setMeta(Self.linesToMove, Self.wordsAside)
    }

    private func endPackingLines() throws {
        try database.execute("DROP TABLE \(Self.wordsAside)")
        try database.execute(IndexSchema.readingsView + IndexSchema.readingTriggers + IndexSchema.wordsView)
        try database.run("DELETE FROM meta WHERE key = ?", Self.linesToMove)
    }

    /// Writes the first `limit` words by ID of the old table, and the rest of the last one's
    /// drawing, as lines, and deletes them there; nil: all of them, leaving the table as it is.
    /// - Returns: how many words it wrote.
    @discardableResult
    private func packLines(limit: Int?) throws -> Int {
        var end = Int64.max
        if let limit,
            let nth = try database.integer(
                "SELECT id FROM \(Self.wordsAside) ORDER BY id LIMIT 1 OFFSET ?", max(0, limit - 1))
        {
            end = Self.wordRange(of: Int64(nth) >> 20).last
        }
        var moved = 0
        var line: (first: Int64, source: Int, words: [(readings: StoredReadings, place: PackedPlace)])?
        func flush() throws {
            guard let current = line else { return }
            try insertLine(
                drawingID: current.first >> 20, firstWord: Int(current.first & Int64(WordID.maxWordsPerDrawing - 1)),
                source: current.source, current.words)
            line = nil
        }
        try database.statement(
            """
            SELECT id, source, candidates, folded, scores, confidence, reading_buckets, place
            FROM \(Self.wordsAside) WHERE id <= ? ORDER BY id
            """
        ).forEachRow([end]) { (row: Statement) -> Void in
            let id = row.int64(0)
            let source = row.int(1)
            let place = row.withBytes(7) { PackedPlace($0) }
            // a line is consecutive IDs of one drawing, source and line number
            if let current = line,
                id != current.first + Int64(current.words.count) || id >> 20 != current.first >> 20
                    || source != current.source || place.line != current.words[0].place.line
            {
                try flush()
            }
            if line == nil { line = (id, source, []) }
            let readings = StoredReadings(
                candidates: row.string(2), folded: row.optionalString(3), scores: row.withBytes(4) { [UInt8]($0) },
                confidence: row.optionalDouble(5), buckets: row.optionalString(6))
            line?.words.append((readings, place))
            moved += 1
        }
        try flush()
        if limit != nil { try database.run("DELETE FROM \(Self.wordsAside) WHERE id <= ?", end) }
        return moved
    }
}
