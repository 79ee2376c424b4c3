/// A term looked up by trigrams, in-word or forgiving edits, answered through the vocabulary: the
/// forms whose trigrams the term's expression asks for (`vocabulary_trigram`), then the readings
/// holding those forms (`readings_fts`), with the rows the trigram expression on every reading
/// would give picked out again.
///
/// Schema 11 kept a trigram index of every reading of every word (`readings_trigram`); a
/// person's vocabulary is small next to their pages, and `vocabulary` already holds each
/// indexed reading once (whole, or as its one token: `VocabularyForms`), so schema 12 asks the
/// trigram expression of the vocabulary instead. A reading gave a row of the old expression
/// exactly when it is one of the forms found, so the search keeps a row only when the reading it
/// stands for is one of them (`passes`), before the row counts as its word's: the rows read, in
/// the same order, and so the answers, are the old ones. `readings_fts` hands over every row
/// holding a form's tokens, a superset: a form of one token is held only by readings that hold
/// its letters, and so its trigrams, but `e-mail`'s tokens are also those of "mail e", and a
/// reading in another script may hold a token as unicode61 folds it rather than as written. A
/// form of several tokens one of which is itself a form found is left out (its rows are among
/// that token's). The other forms of several tokens, or of letters beyond ASCII, are asked for in
/// expressions of their own, so a row only they give is the only one whose reading need be read.
struct VocabularyMatch {
    /// The `readings_fts` MATCH expressions, whose rows together are those to read: any of the
    /// forms' tokens, all of each, `formsPerExpression` forms an expression (`MergedMatches`).
    let expressions: [String]
    /// The expressions whose rows may not pass (`expressions` from this index on), so a search
    /// that reads row IDs alone (`PhraseSearch`) looks at the reading of a row only when no other
    /// expression gives it: those of forms other than one plain ASCII token.
    let firstCheckedExpression: Int
    /// Whether every row of `expressions` passes.
    var rowsAllPass: Bool { firstCheckedExpression == expressions.count }
    /// Every form the trigram expression found: exactly the readings its old rows held.
    private let forms: Set<String>

    /// Nil when no form of the vocabulary matches `trigramExpression` (no reading holds the term).
    init?(trigramExpression: String, in database: Database) throws {
        var found: [String] = []
        try database.statement("SELECT form FROM vocabulary_trigram WHERE vocabulary_trigram MATCH ?").forEachRow([
            trigramExpression
        ]) { (row: Statement) -> Void in found.append(row.string(0)) }
        self.init(forms: found)
    }

    /// The match of the forms a trigram expression found in `vocabulary_trigram`; nil when none.
    init?(forms found: [String]) {
        guard !found.isEmpty else { return nil }
        forms = Set(found)
        let kept = Self.withoutRowsOfOthers(found)
        var plain: [String] = []
        var others: [String] = []
        for form in kept {
            if form.unicodeScalars.allSatisfy(Self.isLowercaseASCIILetterOrDigit) {
                plain.append(form)
            } else {
                others.append(form)
            }
        }
        func chunked(_ forms: [String]) -> [String] {
            stride(from: 0, to: forms.count, by: Self.formsPerExpression).map { start in
                FTSExpression.any(
                    forms[start..<min(start + Self.formsPerExpression, forms.count)].map { FTSExpression.allTokens($0) }
                )
            }
        }
        let checked = chunked(others)
        expressions = chunked(plain) + checked
        firstCheckedExpression = expressions.count - checked.count
    }

    /// `forms` less those whose `readings_fts` rows another of them gives: a form of several
    /// tokens one of which is itself a form (`question's`, `question:` beside `question`: a row
    /// holding all of a form's tokens holds that one), and a form whose tokens an earlier one has
    /// already asked for (a form without tokens is asked for as written). Such forms add no row
    /// to an OR of the forms, only the work of stepping them; a form beside a token as common as
    /// `s` (`question's`) costs FTS5 a seek through that token's rows for each row of the other.
    static func withoutRowsOfOthers(_ forms: [String]) -> [String] {
        let all = Set(forms)
        var asked = Set<String>()  // each kept form's tokens, joined by a space (no token holds one)
        return forms.filter { form in
            // (tokens as `readings_fts` cuts them)
            let tokens = FTSExpression.tokens(of: form)
            return (tokens == [form] || !tokens.contains { all.contains($0) })
                && (tokens.isEmpty || asked.insert(tokens.joined(separator: " ")).inserted)
        }
    }

    /// Whether the reading ranked `rank` among a word's readings (`folded`, one per line) is one of
    /// the forms: whether the trigram expression on every reading returned its row.
    func passes(folded: String, rank: Int) -> Bool {
        guard
            let line = folded.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .dropFirst(rank).first
        else { return false }
        return forms.contains(String(Substring(line)))
    }

    /// FTS5 looks at every term of an OR for each row it gives, and `MergedMatches` at every
    /// expression: a few dozen of each keeps both short for a piece a thousand forms hold.
    static let formsPerExpression = 64

    /// A plain form's character: what `readings_fts` holds as written (unicode61 folds case, so an
    /// upper-case form's rows are checked like any other's).
    private static func isLowercaseASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
