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
    /// Each term is prefiltered with its FTS5 expression, then every candidate reading is checked
    /// in Swift (whole words, case, the exact text), and for phrases the words must follow each other
    /// on one line. Hits are ranked by score (confidence × reading likelihood), then by bm25.
    /// - Returns: at most `query.options.limit` hits, best first; none for a query without terms.
    public func search(_ query: SearchQuery) throws -> [SearchHit] {
        guard !query.terms.isEmpty, query.options.limit > 0 else { return [] }
        var matches: [[Place: WordMatch]] = []
        for term in query.terms {
            // A single word needs only the best `limit` words: they are read by falling confidence.
            let found = try wordsMatching(term, of: query, best: query.terms.count == 1 ? query.options.limit : nil)
            if found.isEmpty { return [] }
            matches.append(found)
        }
        var ranked: [(hit: SearchHit, bm25: Double)] = []
        var drawings: [Int64: (path: String, page: Int, key: String)] = [:]
        for (start, first) in matches[0] {
            var words = [first]
            for offset in 1..<matches.count {
                var place = start
                place.position += offset
                guard let next = matches[offset][place] else { break }
                words.append(next)
            }
            guard words.count == matches.count else { continue }
            if drawings[start.drawing] == nil { drawings[start.drawing] = try drawingInfo(start.drawing) }
            guard let info = drawings[start.drawing] else { continue }
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
            if let best, topScores.count >= best, let floor = topScores.last, WordID.confidenceCeiling(row.int64(13)) < floor {
                return false
            }
            let word = StoredWordRow.word(from: row, columnOffset: 1)
            guard let candidate = query.matchingCandidate(word.candidates, term: term) else { return true }
            let place = Place(drawing: row.int64(0), source: word.source.rawValue, line: word.line, position: word.position)
            let match = WordMatch(word: word, candidate: candidate, bm25: row.double(12))
            found[place] = match
            if let best {
                let score = Self.score(match)
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

    private func drawingInfo(_ id: Int64) throws -> (path: String, page: Int, key: String)? {
        try database.statement(
            "SELECT f.path, d.page, d.key FROM drawings d JOIN files f ON f.id = d.file_id WHERE d.id = ?"
        ).firstRow([id]) { ($0.string(0), $0.int(1), $0.string(2)) }
    }

    private func hit(_ words: [WordMatch], place: Place, info: (path: String, page: Int, key: String)) -> SearchHit {
        var strokes = Set<UUID>()
        var bounds: Rect?
        var logScore = 0.0
        for match in words {
            strokes.formUnion(match.word.strokeIDs)
            if let b = match.word.bounds { bounds = bounds.map { $0.union(b) } ?? b }
            logScore += log(Self.score(match))
        }
        return SearchHit(
            path: info.path, page: info.page, drawing: info.key,
            text: words.map { $0.word.candidates[$0.candidate].text }.joined(separator: " "),
            strokeIDs: strokes.sorted { $0.uuidString < $1.uuidString }, bounds: bounds,
            score: exp(logScore / Double(words.count)), source: words[0].word.source, line: place.line,
            position: place.position)
    }
}
