import TextMatching

/// `--fuzzy`: which readings lie within a small edit distance of a query word, and the FTS5
/// expression that finds every one of them without reading the whole index.
///
/// Candidates are the readings of the vocabulary forms this expression finds in
/// `vocabulary_trigram` (`VocabularyMatch`), as exact matches inside words are, so they arrive in
/// the same best-first rowid order and the search's early stop still works. A reading within
/// distance d of a query word keeps whole every piece of the word that no edit touches. Cut into
/// d + 1 pieces, the word keeps at least one whole in every such reading, so "any piece" finds
/// them all; pieces need 3 letters for the trigram index, so this serves words of 6 letters or
/// more for d = 1 and 9 or more for d = 2, and longer pieces read fewer rows than single
/// trigrams would. Shorter words (4, 5 and 8 letters) use their trigrams instead: an edit
/// touches at most 3 of them, and the few edits that touch every one sit in the middle of the
/// word; those are enumerated (each letter of `alphabet`, or nothing, in that place) as extra
/// substrings, which keeps the filter sound (`FuzzyMatchingTests` checks it on random edits).
/// Each candidate is then checked with a banded Levenshtein distance on its folded tokens.
enum FuzzyMatching {
    /// The edit distance allowed for a query word of `length` letters: words under 4 letters
    /// are too short for a misreading to be told from another word.
    static func maxDistance(forLength length: Int) -> Int {
        switch length {
        case ..<4: 0
        case 4...7: 1
        default: 2
        }
    }

    /// What folded readings are made of besides the query's own letters: `TextFolding.fold` maps
    /// the accented letters of the recognizer's languages onto these.
    static let alphabet: [Unicode.Scalar] =
        Array("abcdefghijklmnopqrstuvwxyz0123456789'-".unicodeScalars)

    /// The trigram MATCH expression (for `vocabulary_trigram`) that finds every form containing a token
    /// within `maxDistance(forLength:)` of `folded` (and every form containing `folded`): each
    /// substring as all its trigrams (`FTSExpression`), so it serves a table without positions.
    /// - Precondition: `folded` has at least 3 scalars.
    static func trigramExpression(for folded: String) -> String {
        let word = Array(folded.unicodeScalars)
        let distance = maxDistance(forLength: word.count)
        guard distance > 0 else { return FTSExpression.allTrigrams(folded) }
        var alternatives: [String] = []
        var seen = Set<String>()
        var substring: [Unicode.Scalar] = []  // (one buffer: a word of four letters adds over a hundred)
        // the substring `head`, then `filler` if any, then `tail`, unless added before
        func add(
            _ head: ArraySlice<Unicode.Scalar>, _ filler: Unicode.Scalar? = nil, _ tail: ArraySlice<Unicode.Scalar> = []
        ) {
            substring.removeAll(keepingCapacity: true)
            substring += head
            if let filler { substring.append(filler) }
            substring += tail
            var text = ""
            text.unicodeScalars.append(contentsOf: substring)
            if seen.insert(text).inserted { alternatives.append(FTSExpression.allTrigrams(of: substring)) }
        }
        if word.count >= 3 * (distance + 1) {
            let pieces = distance + 1
            for piece in 0..<pieces { add(word[(word.count * piece / pieces)..<(word.count * (piece + 1) / pieces)]) }
            return FTSExpression.any(alternatives)
        }
        // every trigram, but the middle one of 5 letters adds nothing: an edit that breaks both
        // others touches the middle letter, which the middle trigram holds too
        for start in 0...(word.count - 3) where !(word.count == 5 && start == 1) { add(word[start..<start + 3]) }
        // the edit scripts that leave no trigram of the word whole (see the type's overview):
        // the letter at `index` of `scalars` replaced by each filler, or dropped
        let fillers = [nil] + (alphabet + word).map { Optional($0) }
        func replaced(_ index: Int, in scalars: ArraySlice<Unicode.Scalar>) {
            for filler in fillers { add(scalars[..<index], filler, scalars[(index + 1)...]) }
        }
        switch (word.count, distance) {
        case (4, 1):  // "abcd": b or c changed or dropped, or a letter put between them
            for filler in fillers {
                add(word[..<1], filler, word[2...])
                add(word[..<2], filler, word[3...])
                if let filler { add(word[..<2], filler, word[2...]) }
            }
        case (5, 1):  // "abcde": c changed or dropped
            replaced(2, in: word[...])
        case (8, 2):  // "abcdefgh": c and f both changed or dropped; "ab?de" is left whole
            replaced(2, in: word[..<5])
        default:
            break
        }
        return FTSExpression.any(alternatives)
    }

    /// The Levenshtein distance between `a` and `b` when it is at most `limit`, else nil.
    ///
    /// Only the diagonal band of width 2 × limit + 1 is computed: O(limit × length).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let beyond = limit + 1
        // row i holds distances for j in i - limit ... i + limit, stored at j - i + limit
        let width = 2 * limit + 1
        var previous = [Int](repeating: beyond, count: width)
        var current = previous
        for j in 0...min(limit, b.count) { previous[j + limit] = j }
        for i in 1...a.count {
            var rowMinimum = beyond
            for offset in 0..<width {
                let j = i + offset - limit
                guard j >= 0, j <= b.count else {
                    current[offset] = beyond
                    continue
                }
                if j == 0 {
                    current[offset] = min(i, beyond)
                } else {
                    // previous row: (i-1, j-1) at offset, (i-1, j) at offset + 1; this row: (i, j-1) at offset - 1
                    let substitute = previous[offset] + (a[i - 1] == b[j - 1] ? 0 : 1)
                    let delete = offset + 1 < width ? previous[offset + 1] + 1 : beyond
                    let insert = offset > 0 ? current[offset - 1] + 1 : beyond
                    current[offset] = min(substitute, delete, insert, beyond)
                }
                rowMinimum = min(rowMinimum, current[offset])
            }
            if rowMinimum > limit { return nil }  // every path already costs too much
            swap(&previous, &current)
        }
        let result = previous[b.count - a.count + limit]
        return result <= limit ? result : nil
    }

    /// The smallest distance, up to `limit`, between `word` and `reading` or one of its tokens
    /// (a reading can hold two forms of a word, or a hyphenated pair); nil when none is that close.
    /// Forms holding CJK characters are never close: those match exactly or not at all.
    static func distance(of word: [Unicode.Scalar], in reading: String, limit: Int) -> Int? {
        var best: Int?
        let tokens = TextFolding.tokens(reading)
        let whole = tokens.count == 1 && tokens[0].count == reading.count ? [] : [Substring(reading)]
        let hasCJK = CJKText.containsCJK(reading)
        for token in whole + tokens where !hasCJK || !CJKText.containsCJK(token) {
            // most rows the trigrams bring are words of another length: no array, no table for them
            guard abs(token.unicodeScalars.count - word.count) <= limit else { continue }
            if let d = distance(word, Array(token.unicodeScalars), limit: best.map { $0 - 1 } ?? limit) {
                best = d
                if d == 0 { break }
            }
            if best == 0 { break }
        }
        return best
    }
}
