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
    /// One word of the query drives it: the only word, or a phrase's rarest. Its FTS5 expression
    /// prefilters the index's readings, which come best first (`ReadingID`), and every candidate
    /// reading of a matched word is checked in Swift (whole words, case, the exact text); a word
    /// counts once, with its best matching reading. A phrase's other words are looked
    /// up beside each match (consecutive positions of one line), so "of the" never reads every
    /// "the". Reading stops once `limit` hits are in hand and nothing unread can beat the worst
    /// of them by more than one score bucket (`ReadingID`), so the best hits are exact up to
    /// near-ties and common words cost no more than rare ones. Hits are ranked by score
    /// (confidence × reading likelihood, a phrase's the geometric mean of its words'), then bm25.
    /// - Returns: at most `query.options.limit` hits, best first; none for a query without terms.
    public func search(_ query: SearchQuery) throws -> [SearchHit] {
        guard !query.terms.isEmpty, query.options.limit > 0 else { return [] }
        let driver = query.terms.count == 1 ? 0 : try rarestTerm(of: query)
        let term = query.terms[driver]
        let (table, expression) = query.ftsMatch(for: term)
        let matches = try database.statement(
            """
            SELECT w.drawing_id, w.source, w.line, w.position, w.candidates, w.scores, w.confidence, w.stroke_ids,
                   w.x, w.y, w.width, w.height, bm25(\(table)), \(table).rowid, w.folded, w.id
            FROM \(table) JOIN words w ON w.id = ((\(table).rowid >> 3) & \(WordID.mask))
            WHERE \(table) MATCH ? ORDER BY \(table).rowid
            """)
        let neighbours = try database.statement(
            """
            SELECT source, line, position, candidates, scores, confidence, stroke_ids, x, y, width, height
            FROM words WHERE drawing_id = ? AND source = ? AND line = ? AND position = ?
            """)
        let limit = query.options.limit
        var found: [(words: [WordMatch], start: Place, score: Double)] = []
        var topScores: [Double] = []  // the best `limit` scores so far, descending
        var seen = Set<Int64>()  // words already read through another of their readings
        try matches.forEachRow([expression], while: { row in
            // No reading still unread, nor a phrase built on it, scores above this. Once the worst
            // of `limit` hits is within a bucket of it, what is left can only reorder near-ties.
            let ceiling = pow(ReadingID.scoreCeiling(row.int64(13)), 1 / Double(query.terms.count))
            if ceiling < query.options.minimumScore { return false }
            if topScores.count >= limit, let worst = topScores.last,
                ceiling <= ReadingID.ceiling(ofBucket: ReadingID.bucket(worst))
            {
                return false
            }
            guard seen.insert(row.int64(15)).inserted else { return true }

            // Cheap checks first: most rows read are never kept, so their stroke IDs and bounds
            // are not decoded.
            guard let candidate = query.matchingCandidate(readings: row.string(4), folded: row.string(14), term: term)
            else { return true }
            var best = 0.0, chosen = 0.0
            if candidate > 0 {  // an alternative: its likelihood relative to the best reading
                let scores = row.string(5).split(separator: " ")
                best = scores.first.flatMap { Double($0) } ?? 0
                chosen = candidate < scores.count ? Double(scores[candidate]) ?? 0 : 0
            }
            let bound = pow(ReadingID.score(confidence: row.double(6), best: best, chosen: chosen), 1 / Double(query.terms.count))
            if bound < query.options.minimumScore { return true }
            // full, and no better than the worst kept: among equal scores the first read stay
            if topScores.count >= limit, let worst = topScores.last, bound <= worst { return true }

            let word = StoredWordRow.word(from: row, columnOffset: 1)
            let place = Place(drawing: row.int64(0), source: word.source.rawValue, line: word.line, position: word.position)
            var words: [WordMatch] = []
            for (offset, other) in query.terms.enumerated() {
                if offset == driver {
                    words.append(WordMatch(word: word, candidate: candidate, bm25: row.double(12)))
                    continue
                }
                let position = place.position + offset - driver
                guard position >= 0,
                    let beside = try neighbours.firstRow(
                        [place.drawing, place.source, place.line, position], { StoredWordRow.word(from: $0, columnOffset: 0) }),
                    let matched = query.matchingCandidate(beside.candidates, term: other)
                else { return true }
                words.append(WordMatch(word: beside, candidate: matched, bm25: 0))
            }
            let score = Self.score(of: words)
            guard score >= query.options.minimumScore else { return true }
            var start = place
            start.position -= driver
            found.append((words, start, score))
            topScores.insert(score, at: topScores.firstIndex { $0 < score } ?? topScores.count)
            if topScores.count > limit { topScores.removeLast() }
            return true
        })

        // only the best `limit` become hits (each needs its drawing's path and page)
        found.sort { a, b in a.score != b.score ? a.score > b.score : a.start.drawing > b.start.drawing }
        var ranked: [(hit: SearchHit, bm25: Double)] = []
        var drawings: [Int64: (path: String, page: Int, key: String)] = [:]
        for (words, start, score) in found.prefix(limit) {
            if drawings[start.drawing] == nil { drawings[start.drawing] = try drawingInfo(start.drawing) }
            guard let info = drawings[start.drawing] else { continue }
            ranked.append((hit(words, score: score, place: start, info: info), words.reduce(0) { $0 + $1.bm25 }))
        }
        ranked.sort { a, b in
            if a.hit.score != b.hit.score { return a.hit.score > b.hit.score }
            if a.bm25 != b.bm25 { return a.bm25 < b.bm25 }
            if a.hit.path != b.hit.path { return a.hit.path < b.hit.path }
            if a.hit.page != b.hit.page { return a.hit.page < b.hit.page }
            return (a.hit.line, a.hit.position) < (b.hit.line, b.hit.position)
        }
        return ranked.map(\.hit)
    }

    /// The index of the query term with the fewest indexed readings: the fewest of a term's
    /// tokens' counts (whole words; an in-word term under three characters counts as common) or
    /// of its trigrams' counts (longer in-word terms), each counted up to `rarityCap` rows. FTS5
    /// reads one token's rows lazily, so a capped count costs at most `rarityCap` rows however
    /// common the token (its vocabulary table counts them all: 38 ms for "the" on 50,000 pages).
    private func rarestTerm(of query: SearchQuery) throws -> Int {
        var best = (index: 0, count: Int.max)
        for (index, term) in query.terms.enumerated() {
            let (table, _) = query.ftsMatch(for: term)
            var tokens = term.tokens.map { String($0) }
            var fewest = Int.max
            if table == "readings_trigram" {
                tokens = Self.trigrams(of: term.folded)
            } else if !query.options.fullWordsOnly, !tokens.isEmpty {
                // the last token matches as a prefix: a term under three characters, as common as any
                tokens.removeLast()
                fewest = Self.rarityCap
            }
            let count = try database.statement(
                "SELECT count(*) FROM (SELECT 1 FROM \(table) WHERE \(table) MATCH ? LIMIT \(Self.rarityCap))")
            for token in tokens {
                fewest = min(fewest, try count.firstRow([SearchQuery.quoted(token)]) { $0.int(0) } ?? 0)
            }
            if fewest < best.count { best = (index, fewest) }
        }
        return best.index
    }

    private static let rarityCap = 2000

    /// The overlapping three-character pieces of `text`, as the trigram tokenizer makes them.
    private static func trigrams(of text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 3 else { return [] }
        return (0...(scalars.count - 3)).map { i in
            var trigram = String.UnicodeScalarView()
            trigram.append(contentsOf: scalars[i..<(i + 3)])
            return String(trigram)
        }
    }

    /// A word's score: its matched reading's (`ReadingID.score`).
    private static func score(_ match: WordMatch) -> Double {
        ReadingID.score(
            confidence: match.word.confidence, best: match.word.candidates.first?.score ?? 0,
            chosen: match.word.candidates[match.candidate].score)
    }

    /// A phrase's score: the geometric mean of its words' scores.
    private static func score(of words: [WordMatch]) -> Double {
        // one word: its own score, exactly as the early checks compute it
        guard words.count > 1 else { return score(words[0]) }
        return exp(words.reduce(0) { $0 + log(score($1)) } / Double(words.count))
    }

    private func drawingInfo(_ id: Int64) throws -> (path: String, page: Int, key: String)? {
        try database.statement(
            "SELECT f.path, d.page, d.key FROM drawings d JOIN files f ON f.id = d.file_id WHERE d.id = ?"
        ).firstRow([id]) { ($0.string(0), $0.int(1), $0.string(2)) }
    }

    private func hit(
        _ words: [WordMatch], score: Double, place: Place, info: (path: String, page: Int, key: String)
    ) -> SearchHit {
        var strokes = Set<UUID>()
        var bounds: Rect?
        for match in words {
            strokes.formUnion(match.word.strokeIDs)
            if let b = match.word.bounds { bounds = bounds.map { $0.union(b) } ?? b }
        }
        return SearchHit(
            path: info.path, page: info.page, drawing: info.key,
            text: words.map { $0.word.candidates[$0.candidate].text }.joined(separator: " "),
            strokeIDs: strokes.sorted(by: UUID.precedesAsString), bounds: bounds,
            score: score, source: words[0].word.source, line: place.line,
            position: place.position)
    }
}
