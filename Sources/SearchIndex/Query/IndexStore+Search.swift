import DrawingModel
import Foundation
import Recognition
import TextMatching

extension IndexStore {
    /// Runs a query.
    ///
    /// Each term's FTS5 expression prefilters the index's readings, which come best first
    /// (`ReadingID`), and every candidate reading of a matched word is checked in Swift (whole
    /// words, case, the exact text, edits with `fuzzy`); a word counts once, with its best
    /// matching reading. A single word reads its matches lazily and stops as soon as
    /// `MatchRanking` is settled, so common words cost no more than rare ones; a phrase is
    /// matched on word IDs first (`PhraseSearch`). A single word also finds itself written as
    /// two words (`searchSplitWord`). Hits are ranked by score (confidence ×
    /// reading likelihood, a phrase's the geometric mean of its words'), then by place; at equal
    /// scores exact hits come first. (Not by bm25: it makes FTS5 count every match of the term,
    /// which costs several times as much on a large index, and each row is a single reading
    /// anyway.) A query of words outside the word lists has no floor when its floor is `query`'s
    /// default (`SearchOptions.floorSparesUnlistedWords`).
    /// - Returns: at most `query.options.limit` hits, best first; none for a query without terms.
    package func search(_ query: SearchQuery) throws -> [SearchHit] {
        guard !query.terms.isEmpty, query.options.limit > 0 else { return [] }
        // one read transaction: one snapshot, and one file lock instead of one per statement
        // (a phrase runs thousands of statements; locking was a sixth of its time)
        try database.execute("BEGIN")
        defer { try? database.execute("COMMIT") }
        let unlisted =
            try query.options.floorSparesUnlistedWords && query.options.minimumScore > 0 && holdsNoListedWord(query)
        var ranking = MatchRanking(
            limit: query.options.limit, minimumScore: unlisted ? 0 : query.options.minimumScore,
            sparesBestReadings: query.options.floorSparesBestReadings && query.terms.count == 1)
        if query.terms.count == 1 {
            try searchWord(query, into: &ranking)
            try searchSplitWord(query, into: &ranking)
        } else {
            try PhraseSearch(store: self, query: query).run(into: &ranking)
        }
        return try hits(for: ranking.best)
    }

    /// Whether no word of `query` is in the recognizer's word lists of the index's languages (English
    /// for an index read before they were recorded) or in its user vocabulary
    /// (`SearchOptions.floorSparesUnlistedWords`). A CJK character counts as listed: it has a
    /// floor of its own (`SearchOptions.defaultCJKMinimumScore(characters:)`).
    private func holdsNoListedWord(_ query: SearchQuery) throws -> Bool {
        guard !query.terms.contains(where: \.isCJK) else { return false }
        let languages = try recognitionLanguages() ?? ["en"]
        for term in query.terms {
            if ListedWords.contains(term.core, languages: languages) { return false }
            if try userVocabularyHolds(term.core) { return false }
        }
        return true
    }

    /// One word: its matches read best first until the ranking is settled.
    private func searchWord(_ query: SearchQuery, into ranking: inout MatchRanking) throws {
        let term = query.terms[0]
        guard let (table, expressions, vocabulary) = try ftsMatch(for: term, in: query) else { return }
        // Under the floor only best readings can be kept (`MatchRanking.sparesBestReadings`): the
        // rows of other readings are passed over there before their words are read.
        let underFloor = ranking.sparesBestReadings ? ReadingID.firstID(scoringUnder: ranking.minimumScore) : Int64.max
        var matches = try MergedMatches(
            database: database,
            sql: """
                SELECT \(table).rowid, \(StoredLine.columns)
                FROM \(table) JOIN lines l ON l.id = \(Self.lineHolding("((\(table).rowid >> 3) & \(WordID.mask))"))
                WHERE \(table) MATCH ? AND (\(table).rowid < ? OR \(table).rowid & \(ReadingID.indexedReadings - 1) = 0)
                ORDER BY \(table).rowid
                """, expressions: expressions, otherValues: [underFloor])
        var seen = Set<Int64>()  // words already read through another of their readings
        // Words read alike match alike: a common word's rows repeat a few lists of readings
        // thousands of times, and matching a list (fuzzy distances on its tokens) costs more
        // than looking it up.
        var matchOfReadings: [String: (index: Int, distance: Int)?] = [:]
        while let statement = try matches.next() {
            if ranking.isSettled(ceiling: ReadingID.scoreCeiling(statement.int64(0))) { break }
            guard let row = WordRow(of: (statement.int64(0) >> 3) & WordID.mask, in: StoredLine(statement, offset: 1))
            else { continue }
            if let vocabulary, !vocabulary.passes(folded: row.folded, rank: ReadingID.rank(statement.int64(0))) {
                continue  // a row the trigrams of every reading did not give (`VocabularyMatch`)
            }
            guard seen.insert(row.id).inserted else { continue }
            // A reading ranked before this row's that the prefilter passes has an earlier row,
            // which would have marked the word seen, unless it scores in a lower bucket: so no
            // match scores above the best reading from this row's on. Bounding that first spares
            // matching words that cannot be kept: every row read when a term's readings score
            // just under --min-score (thousands of rows for a common word). Scores are parsed
            // once, and only for a row of a reading past the best.
            let rank = ReadingID.rank(statement.int64(0))
            let scores = rank > 0 ? row.readingScores : [row.score(ofCandidate: 0)]
            guard
                ranking.admits(
                    score: scores[min(rank, scores.count - 1)...].max() ?? 0, distance: 0, bestReading: rank == 0),
                let (candidate, distance) = query.matchingCandidate(
                    of: row, matching: term, knowing: &matchOfReadings)
            else { continue }
            let score = candidate < scores.count ? scores[candidate] : row.score(ofCandidate: candidate)
            guard ranking.admits(score: score, distance: distance, bestReading: candidate == 0) else { continue }
            let word = WordMatch(id: row.id, candidate: candidate, distance: distance, score: score)
            ranking.add(QueryMatch(words: [word], start: row.place))
        }
    }

    /// The FTS5 table and MATCH expressions whose rows together are every reading `term` can match
    /// (the exact checks follow; `MergedMatches`), and for a term looked up by trigrams, the forms whose rows to keep
    /// (`VocabularyMatch`); nil when none can. `SearchQuery.ftsMatch`, but with the forms holding
    /// an in-word term looked up in the vocabulary (a few thousand forms, not millions of
    /// readings) and their readings found through `readings_fts`, best first, so the early stop
    /// works as it does for whole words. A word that forgives edits asks for the forms close to it
    /// alone, the rows of which are matches; past `maxFuzzyForms` of those, an OR of that many
    /// terms costs more than reading the forms holding its trigram pieces (`FuzzyMatching`).
    func ftsMatch(
        for term: SearchQuery.Term, in query: SearchQuery
    ) throws -> (
        table: String, expressions: [String], vocabulary: VocabularyMatch?
    )? {
        guard term.maxDistance > 0 else {
            let match = query.ftsMatch(for: term)
            if match.table == "vocabulary_trigram" {
                guard let vocabulary = try VocabularyMatch(trigramExpression: match.expression, in: database)
                else { return nil }
                return ("readings_fts", vocabulary.expressions, vocabulary)
            }
            // a term under three letters: the tokens starting with it rather than FTS5's prefix merge
            guard expandsPrefixes, match.expression.hasSuffix("*"), term.tokens.count == 1,
                let expression = try PrefixForms.expression(startingWith: term.tokens[0], in: database)
            else { return (match.table, [match.expression], nil) }
            return (match.table, [expression], nil)
        }
        let expression = FuzzyMatching.trigramExpression(for: term.folded)
        let wanted = Array(term.folded.unicodeScalars)
        var found: [String] = []
        var forms: [String] = []
        try database.statement("SELECT form FROM vocabulary_trigram WHERE vocabulary_trigram MATCH ?").forEachRow([
            expression
        ]) { (row: Statement) -> Void in
            let form = row.string(0)
            found.append(form)
            let inside = query.options.fullWordsOnly ? form == term.folded : TextFolding.contains(form, term.folded)
            if inside
                || !CJKText.containsCJK(form)
                    && FuzzyMatching.distance(wanted, Array(form.unicodeScalars), limit: term.maxDistance) != nil
            {
                forms.append(form)
            }
        }
        guard !forms.isEmpty else { return nil }
        guard forms.count <= Self.maxFuzzyForms else {
            guard let vocabulary = VocabularyMatch(forms: found) else { return nil }
            return ("readings_fts", vocabulary.expressions, vocabulary)
        }
        let close = VocabularyMatch.withoutRowsOfOthers(forms)
        return ("readings_fts", [FTSExpression.any(close.map { FTSExpression.allTokens($0) })], nil)
    }

    private static let maxFuzzyForms = 256

    /// The kept matches as hits, each with its file, page and line, ranked.
    private func hits(for matches: ArraySlice<QueryMatch>) throws -> [SearchHit] {
        var ranked: [SearchHit] = []
        var drawings: [Int64: DrawingInfo] = [:]
        for match in matches {
            let start = match.start
            if drawings[start.drawing] == nil { drawings[start.drawing] = try drawingInfo(start.drawing) }
            guard let info = drawings[start.drawing] else { continue }
            // the row holding the first word holds the others of a phrase too, and is the hit's line
            guard let (line, before) = try lineRows(holding: match.words[0].id) else { continue }
            var words: [WordRow] = []
            for word in match.words {
                guard let row = try WordRow(of: word.id, in: line) ?? self.word(word.id) else { break }
                words.append(row)
            }
            guard words.count == match.words.count else { continue }  // gone since (a build in between)
            var hit = hit(match, words: words, info: info)
            hit.context = try lineContext(
                around: line, before: before, place: start,
                matched: start.position..<(start.position + match.words.count))
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

    /// What a hit shows of its drawing: its file, page, key, and the stroke IDs its words name.
    private struct DrawingInfo {
        var path: String
        var page: Int
        var key: String
        var strokes: StrokeList
    }

    private func drawingInfo(_ id: Int64) throws -> DrawingInfo? {
        try database.statement(
            """
            SELECT f.path, d.page, d.key, d.stroke_ids, d.stroke_keys FROM drawings d JOIN files f ON f.id = d.file_id
            WHERE d.id = ?
            """
        ).firstRow([id]) {
            DrawingInfo(
                path: $0.string(0), page: $0.int(1), key: $0.string(2), strokes: $0.strokeList(ids: 3, keys: 4))
        }
    }

    /// A hit of `words`, which only the matched reading, the place and the stroke IDs are read
    /// out of (not every reading and score, as `WordRow.word` decodes them).
    private func hit(_ match: QueryMatch, words: [WordRow], info: DrawingInfo) -> SearchHit {
        var strokes = Set<UUID>()
        var bounds: Rect?
        for word in words {
            let (place, ids) = word.placeAndStrokeIDs(in: info.strokes)
            strokes.formUnion(ids)
            if let b = place.rect { bounds = bounds.map { $0.union(b) } ?? b }
        }
        return SearchHit(
            path: info.path, page: info.page, drawing: info.key,
            text: CJKText.joined(zip(match.words, words).map { $1.reading($0.candidate) }),
            strokeIDs: strokes.sorted(by: UUID.precedesAsString), bounds: bounds,
            score: match.score, source: words[0].source, line: match.start.line,
            position: match.start.position, distance: match.distance)
    }
}

extension SearchQuery {
    /// `matchingCandidate` for a stored word, looked up in `known` (by the readings it compares,
    /// for one term) before it is worked out, and remembered there.
    func matchingCandidate(
        of row: WordRow, matching term: Term, knowing known: inout [String: (index: Int, distance: Int)?]
    ) -> (index: Int, distance: Int)? {
        // (the readings are compared as written only when case matters, else as folded: the
        // other is not taken out of the row)
        let key = options.caseSensitive ? row.readings : row.folded
        if let match = known[key] { return match }
        let match =
            options.caseSensitive
            ? matchingCandidate(readings: key, folded: "", term: term)
            : matchingCandidate(readings: "", folded: key, term: term)
        known[key] = match
        return match
    }
}
