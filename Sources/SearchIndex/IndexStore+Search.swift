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
        /// Edits from the query word to the candidate (0: exact).
        var distance: Int
    }

    /// Runs a query.
    ///
    /// One word of the query drives it: the only word, or a phrase's rarest. Its FTS5 expression
    /// prefilters the index's readings, which come best first (`ReadingID`), and every candidate
    /// reading of a matched word is checked in Swift (whole words, case, the exact text); a word
    /// counts once, with its best matching reading. A phrase's other words are looked up beside
    /// each match (consecutive positions of one line), so "of the" never reads every "the".
    /// Reading stops once `limit` hits are in hand and nothing unread can beat the worst
    /// of them by more than one score bucket (`ReadingID`), so the best hits are exact up to
    /// near-ties and common words cost no more than rare ones. Hits are ranked by score
    /// (confidence × reading likelihood, a phrase's the geometric mean of its words'), then by
    /// place. With `fuzzy`, readings a letter or two off match too (`FuzzyMatching`), found
    /// through trigrams in the same best-first order; at equal scores exact hits come first.
    /// (Not by bm25: it makes FTS5 count every match of the term, 35 ms instead of 7 for a
    /// long word inside words on 50,000 pages, and each row is a single reading anyway.)
    /// - Returns: at most `query.options.limit` hits, best first; none for a query without terms.
    public func search(_ query: SearchQuery) throws -> [SearchHit] {
        guard !query.terms.isEmpty, query.options.limit > 0 else { return [] }
        // A phrase: each word's capped match count picks the driver, and the other words' best
        // readings anywhere bound what an unread phrase can score far tighter than 1.
        var driver = 0
        var othersCeiling = 1.0
        if query.terms.count > 1 {
            let terms = try termStatistics(of: query)
            driver = Self.rarest(terms)
            for (offset, statistics) in terms.enumerated() where offset != driver {
                guard let best = statistics.bestReading else { return [] }  // a word found nowhere
                othersCeiling *= ReadingID.scoreCeiling(best)
            }
        }
        let term = query.terms[driver]
        let (table, expression) = query.ftsMatch(for: term)
        let matches = try database.statement(
            """
            SELECT w.drawing_id, w.source, w.line, w.position, w.candidates, w.scores, w.confidence, w.stroke_ids,
                   w.x, w.y, w.width, w.height, \(table).rowid, w.folded, w.id
            FROM \(table) JOIN words w ON w.id = ((\(table).rowid >> 3) & \(WordID.mask))
            WHERE \(table) MATCH ? ORDER BY \(table).rowid
            """)
        let neighbours = try database.statement(
            """
            SELECT source, line, position, candidates, scores, confidence, stroke_ids, x, y, width, height
            FROM words WHERE drawing_id = ? AND source = ? AND line = ? AND position = ?
            """)
        let neighbourText = try database.statement(
            "SELECT candidates, folded FROM words WHERE drawing_id = ? AND source = ? AND line = ? AND position = ?")
        let limit = query.options.limit
        var found: [(words: [WordMatch], start: Place, score: Double, distance: Int)] = []
        // the best `limit` (score, distance) so far, best first: higher score, then fewer edits
        var topScores: [(score: Double, distance: Int)] = []
        func ranksAbove(_ a: (score: Double, distance: Int), _ b: (score: Double, distance: Int)) -> Bool {
            a.score != b.score ? a.score > b.score : a.distance < b.distance
        }
        var seen = Set<Int64>()  // words already read through another of their readings
        try matches.forEachRow([expression], while: { row in
            // No reading still unread, nor a phrase built on it, scores above this. Once the worst
            // of `limit` hits is within a bucket of it, what is left can only reorder near-ties.
            let ceiling = pow(ReadingID.scoreCeiling(row.int64(12)) * othersCeiling, 1 / Double(query.terms.count))
            if ceiling < query.options.minimumScore { return false }
            if topScores.count >= limit, let worst = topScores.last,
                ceiling <= ReadingID.ceiling(ofBucket: ReadingID.bucket(worst.score))
            {
                return false
            }
            guard seen.insert(row.int64(14)).inserted else { return true }

            // Cheap checks first: most rows read are never kept, so their stroke IDs and bounds
            // are not decoded.
            guard let (candidate, distance) = query.matchingCandidate(readings: row.string(4), folded: row.string(13), term: term)
            else { return true }
            var best = 0.0, chosen = 0.0
            if candidate > 0 {  // an alternative: its likelihood relative to the best reading
                let scores = row.string(5).split(separator: " ")
                best = scores.first.flatMap { Double($0) } ?? 0
                chosen = candidate < scores.count ? Double(scores[candidate]) ?? 0 : 0
            }
            let bound = pow(
                ReadingID.score(confidence: row.double(6), best: best, chosen: chosen) * othersCeiling, 1 / Double(query.terms.count))
            if bound < query.options.minimumScore { return true }
            // full, and no better than the worst kept: among equal scores the first read stay
            // (a phrase's other words only add edits, so `distance` is the least it can have)
            if topScores.count >= limit, let worst = topScores.last, !ranksAbove((bound, distance), worst) { return true }

            // a phrase's other words, checked on their stored text before anything is decoded
            let place = Place(drawing: row.int64(0), source: row.int(1), line: row.int(2), position: row.int(3))
            var beside: [(position: Int, candidate: Int, distance: Int)] = []
            for (offset, other) in query.terms.enumerated() where offset != driver {
                let position = place.position + offset - driver
                let key: [any DatabaseValueConvertible] = [place.drawing, place.source, place.line, position]
                guard position >= 0,
                    let matched = try neighbourText.firstRow(key, {
                        query.matchingCandidate(readings: $0.string(0), folded: $0.string(1), term: other)
                    }) ?? nil
                else { return true }
                beside.append((position, matched.index, matched.distance))
            }
            var words: [WordMatch] = []
            var pending = beside.makeIterator()
            for offset in query.terms.indices {
                if offset == driver {
                    let word = StoredWordRow.word(from: row, columnOffset: 1)
                    words.append(WordMatch(word: word, candidate: candidate, distance: distance))
                } else if let (position, matched, edits) = pending.next(),
                    let word = try neighbours.firstRow(
                        [place.drawing, place.source, place.line, position], { StoredWordRow.word(from: $0, columnOffset: 0) })
                {
                    words.append(WordMatch(word: word, candidate: matched, distance: edits))
                } else {
                    return true
                }
            }
            let score = Self.score(of: words)
            guard score >= query.options.minimumScore else { return true }
            var start = place
            start.position -= driver
            let edits = words.reduce(0) { $0 + $1.distance }
            found.append((words, start, score, edits))
            topScores.insert((score, edits), at: topScores.firstIndex { ranksAbove((score, edits), $0) } ?? topScores.count)
            if topScores.count > limit { topScores.removeLast() }
            return true
        })

        // only the best `limit` become hits (each needs its drawing's path and page)
        found.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.distance != b.distance { return a.distance < b.distance }
            return a.start.drawing > b.start.drawing
        }
        var ranked: [SearchHit] = []
        var drawings: [Int64: (path: String, page: Int, key: String)] = [:]
        for (words, start, score, _) in found.prefix(limit) {
            if drawings[start.drawing] == nil { drawings[start.drawing] = try drawingInfo(start.drawing) }
            guard let info = drawings[start.drawing] else { continue }
            var hit = hit(words, score: score, place: start, info: info)
            hit.context = try lineContext(
                drawing: start.drawing, source: start.source, line: start.line,
                matched: start.position..<(start.position + words.count))
            ranked.append(hit)
        }
        ranked.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.distance != b.distance { return a.distance < b.distance }
            if a.path != b.path { return a.path < b.path }
            if a.page != b.page { return a.page < b.page }
            return (a.line, a.position) < (b.line, b.position)
        }
        return ranked
    }

    /// Per query term: how many readings match it, counted with the term's own FTS5 expression up
    /// to `rarityCap` rows, and the ID of its likeliest matching reading (nil: none). FTS5 reads
    /// matches lazily in rowid order, best first, so one capped pass gives both for at most
    /// `rarityCap` rows, where its vocabulary table reads every posting of a token (38 ms for
    /// "the" on 50,000 pages). Terms under three characters inside words are prefix queries,
    /// which FTS5 merges in full: they count as common without being counted.
    private func termStatistics(of query: SearchQuery) throws -> [(matches: Int, length: Int, bestReading: Int64?)] {
        try query.terms.map { term in
            let (table, expression) = query.ftsMatch(for: term)
            let length = term.folded.unicodeScalars.count
            if expression.hasSuffix("*") {
                let best = try database.statement("SELECT rowid FROM \(table) WHERE \(table) MATCH ? ORDER BY rowid LIMIT 1")
                    .firstRow([expression]) { $0.int64(0) }
                return (Self.rarityCap, length, best)
            }
            let (matches, best) = try database.statement(
                """
                SELECT count(*), min(rowid)
                FROM (SELECT rowid FROM \(table) WHERE \(table) MATCH ? ORDER BY rowid LIMIT \(Self.rarityCap))
                """
            ).firstRow([expression]) { ($0.int(0), $0.optionalInt64(1)) } ?? (0, nil)
            return (matches, length, best)
        }
    }

    /// The term with the fewest matches; among terms over the cap the longest, long words being
    /// the rarer.
    private static func rarest(_ terms: [(matches: Int, length: Int, bestReading: Int64?)]) -> Int {
        var best = 0
        for (index, term) in terms.enumerated()
        where term.matches < terms[best].matches || (term.matches == terms[best].matches && term.length > terms[best].length) {
            best = index
        }
        return best
    }

    private static let rarityCap = 2000

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
            position: place.position, distance: words.reduce(0) { $0 + $1.distance })
    }
}
