import TextMatching

/// An in-word term under three letters as the OR of the vocabulary's tokens that start with it,
/// instead of FTS5's prefix query.
///
/// A term too short for trigrams matches the starts of words (`SearchQuery.ftsMatch`), which
/// FTS5 answers as `be*`: it merges the doclists of every token starting with "be" into one list
/// before it hands over the first row, and that merge grows with the index (every row of "be",
/// "because", "been", … on a large one) however few rows the search then reads.
/// An OR of those tokens is read lazily, row by row in rowid order, like any other term. The
/// vocabulary (`VocabularyForms`) holds every token of every indexed reading, folded as the
/// index folds them, so the OR gives exactly the rows the prefix query gives, in the same order.
enum PrefixForms {
    /// Past this many tokens, stepping every one of them for each row costs more than the merge.
    static let maxForms = 256

    /// The MATCH expression on `readings_fts` for the tokens of the vocabulary that start with
    /// `token` (itself one folded token); nil when there are none or too many, which leaves the
    /// prefix query.
    static func expression(startingWith token: String, in database: Database) throws -> String? {
        // forms sort by their UTF-8 bytes: those starting with `token` lie from it to `token`
        // followed by the last scalar, which no word character is
        let statement = try database.statement(
            "SELECT form FROM vocabulary WHERE form >= ? AND form < ? ORDER BY form LIMIT ?")
        var forms: [String] = []
        var rows = 0
        let rowsAtMost = 4 * maxForms
        try statement.forEachRow([token, token + "\u{10FFFF}", rowsAtMost + 1]) { (row: Statement) -> Void in
            rows += 1
            let form = row.string(0)
            // whole readings of several tokens ("be-in") are forms too; their tokens are there alone
            if form.hasPrefix(token), TextFolding.tokens(form).map(String.init) == [form] { forms.append(form) }
        }
        guard !forms.isEmpty, forms.count <= maxForms, rows <= rowsAtMost else { return nil }
        return FTSExpression.any(forms.map { FTSExpression.allTokens($0) })
    }
}
