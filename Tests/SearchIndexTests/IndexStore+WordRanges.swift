/// Words read by ranges of IDs, for tests that list an index's words or check a faster reader
/// (`ShortWordRanges`) against this one: the search reads a hit's line by rows now
/// (`IndexStore.lineContext`), so only tests read words so.
@testable import SearchIndex

extension IndexStore {
    /// Calls `body` with each stored word whose ID is in `first...last`, in ID order (or the
    /// reverse), until it returns false.
    func forEachWord(
        from first: Int64, through last: Int64, descending: Bool = false, _ body: (WordRow) throws -> Bool
    ) throws {
        guard last - first < ShortWordRanges.mostWords else {
            // a longer range is read from its first word's line on, in its order
            let statement = try database.statement(Self.linesOfRange + (descending ? " DESC" : ""))
            try statement.forEachRow([first, last]) {
                try ShortWordRanges.visit(StoredLine($0), from: first, through: last, descending: descending, body)
            }
            return
        }
        var lines = ShortWordRanges(statement: try database.statement(ShortWordRanges.sql), keepsLastLine: false)
        try lines.forEachWord(from: first, through: last, descending: descending, body)
    }

    /// The lines holding a range's words, from its first word's line on (`forEachWord`).
    private static let linesOfRange = """
        SELECT \(StoredLine.columns) FROM lines l WHERE l.id BETWEEN coalesce(\(lineHolding("?1")), ?1) AND ?2
        ORDER BY l.id
        """
}
