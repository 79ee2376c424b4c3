/// The FTS5 tables' segments merged into one at a build's end, when enough was written beside
/// the largest.
///
/// FTS5 writes each transaction's rows as a new segment and merges them four at a time as they
/// pile up (`automerge`), so a table a build filled holds a dozen segments or more. A query looks
/// each of its terms up in every segment, and an in-word piece is an OR of as many forms as the
/// vocabulary holds it (`VocabularyMatch`): thousands of terms, each looked up that many times.
/// Merging every segment into one ('optimize') rewrites the whole table, so it runs only once the
/// segments beside the largest hold at least `mergeShare` of the table's leaf pages: a page
/// written is then rewritten by a bounded number of merges however the index grows, and a build
/// that adds a page to a large index does not rewrite the index for it.
///
/// Kill-safe: the merge is one transaction, which a kill rolls back whole; the next build that
/// writes anything finds the same segments and merges them then.
extension IndexStore {
    /// The FTS5 tables a query looks terms up in, each merged alone.
    static let mergedSearchTables = ["readings_fts", "vocabulary_trigram"]

    /// The share of a table's leaf pages outside its largest segment from which it is merged.
    static let mergeShare = 1.0 / 8

    /// Merges each of `mergedSearchTables` into one segment where `segmentsNeedMerging` says so.
    /// - Returns: the tables merged.
    @discardableResult
    package func mergeSearchSegments() throws -> [String] {
        var merged: [String] = []
        for table in Self.mergedSearchTables where try segmentsNeedMerging(table) {
            // the old segments' pages are freed
            try freeingPagesUnwritten {
                try database.transaction { try database.run("INSERT INTO \(table)(\(table)) VALUES ('optimize')") }
            }
            merged.append(table)
        }
        return merged
    }

    /// Runs `body`, which frees many pages, with `secure_delete = FAST`: an SQLite built with
    /// SECURE_DELETE (Debian's) zeroes every page it frees, writing each one through the log, so
    /// freeing a large table would need its size free on disk. FAST leaves a freed page as it was
    /// unless zeroing it costs no write; the setting in force before is restored after.
    func freeingPagesUnwritten(_ body: () throws -> Void) throws {
        let before = try database.integer("PRAGMA secure_delete") ?? 1
        try database.execute("PRAGMA secure_delete = FAST")
        defer { try? database.execute("PRAGMA secure_delete = \(before == 2 ? "FAST" : String(before))") }
        try body()
    }

    /// Whether `table` has more than one segment and those beside its largest hold at least
    /// `mergeShare` of its leaf pages, as its `_idx` table counts them (a row for each leaf page
    /// where a term starts, so a long doclist's pages count once: a measure of terms, which is
    /// what a lookup costs).
    func segmentsNeedMerging(_ table: String) throws -> Bool {
        let statement = try database.statement(
            "SELECT count(*), coalesce(max(pages), 0), coalesce(sum(pages), 0) FROM "
                + "(SELECT count(*) AS pages FROM \(table)_idx GROUP BY segid)")
        var need = false
        try statement.forEachRow { (row: Statement) -> Void in
            let segments = row.int(0), largest = row.int(1), total = row.int(2)
            need = segments > 1 && Double(total - largest) >= Self.mergeShare * Double(total)
        }
        return need
    }
}
