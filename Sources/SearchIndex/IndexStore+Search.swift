import DrawingModel
import Foundation

extension IndexStore {
    /// Where a word sits: phrases are consecutive positions of one line.
    private struct Place: Hashable {
        var drawing: Int64
        var source: Int
        var line: Int
        var position: Int
    }

    /// A word that matched one term.
    private struct WordMatch {
        var word: IndexedWord
        var candidate: Int
        var bm25: Double
    }

    /// Runs a query.
    ///
    /// A single word is prefiltered with its FTS5 expression and every candidate reading is checked
    /// in Swift (whole words, case, the exact text). A phrase is driven by its rarest word: that
    /// word's matches are found so, and each other word is looked up at its place beside them
    /// (consecutive positions of one line), so "of the" costs as much as "of" found once, not as
    /// much as every "the". Hits are ranked by score (confidence × reading likelihood), then bm25.
    /// - Returns: at most `query.options.limit` hits, best first; none for a query without terms.
    public func search(_ query: SearchQuery) throws -> [SearchHit] {
        guard !query.terms.isEmpty, query.options.limit > 0 else { return [] }
        let driver = query.terms.count == 1 ? 0 : try rarestTerm(of: query)
        // A single word needs only the best `limit` words: they are read by falling confidence.
        let found = try wordsMatching(query.terms[driver], of: query, best: query.terms.count == 1 ? query.options.limit : nil)
        let neighbours = try database.statement(
            """
            SELECT source, line, position, candidates, scores, confidence, stroke_ids, x, y, width, height
            FROM words WHERE drawing_id = ? AND source = ? AND line = ? AND position = ?
            """)
        var ranked: [(hit: SearchHit, bm25: Double)] = []
        var drawings: [Int64: (path: String, page: Int, key: String)] = [:]
        for (place, match) in found {
            var words: [WordMatch] = []
            for (offset, term) in query.terms.enumerated() {
                if offset == driver {
                    words.append(match)
                    continue
                }
                var beside = place
                beside.position += offset - driver
                guard beside.position >= 0,
                    let word = try neighbours.firstRow(
                        [beside.drawing, beside.source, beside.line, beside.position],
                        { StoredWordRow.word(from: $0, columnOffset: 0) }),
                    let candidate = query.matchingCandidate(word.candidates, term: term)
                else { break }
                words.append(WordMatch(word: word, candidate: candidate, bm25: 0))
            }
            guard words.count == query.terms.count else { continue }
            guard Self.score(of: words) >= query.options.minimumScore else { continue }
            if drawings[place.drawing] == nil { drawings[place.drawing] = try drawingInfo(place.drawing) }
            guard let info = drawings[place.drawing] else { continue }
            var start = place
            start.position -= driver
            ranked.append((hit(words, place: start, info: info), words.reduce(0) { $0 + $1.bm25 }))
        }
        ranked.sort { a, b in
            if a.hit.score != b.hit.score { return a.hit.score > b.hit.score }
            if a.bm25 != b.bm25 { return a.bm25 < b.bm25 }
            if a.hit.path != b.hit.path { return a.hit.path < b.hit.path }
            if a.hit.page != b.hit.page { return a.hit.page < b.hit.page }
            return (a.hit.line, a.hit.position) < (b.hit.line, b.hit.position)
        }
        return ranked.prefix(query.options.limit).map(\.hit)
    }

    /// The index of the query term with the fewest indexed words, by FTS5's own document counts:
    /// the fewest of its tokens' (whole words) or trigrams' (in-word) counts. A term too short for
    /// either counts as common.
    private func rarestTerm(of query: SearchQuery) throws -> Int {
        let table = query.options.fullWordsOnly ? "words_fts" : "words_trigram"
        try database.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.\(table)_vocab USING fts5vocab(main, \(table), row)")
        let count = try database.statement("SELECT doc FROM temp.\(table)_vocab WHERE term = ?")
        var best = (index: 0, count: Int.max)
        for (index, term) in query.terms.enumerated() {
            let keys: [String]
            if query.options.fullWordsOnly {
                keys = term.tokens
            } else {
                let scalars = Array(term.folded.unicodeScalars)
                keys = scalars.count < 3 ? [] : (0...(scalars.count - 3)).map { i in
                    var trigram = String.UnicodeScalarView()
                    trigram.append(contentsOf: scalars[i..<(i + 3)])
                    return String(trigram)
                }
            }
            var fewest = Int.max
            for key in keys { fewest = min(fewest, try count.firstRow([key]) { $0.int(0) } ?? 0) }
            if fewest < best.count { best = (index, fewest) }
        }
        return best.index
    }

    /// The words matching one term, by place.
    /// - Parameter best: when given, rows are read by falling word ID, so by falling confidence
    ///   bucket (`WordID`), and reading stops once `best` matches score above every row still
    ///   unread (a word's score never exceeds its confidence), so the top `best` are exact.
    private func wordsMatching(_ term: SearchQuery.Term, of query: SearchQuery, best: Int? = nil) throws
        -> [Place: WordMatch]
    {
        let (table, expression) = query.ftsMatch(for: term)
        let statement = try database.statement(
            """
            SELECT w.drawing_id, w.source, w.line, w.position, w.candidates, w.scores, w.confidence, w.stroke_ids,
                   w.x, w.y, w.width, w.height, bm25(\(table)), w.id
            FROM \(table) JOIN words w ON w.id = \(table).rowid WHERE \(table) MATCH ?
            \(best == nil ? "" : "ORDER BY \(table).rowid DESC")
            """)
        var found: [Place: WordMatch] = [:]
        var topScores: [Double] = []  // the best `best` scores so far, descending
        try statement.forEachRow([expression], while: { row in
            if let best {
                // every row still unread scores below the ceiling of this one
                let ceiling = WordID.confidenceCeiling(row.int64(13))
                if ceiling < query.options.minimumScore { return false }
                if topScores.count >= best, let floor = topScores.last, ceiling < floor { return false }
            }
            let word = StoredWordRow.word(from: row, columnOffset: 1)
            guard let candidate = query.matchingCandidate(word.candidates, term: term) else { return true }
            let place = Place(drawing: row.int64(0), source: word.source.rawValue, line: word.line, position: word.position)
            let match = WordMatch(word: word, candidate: candidate, bm25: row.double(12))
            found[place] = match
            if let best, case let score = Self.score(match), score >= query.options.minimumScore {
                topScores.insert(score, at: topScores.firstIndex { $0 < score } ?? topScores.count)
                if topScores.count > best { topScores.removeLast() }
            }
            return true
        })
        return found
    }

    /// A word's score: confidence times the matched reading's likelihood relative to the best.
    private static func score(_ match: WordMatch) -> Double {
        let best = match.word.candidates.first?.score ?? 0
        let chosen = match.word.candidates[match.candidate].score
        return max(1e-12, min(1, match.word.confidence) * exp(min(0, chosen - best)))
    }

    /// A phrase's score: the geometric mean of its words' scores.
    private static func score(of words: [WordMatch]) -> Double {
        exp(words.reduce(0) { $0 + log(score($1)) } / Double(words.count))
    }

    private func drawingInfo(_ id: Int64) throws -> (path: String, page: Int, key: String)? {
        try database.statement(
            "SELECT f.path, d.page, d.key FROM drawings d JOIN files f ON f.id = d.file_id WHERE d.id = ?"
        ).firstRow([id]) { ($0.string(0), $0.int(1), $0.string(2)) }
    }

    private func hit(_ words: [WordMatch], place: Place, info: (path: String, page: Int, key: String)) -> SearchHit {
        var strokes = Set<UUID>()
        var bounds: Rect?
        for match in words {
            strokes.formUnion(match.word.strokeIDs)
            if let b = match.word.bounds { bounds = bounds.map { $0.union(b) } ?? b }
        }
        return SearchHit(
            path: info.path, page: info.page, drawing: info.key,
            text: words.map { $0.word.candidates[$0.candidate].text }.joined(separator: " "),
            strokeIDs: strokes.sorted { $0.uuidString < $1.uuidString }, bounds: bounds,
            score: Self.score(of: words), source: words[0].word.source, line: place.line,
            position: place.position)
    }
}
