import Foundation
import Recognition
import SeededRandom
import Testing

@testable import SearchIndex

/// Phrases are matched on word IDs (`PhraseSearch`): checked here against matching every place
/// of random pages word by word, with and without the other terms' sets, and on an index whose
/// words were numbered out of place order before schema 5.
@Suite struct PhraseSearchTests {
    static let vocabulary = ["a", "an", "and", "in", "into", "the", "then", "apple", "apples", "pie", "pier", "city"]

    /// Pages of random lines whose words have up to four readings with random scores.
    static func randomDrawings(seed: UInt64) -> [IndexedDrawing] {
        var random = SplitMix64(seed: seed)
        func pick() -> String { vocabulary[Int(random.next() % UInt64(vocabulary.count))] }
        return (0..<6).map { page in
            let words = (0..<8).flatMap { line in
                (0..<Int(2 + random.next() % 5)).map { position in
                    let readings = (0..<Int(1 + random.next() % 4)).map { rank in
                        WordCandidate(text: pick(), score: -Double(rank) - Double(random.next() % 10) / 10)
                    }
                    return IndexedWord(
                        source: .handwriting, line: line, position: position, candidates: readings,
                        confidence: 0.3 + Double(random.next() % 700) / 1000, strokeIDs: [], bounds: nil)
                }
            }
            return IndexedDrawing(page: page, key: "k\(page)", strokeCount: 0, recognitionVersion: 1, words: words)
        }
    }

    /// An index at `folder` holding `randomDrawings(seed:)` as one file, and those drawings.
    static func indexOfRandomDrawings(seed: UInt64, in folder: TemporaryFolder) throws -> (IndexStore, [IndexedDrawing])
    {
        let store = try IndexStore(path: folder.index, access: .write)
        let drawings = randomDrawings(seed: seed)
        try store.replace(
            IndexedFile(
                path: "/x/random.tnb", fingerprint: FileFingerprint(size: 1, modificationTime: 1), format: "tnb",
                title: nil, drawings: drawings))
        return (store, drawings)
    }

    /// Every match of `query` on `drawings`, found place by place: (page, line, position) and score.
    static func everyMatch(_ query: SearchQuery, in drawings: [IndexedDrawing]) -> [(place: [Int], score: Double)] {
        var found: [(place: [Int], score: Double)] = []
        for drawing in drawings {
            for word in drawing.words {
                var scores: [Double] = []
                for (offset, term) in query.terms.enumerated() {
                    guard
                        let next = drawing.words.first(where: {
                            $0.line == word.line && $0.position == word.position + offset
                        }),
                        let candidate = query.matchingCandidate(
                            Array(next.candidates.prefix(ReadingID.indexedReadings)), term: term)
                    else { break }
                    scores.append(
                        ReadingID.score(
                            confidence: next.confidence, best: next.candidates[0].score,
                            chosen: next.candidates[candidate].score))
                }
                if scores.count == query.terms.count {
                    found.append(([drawing.page, word.line, word.position], QueryMatch.score(scores)))
                }
            }
        }
        return found.sorted { $0.score > $1.score }
    }

    /// Rows read per bound, per round of the race, and at most before the race ends: the defaults
    /// (every term read to its end in the race on pages this small), none past the race, and a
    /// few, so that terms finish while candidates are bounded, with two-letter prefixes joining
    /// the race early; and races ended after a few rows, the driver read on as candidates need,
    /// the other terms read on after the race no further than the driver (as the defaults do on
    /// a large index, where two common words end the race after its first round).
    @Test(
        arguments: [
            (nil, 4096, 4096), (0, 2, 65_536), (3, 2, 65_536), (nil, 2, 4), (0, 2, 2), (3, 1, 8), (nil, 2, 2),
        ] as [(Int?, Int, Int)])
    func phrasesMatchWordByWordMatching(rowsPerBound: Int?, chunkRows: Int, driverRowsAtMost: Int) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let (store, drawings) = try Self.indexOfRandomDrawings(seed: 5, in: folder)
        func search(_ query: SearchQuery) -> PhraseSearch {
            var search = PhraseSearch(store: store, query: query, otherTermRowsPerBound: rowsPerBound)
            search.chunkRows = chunkRows
            search.prefixWorthReading = chunkRows == 4096 ? 16_384 : 4
            search.driverRowsAtMost = driverRowsAtMost
            search.readOnAtLeast = chunkRows == 4096 ? search.readOnAtLeast : chunkRows
            return search
        }
        var random = SplitMix64(seed: 6)
        let randomPhrases = (0..<60).map { trial in
            (0..<(2 + trial % 2)).map { _ in Self.vocabulary[Int(random.next() % UInt64(Self.vocabulary.count))] }
                .joined(separator: " ")
        }
        // short terms are prefix queries, read first or left to the candidates by their lengths
        for text in ["an a", "a an", "a a", "in an a", "an in"] + randomPhrases {
            for options in [SearchOptions(limit: 1000), SearchOptions(fullWordsOnly: true, limit: 1000)] {
                let query = SearchQuery(text, options: options)
                let expected = Self.everyMatch(query, in: drawings)
                var ranking = MatchRanking(limit: 1000, minimumScore: 0)
                try search(query).run(into: &ranking)
                #expect(ranking.best.count == expected.count, "\(text) \(options.fullWordsOnly)")
                let places = Set(
                    ranking.best.map { [$0.start.drawing, Int64($0.start.line), Int64($0.start.position)] })
                #expect(places.count == expected.count, "\(text)")
                let scores = ranking.best.map(\.score)
                #expect(zip(scores, expected.map(\.score)).allSatisfy { abs($0 - $1) < 1e-9 }, "\(text)")

                // a limit keeps the best up to near-ties: two score buckets for phrases (`MatchRanking`)
                var top = MatchRanking(limit: 5, minimumScore: 0)
                try search(query).run(into: &top)
                #expect(top.best.count == min(5, expected.count))
                if let worst = top.best.last, expected.count >= 5 {
                    #expect(
                        worst.score >= ReadingID.floor(ofBucket: ReadingID.bucket(expected[4].score) - 1), "\(text)")
                }
            }
        }
    }

    /// A candidate bounded by its own words (a term read in no set, such as a one-letter one) used
    /// to be fetched twice, to bound it and again to check it, often after the page cache had
    /// dropped its page: each candidate's words are now fetched at most once, with the same hits.
    @Test(arguments: [nil, 0, 3] as [Int?])
    func boundCandidatesAreFetchedOnce(rowsPerBound: Int?) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let (store, drawings) = try Self.indexOfRandomDrawings(seed: 9, in: folder)
        var bounded = 0
        for text in ["a an", "an a", "in an a", "a the", "pie a", "a city"] {
            for limit in [1000, 3] {
                let query = SearchQuery(text, options: SearchOptions(limit: limit))
                var search = PhraseSearch(store: store, query: query, otherTermRowsPerBound: rowsPerBound)
                search.chunkRows = 2
                var ranking = MatchRanking(limit: limit, minimumScore: 0)
                let reads = try search.run(into: &ranking)
                #expect(reads.fetches <= reads.candidates, "\(text) \(limit)")
                bounded += reads.bounded
                let expected = Self.everyMatch(query, in: drawings)
                #expect(ranking.best.count == min(limit, expected.count), "\(text) \(limit)")
                if limit == 1000 {
                    #expect(zip(ranking.best.map(\.score), expected.map(\.score)).allSatisfy { abs($0 - $1) < 1e-9 })
                }
            }
        }
        #expect(bounded > 0)  // the queries do bound candidates on their own words
    }

    /// A search told to stop below a score (`PhraseSearch.stopsBelow`: a word's split matches under
    /// the worst of its own) finds every match scoring that much that it finds without, in the
    /// same order, and checks fewer candidates.
    @Test func stoppingBelowAScoreKeepsEveryMatchAboveIt() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let (store, _) = try Self.indexOfRandomDrawings(seed: 5, in: folder)
        var random = SplitMix64(seed: 7)
        var stoppedEarlier = 0
        for _ in 0..<40 {
            let text = (0..<2).map { _ in Self.vocabulary[Int(random.next() % UInt64(Self.vocabulary.count))] }
                .joined(separator: " ")
            let query = SearchQuery(text, options: SearchOptions(limit: 1000))
            var every = MatchRanking(limit: 1000, minimumScore: 0)
            let everyRead = try PhraseSearch(store: store, query: query).run(into: &every)
            let scores = every.best.map(\.score)
            guard scores.count >= 4 else { continue }
            let floor = scores[scores.count / 2]
            var search = PhraseSearch(store: store, query: query)
            search.stopsBelow = floor
            var some = MatchRanking(limit: 1000, minimumScore: 0)
            let reads = try search.run(into: &some)
            func kept(_ ranking: MatchRanking) -> [[Int64]] {
                ranking.best.filter { $0.score >= floor }.map {
                    [$0.start.drawing, Int64($0.start.line), Int64($0.start.position)]
                }
            }
            #expect(kept(some) == kept(every), "\(text)")
            if reads.candidates < everyRead.candidates { stoppedEarlier += 1 }
        }
        #expect(stoppedEarlier > 0)
    }

    /// Before schema 5 a drawing's words could be numbered out of place order (version 1's
    /// migration numbered them backwards), and there was no vocabulary: `build` renumbers them and
    /// fills it, and phrases and fuzzy words are found.
    @Test func olderIndexIsRenumberedAndGainsItsVocabulary() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        do {
            let store = try IndexStore(path: folder.index, access: .write)
            let words = ["big", "apple", "pie"].enumerated().map { position, text in
                IndexedWord(
                    source: .handwriting, line: 0, position: position,
                    candidates: [WordCandidate(text: text, score: 0)],
                    confidence: 0.9, strokeIDs: [], bounds: nil)
            }
            try store.replace(
                IndexedFile(
                    path: "/x/a.tnb", fingerprint: FileFingerprint(size: 1, modificationTime: 1), format: "tnb",
                    title: nil,
                    drawings: [IndexedDrawing(page: 0, key: "k", strokeCount: 0, recognitionVersion: 1, words: words)]))
        }
        try LegacyIndex.rewriteAsSchema6(path: folder.index)
        do {
            // numbered backwards, through negative IDs, as an old migration left them
            let database = try Database(path: folder.index)
            try database.execute(
                """
                UPDATE words SET id = -id - 1;
                UPDATE words SET id = (drawing_id << 20) | (2 - position);
                DELETE FROM vocabulary;
                INSERT INTO vocabulary_trigram(vocabulary_trigram) VALUES ('delete-all');
                PRAGMA user_version = 4;
                """)
            #expect(
                try database.text("SELECT group_concat(text, ' ') FROM (SELECT text FROM words ORDER BY id)")
                    == "pie apple big")
        }
        #expect(throws: IndexStoreError.self) { try IndexStore(path: folder.index, access: .read) }
        let store = try IndexStore(path: folder.index, access: .write)
        var order: [Int] = []
        try store.forEachWord(from: 0, through: WordID.mask) { word in
            order.append(word.place.position)
            return true
        }
        #expect(order == [0, 1, 2])
        #expect(try store.search(SearchQuery("apple pie")).map(\.text) == ["apple pie"])
        #expect(try store.search(SearchQuery("big apple pie")).map(\.text) == ["big apple pie"])
        // the vocabulary `--fuzzy` looks forms up in is filled from the stored readings
        #expect(try store.search(SearchQuery("aple", options: SearchOptions(fuzzy: true))).map(\.text) == ["apple"])
        #expect(try store.integrityCheck() == "ok")
    }
}

/// Terms read alongside the bounds of candidates (`PhraseSearch`, step 3).
@Suite struct PhraseReadAlongTests {
    /// Pages of "the" written again and again, a few of which hold "call court" or "the court".
    static func index(at path: String) throws -> IndexStore {
        try index(at: path) { page, position in
            guard page % 8 == 3 else { return "the" }
            return position == 6 ? "court" : position == 5 && page % 16 == 3 ? "call" : "the"
        }
    }

    /// 40 pages of one line of 12 words, read with certainty: `text(page, position)`.
    static func index(at path: String, text: (Int, Int) -> String) throws -> IndexStore {
        let store = try IndexStore(path: path, access: .write)
        for page in 0..<40 {
            let words = (0..<12).map { position in
                IndexedWord(
                    source: .handwriting, line: 0, position: position,
                    candidates: [WordCandidate(text: text(page, position), score: 0)],
                    confidence: 1, strokeIDs: [], bounds: nil)
            }
            try store.replace(IndexedFile.oneDrawing(path: "/x/\(page).tnb", words: words))
        }
        return store
    }

    /// Regression: a common term was read on for every candidate bounded on its own words, though
    /// it could not finish before the candidates ran out ("the" of "the court" on the bench index):
    /// such a term is no longer read on, with the same matches.
    /// Also with the race ended early, the driver read on as the candidates need it.
    @Test(arguments: [65_536, 2])
    func termsThatCannotFinishWereReadAlongTheBounds(driverRowsAtMost: Int) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.index(at: folder.index)
        let query = SearchQuery("the court", options: SearchOptions(limit: 1000))
        func run(rowsPerBound: Int?) throws -> (PhraseSearch.Reads, [QueryMatch]) {
            var search = PhraseSearch(store: store, query: query, otherTermRowsPerBound: rowsPerBound)
            search.chunkRows = 2
            search.readOnAtLeast = 4
            search.driverRowsAtMost = driverRowsAtMost
            var ranking = MatchRanking(limit: 1000, minimumScore: 0)
            let reads = try search.run(into: &ranking)
            return (reads, Array(ranking.best))
        }
        let (reads, matches) = try run(rowsPerBound: nil)
        let (along, expected) = try run(rowsPerBound: 32)
        if driverRowsAtMost > 5 {
            #expect(along.rowsAlong > 0)
            #expect(reads.rowsAlong == 0)
            #expect(reads.bounded == 5)
        }
        #expect(matches.map(\.start) == expected.map(\.start))
        #expect(matches.map(\.score) == expected.map(\.score))
        #expect(matches.count == 2)
    }

    /// A term of a few forms read along the bounds reads 64 rows a bound, twice what a term held by
    /// dozens of forms reads (`PhraseSearch.rowsPerBound(forms:)`), so its set rules the other
    /// candidates out after half the bounds ("you" of "you ever" on the bench index), with the same
    /// matches. Here "the" (one form, 43 rows, 6 read in the race) ends with the first bound.
    @Test func aTermOfFewFormsReadsTwiceTheRowsAlongABound() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.index(at: folder.index) { page, position in
            if position == 0 { return "the" }
            guard page % 8 == 3, position >= 5 else { return "word" }
            return position == 6 ? "court" : position == 5 ? (page % 16 == 3 ? "the" : "call") : "word"
        }
        let query = SearchQuery("the court", options: SearchOptions(limit: 1000))
        func run(rowsPerBound: Int?) throws -> (PhraseSearch.Reads, [QueryMatch]) {
            var search = PhraseSearch(store: store, query: query, otherTermRowsPerBound: rowsPerBound)
            search.chunkRows = 2
            search.readOnAtLeast = 4
            var ranking = MatchRanking(limit: 1000, minimumScore: 0)
            let reads = try search.run(into: &ranking)
            return (reads, Array(ranking.best))
        }
        let (reads, matches) = try run(rowsPerBound: nil)
        let (halfAsMany, expected) = try run(rowsPerBound: 32)
        #expect(reads.rowsAlong == 64)
        #expect(reads.bounded == 1)
        #expect(halfAsMany.bounded == 2)
        #expect(matches.map(\.start) == expected.map(\.start))
        #expect(matches.map(\.score) == expected.map(\.score))
        #expect(matches.count == 3)
    }
}
