import TextMatching

/// The forms of a folded reading that `--fuzzy` compares a query word with, as
/// `FuzzyMatching.distance(of:in:)` does: each letter-and-digit run, and the whole reading when
/// it is more than one run ("e-mail", "(note)").
///
/// Every form, quoted, is an FTS5 phrase of the unicode61 tokens `readings_fts` indexes, so the
/// readings holding a form are found there.
enum VocabularyForms {
    static func of(_ folded: String) -> [String] {
        let tokens = TextFolding.tokens(folded)
        let whole = tokens.count == 1 && tokens[0].count == folded.count || tokens.isEmpty ? [] : [folded]
        return whole + tokens.map(String.init)
    }
}
