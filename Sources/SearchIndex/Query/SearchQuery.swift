import Foundation
import Recognition
import TextMatching

/// How a query matches.
package struct SearchOptions: Sendable, Hashable {
    /// Match whole words only ("note" does not find "notebook").
    package var fullWordsOnly: Bool
    /// Keep only readings whose case matches the query's exactly.
    package var caseSensitive: Bool
    /// At most this many hits, best first.
    package var limit: Int
    /// Hits scoring below this are left out (a score is confidence × the reading's likelihood
    /// relative to the best reading, from 0 to 1).
    package var minimumScore: Double
    /// Also find readings a letter or two off each query word (`FuzzyMatching.maxDistance`).
    package var fuzzy: Bool
    /// Whether a one-word query keeps a word's best reading (candidate 0, what `text` prints)
    /// even below `minimumScore`: `query`'s default floor does, so a word seen in `text` is found
    /// by typing it; a floor the user gives applies to every reading.
    package var floorSparesBestReadings: Bool
    /// Whether a query none of whose words the recognizer's word lists or the index's user
    /// vocabulary hold (`ListedWords`, `IndexStore.userVocabularyHolds`) has no floor at all:
    /// `query`'s default floor does. The floor is there because a short listed word is easily
    /// read by chance, the beam search bending ink towards the lists; an unlisted word
    /// (`udpport`, `idx`, `sqlite3`) is not, and each of its readings pays the word-list penalty,
    /// so its right reading often ranks second and scores under a short word's floor.
    package var floorSparesUnlistedWords: Bool

    /// The `query` command's default floor for a query of `letters` letters and digits: 0.3 for
    /// three or fewer, 0.1 less for each letter more, none from six on. The shorter the word, the
    /// likelier a wrong reading spells it by chance ("arc" read as "are", "an" as "any"), while a
    /// long word's unlikely reading is still mostly right. Chosen on the dev writers' pages
    /// (Benchmarks/score_curve.py `--by-length`), where it beats a flat 0.1 on both recall and
    /// precision (docs/benchmarks.md).
    package static func defaultMinimumScore(letters: Int) -> Double {
        min(0.3, max(0, 0.1 * Double(6 - letters)))
    }

    /// The default floor of a query with `characters` CJK characters (a character is no short
    /// word, so the length rule does not apply): 0.1 for one, 0.05 for two or more. A lone
    /// character is often read by chance somewhere in a character's candidates, so lowering its
    /// floor admits far more wrong hits than right ones; a word of two characters must be read
    /// in a row, so its right hits under 0.1 outnumber its chance hits there. Chosen on dev
    /// characters' pages and cards (Benchmarks/score_curve.py `--cjk`).
    package static func defaultCJKMinimumScore(characters: Int) -> Double {
        characters >= 2 ? 0.05 : 0.1
    }

    package init(
        fullWordsOnly: Bool = false, caseSensitive: Bool = false, limit: Int = 100, minimumScore: Double = 0,
        fuzzy: Bool = false, floorSparesBestReadings: Bool = false, floorSparesUnlistedWords: Bool = false
    ) {
        self.fullWordsOnly = fullWordsOnly
        self.caseSensitive = caseSensitive
        self.limit = limit
        self.minimumScore = minimumScore
        self.fuzzy = fuzzy
        self.floorSparesBestReadings = floorSparesBestReadings
        self.floorSparesUnlistedWords = floorSparesUnlistedWords
    }
}

/// A user's search text turned into terms, one per written word (and one per CJK character:
/// `CJKText`), with the FTS5 expression for each.
///
/// Expressions are built from tokens and always quoted, so no user text can be read as FTS5
/// syntax (operators, column filters, brackets, stray quotes) or cause an SQL error. A phrase of
/// several words matches consecutive words of one line; that is checked on word positions after
/// each word's FTS5 prefilter.
package struct SearchQuery: Sendable, Hashable {
    /// One written word of the query.
    package struct Term: Sendable, Hashable {
        /// The word with surrounding punctuation and control characters removed.
        package var core: String
        /// `core` folded as the index folds candidates.
        package var folded: String
        /// Letter-and-digit runs of `folded`.
        package var tokens: [String]
        /// How many edits `--fuzzy` forgives in this word: 0 without it, and for a CJK character.
        package var maxDistance = 0
        /// Whether the term is one CJK character (`CJKText`), which matches whole characters only.
        package var isCJK = false
    }

    package var text: String
    package var options: SearchOptions
    /// Empty when the text has no letters or digits: such a query finds nothing.
    package var terms: [Term]

    /// The floor `query` applies when not given `--min-score`: by the letters and digits of all
    /// its words together (`SearchOptions.defaultMinimumScore(letters:)`), as a phrase of short
    /// words is as unlikely to be read by chance as one long word.
    package var defaultMinimumScore: Double {
        let characters = terms.filter(\.isCJK).count
        guard characters == 0 else { return SearchOptions.defaultCJKMinimumScore(characters: characters) }
        let letters = terms.reduce(0) { sum, term in sum + term.tokens.reduce(0) { $0 + $1.count } }
        return SearchOptions.defaultMinimumScore(letters: letters)
    }

    package init(_ text: String, options: SearchOptions = SearchOptions()) {
        self.text = text
        self.options = options
        terms = text.split(whereSeparator: { $0.isWhitespace }).flatMap { word in
            let cleaned = String(word.filter { !$0.unicodeScalars.contains(where: Self.isControl) })
            // each CJK character is a word of its own: "学习" is the phrase 学 习
            return CJKText.parts(of: cleaned).compactMap { Self.term(String(cleaned[$0]), options: options) }
        }
    }

    /// The term for one written word (or one part of it, `CJKText.parts`); nil when it has no
    /// letters or digits.
    private static func term(_ word: String, options: SearchOptions) -> Term? {
        let trimmed = word.drop(while: { !TextFolding.isWordCharacter($0) })
        let end = trimmed.lastIndex(where: TextFolding.isWordCharacter).map(trimmed.index(after:)) ?? trimmed.startIndex
        let core = String(trimmed[..<end])
        let folded = TextFolding.fold(core)
        let tokens = TextFolding.tokens(folded).map(String.init)
        guard !tokens.isEmpty else { return nil }
        let isCJK = CJKText.containsCJK(folded)
        let distance =
            options.fuzzy && !isCJK ? FuzzyMatching.maxDistance(forLength: folded.unicodeScalars.count) : 0
        return Term(core: core, folded: folded, tokens: tokens, maxDistance: distance, isCJK: isCJK)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .unassigned, .privateUse: return true
        default: return false
        }
    }

    /// The FTS5 table to search and the MATCH expression for one term.
    ///
    /// Whole words: the term's tokens in `readings_fts` (unicode61). Inside words: the folded
    /// term's trigrams, asked of `vocabulary_trigram` (the distinct forms, whose readings
    /// `IndexStore.ftsMatch` then finds in `readings_fts`: `VocabularyMatch`); terms under three
    /// characters, which trigrams cannot find, fall back to a token prefix query (they match the
    /// starts of words). Tokens and trigrams are asked for together, not as phrases
    /// (`FTSExpression`). With `--fuzzy`, a term that forgives edits is looked up by its trigrams
    /// whatever the other options (`FuzzyMatching.trigramExpression`); the exact checks still
    /// apply to distance 0. A CJK character is a token of its own in `readings_fts`
    /// (`IndexStore.storedForms`), and is looked up as that whole token with or without `--full-words`.
    package func ftsMatch(for term: Term) -> (table: String, expression: String) {
        if term.maxDistance > 0 {
            return ("vocabulary_trigram", FuzzyMatching.trigramExpression(for: term.folded))
        }
        if options.fullWordsOnly || term.isCJK {
            return ("readings_fts", FTSExpression.allTokens(term.tokens.joined(separator: " ")))
        }
        if term.folded.unicodeScalars.count >= 3 {
            return ("vocabulary_trigram", FTSExpression.allTrigrams(term.folded))
        }
        return ("readings_fts", FTSExpression.allTokens(term.tokens.joined(separator: " "), prefix: true))
    }

    /// An FTS5 string: everything between double quotes is literal, quotes are doubled.
    static func quoted(_ text: String) -> String {
        // an in-word piece quotes thousands of forms (`VocabularyMatch`), few with a quote in them
        guard text.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + text + "\"" }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The first candidate (best first) that `term` matches, by the query's options.
    package func matchingCandidate(_ candidates: [WordCandidate], term: Term) -> Int? {
        candidates.firstIndex { matches($0.text, term: term) }
    }

    /// The same for a stored word, its candidates one per line: `folded` as the index folded them,
    /// which spares folding them again unless case matters. The first candidate (the likeliest)
    /// that matches exactly or, for a fuzzy term, within its distance, and that distance (0 when
    /// it matches exactly): a word's best reading ranks it, whether or not a less likely one is exact.
    func matchingCandidate(readings: String, folded: String, term: Term) -> (index: Int, distance: Int)? {
        // split on the newline byte: much cheaper than splitting characters, for every row read
        func lines(_ text: String) -> [String] {
            text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                String(Substring($0))
            }
        }
        let forms = options.caseSensitive ? lines(readings).map(TextFolding.exact) : lines(folded)
        let wanted = Array((options.caseSensitive ? TextFolding.exact(term.core) : term.folded).unicodeScalars)
        for (index, form) in forms.enumerated() {
            if matches(folded: form, term: term) { return (index, 0) }
            if term.maxDistance > 0,
                let distance = FuzzyMatching.distance(of: wanted, in: form, limit: term.maxDistance)
            {
                return (index, distance)
            }
        }
        return nil
    }

    /// Whether one reading matches a term.
    package func matches(_ candidate: String, term: Term) -> Bool {
        matches(
            folded: options.caseSensitive ? TextFolding.exact(candidate) : TextFolding.indexForms(candidate), term: term
        )
    }

    /// Whether a reading, folded as the query's options fold, matches a term. Inside words, a
    /// term under three characters matches the starts of words only, as its FTS5 prefix query
    /// finds them (`ftsMatch`), wherever it stands in a phrase. A CJK character matches a
    /// reading holding it as a token (`TextFolding.tokens`), whatever the options.
    private func matches(folded reading: String, term: Term) -> Bool {
        let wanted = options.caseSensitive ? TextFolding.exact(term.core) : term.folded
        if term.isCJK { return TextFolding.tokens(reading).contains { $0 == wanted } }
        if !options.fullWordsOnly, term.folded.unicodeScalars.count < 3 {
            return TextFolding.tokens(reading).contains { $0.hasPrefix(wanted) }
        }
        guard options.fullWordsOnly else { return TextFolding.contains(reading, wanted) }
        let have = TextFolding.tokens(reading)
        let want = TextFolding.tokens(wanted)
        guard !want.isEmpty, have.count >= want.count else { return false }
        return (0...(have.count - want.count)).contains { start in
            want.indices.allSatisfy { have[start + $0] == want[$0] }
        }
    }
}
