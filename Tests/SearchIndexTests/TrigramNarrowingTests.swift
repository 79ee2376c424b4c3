import Foundation
import Recognition
import SeededRandom
import Testing

@testable import SearchIndex

/// An in-word term queried on fewer trigrams (`TrigramNarrowing`) finds what the query on all
/// of them finds, in the same order, with the vocabulary whole or emptied.
@Suite struct TrigramNarrowingTests {
    static let vocabulary = [
        "mothers", "mother", "smothers", "others", "brothers", "moth", "hers", "the", "other", "mo-thers", "Mothers",
        "thermos",
    ]

    /// Each query's hits at limits 1000, 7 and 1, matching case or not: what a change of query
    /// plan must leave as it was.
    static func hitsAtEveryLimitAndCase(of queries: [String], in store: IndexStore) throws -> [[SearchHit]] {
        try queries.flatMap { text in
            try [1000, 7, 1].flatMap { limit in
                try [false, true].map { caseSensitive in
                    try store.search(
                        SearchQuery(text, options: SearchOptions(caseSensitive: caseSensitive, limit: limit)))
                }
            }
        }
    }

    /// Pages of words with up to four readings from `vocabulary`, their confidences in a few
    /// buckets, so that many tie within one.
    static func index(at path: String, of vocabulary: [String] = vocabulary, seed: UInt64 = 3) throws -> IndexStore {
        let store = try IndexStore(path: path, access: .write)
        var random = SplitMix64(seed: seed)
        for page in 0..<6 {
            let words = (0..<60).map { index in
                let readings = (0..<Int(1 + random.next() % 4)).map { rank in
                    WordCandidate(
                        text: vocabulary[Int(random.next() % UInt64(vocabulary.count))],
                        score: -Double(rank) - Double(random.next() % 10) / 10)
                }
                return IndexedWord(
                    source: .handwriting, line: index / 6, position: index % 6, candidates: readings,
                    confidence: [1, 0.99, 0.97, 0.9][Int(random.next() % 4)] - Double(random.next() % 5) * 1e-9,
                    strokeIDs: [], bounds: nil)
            }
            try store.replace(IndexedFile.oneDrawing(path: "/x/\(page).tnb", words: words))
        }
        return store
    }

    /// Regression: an in-word term asked FTS5 for rows holding all its trigrams, and a common one
    /// ("the", "her") was read page by page across every row before the matches (5,003 pages for
    /// `mothers` on the 1,000,000-page bench index). The narrowed query gives the same hits.
    @Test func inWordTermsReadCommonTrigramsAcrossTheIndex() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.index(at: folder.index)
        let terms = ["mothers", "other", "rothers", "smot", "thers", "hers", "mothe", "ermo", "o-th", "MOTHERS"]
        func hits(_ narrowing: Bool) throws -> [[SearchHit]] {
            store.narrowsTrigrams = narrowing
            return try Self.hitsAtEveryLimitAndCase(of: terms, in: store)
        }
        let all = try hits(false)
        #expect(all.contains { $0.count > 20 })
        #expect(try hits(true) == all)
        // a vocabulary that vouches for nothing: rows without every trigram are dropped all the same
        try store.database.execute(
            "INSERT INTO vocabulary_trigram(vocabulary_trigram) VALUES ('delete-all'); DELETE FROM vocabulary")
        #expect(try hits(true) == all)
    }

    /// A word whose best reading holds some of the term's trigrams ("moth") comes, under the
    /// narrowed query, in that reading's bucket; unless dropped there, it would be kept before a
    /// near-tie (one bucket) that the query on every trigram reads first.
    @Test func rowsLackingATrigramAreDropped() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        func word(_ readings: [(String, Double)], confidence: Double) -> IndexedWord {
            IndexedWord(
                source: .handwriting, line: 0, position: 0,
                candidates: readings.map { WordCandidate(text: $0.0, score: $0.1) }, confidence: confidence,
                strokeIDs: [], bounds: nil)
        }
        try store.replace(IndexedFile.oneDrawing(path: "/x/a.tnb", words: [word([("mothers", 0)], confidence: 0.9502)]))
        let later = word([("moth", 0), ("mothers", log(0.9505))], confidence: 1)
        try store.replace(IndexedFile.oneDrawing(path: "/x/b.tnb", words: [later]))
        #expect(ReadingID.bucket(0.9502) == ReadingID.bucket(0.9505))
        try store.database.execute(
            "INSERT INTO vocabulary_trigram(vocabulary_trigram) VALUES ('delete-all'); DELETE FROM vocabulary")
        let query = SearchQuery("mothers", options: SearchOptions(limit: 1))
        store.narrowsTrigrams = false
        let all = try store.search(query)
        #expect(all.map(\.path) == ["/x/a.tnb"])
        store.narrowsTrigrams = true
        #expect(try store.search(query) == all)
    }

    /// Trigrams that a shorter form holds ("mot", "oth" in "mother") do not stand for "mothers".
    @Test func chosenTrigramsHoldNoOtherForm() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.index(at: folder.index)
        let narrowing = try #require(try TrigramNarrowing(folded: "mothers", in: store.database))
        #expect(narrowing.expression.contains("\"ers\"") || narrowing.expression.contains("\"rs\""))
        #expect(narrowing.passes(folded: "moth\nmothers", rank: 1))
        #expect(!narrowing.passes(folded: "moth\nmothers", rank: 0))
        #expect(narrowing.passes(folded: "smOTHers", rank: 0))
    }

    /// Regression: a term whose trigrams the vocabulary knows, but no form all of them, walked the
    /// rows of the chosen trigrams to find none ("coaching" on the bench index, where "coach" is
    /// common): no reading can hold it, and nothing is read.
    @Test func inWordTermsHeldByNoReadingWalkedTheirTrigrams() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.index(at: folder.index)
        let narrowing = try #require(try TrigramNarrowing(folded: "thermot", in: store.database))
        #expect(narrowing.holdsNothing)
        #expect(try TrigramNarrowing(folded: "mothers", in: store.database)?.holdsNothing == false)
        #expect(try store.search(SearchQuery("thermot")).isEmpty)
        store.narrowsTrigrams = false
        #expect(try store.search(SearchQuery("thermot")).isEmpty)
        // a vocabulary that knows none of its trigrams vouches for nothing
        try store.database.execute(
            "INSERT INTO vocabulary_trigram(vocabulary_trigram) VALUES ('delete-all'); DELETE FROM vocabulary")
        #expect(try TrigramNarrowing(folded: "thermot", in: store.database)?.holdsNothing == false)
    }
}
