import Foundation
import Recognition
import SeededRandom
import Testing

@testable import SearchIndex

/// A term looked up by trigrams through the vocabulary (`VocabularyMatch`) keeps the rows that
/// schema 11's trigram index of every reading gave, in the same order.
@Suite struct VocabularyMatchTests {
    static let vocabulary = [
        "mothers", "mother", "smothers", "others", "brothers", "moth", "hers", "the", "other", "mo-thers", "Mothers",
        "thers mo",
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

    /// Schema 11's trigram index of every reading, made beside the index to compare with.
    static func addReadingsTrigram(to store: IndexStore) throws {
        try store.database.execute(
            """
            CREATE VIRTUAL TABLE readings_trigram USING fts5(
                folded, content='readings', content_rowid='id', tokenize='trigram', detail=none, columnsize=0);
            INSERT INTO readings_trigram(rowid, folded) SELECT id, folded FROM readings;
            """)
    }

    /// The row IDs of `table` for `expressions` (`MergedMatches`), in order, those of the
    /// vocabulary's forms kept as a search keeps them.
    /// With `asPhrases`, as a phrase's term keeps them: a row's reading is looked at only when the
    /// checked expressions alone give it (`VocabularyMatch.firstCheckedExpression`).
    static func rows(
        of table: String, _ expressions: [String], keeping vocabulary: VocabularyMatch?, asPhrases: Bool = false,
        in store: IndexStore
    ) throws -> [Int64] {
        var rows: [Int64] = []
        var matches = try MergedMatches(
            database: store.database,
            sql: """
                SELECT \(table).rowid, \(StoredLine.columns) FROM \(table) JOIN lines l
                ON l.id = \(IndexStore.lineHolding("((\(table).rowid >> 3) & \(WordID.mask))"))
                WHERE \(table) MATCH ? ORDER BY \(table).rowid
                """, expressions: expressions)
        while let row = try matches.next() {
            if let vocabulary,
                !asPhrases || matches.currentRowIsGivenOnly(byExpressionsFrom: vocabulary.firstCheckedExpression),
                let word = WordRow(of: (row.int64(0) >> 3) & WordID.mask, in: StoredLine(row, offset: 1)),
                !vocabulary.passes(folded: word.folded, rank: ReadingID.rank(row.int64(0)))
            {
                continue
            }
            rows.append(row.int64(0))
        }
        return rows
    }

    /// Rows asked for as several expressions come merged in row ID order, each once, as one OR
    /// of them all gives them.
    @Test func mergedExpressionsGiveTheRowsOfTheirOr() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.index(at: folder.index)
        let forms = ["mothers", "other", "others", "the", "hers"].map(SearchQuery.quoted)
        let whole = try Self.rows(of: "readings_fts", [FTSExpression.any(forms)], keeping: nil, in: store)
        #expect(whole.count > 100)
        #expect(try Self.rows(of: "readings_fts", forms, keeping: nil, in: store) == whole)
        let overlapping = [FTSExpression.any(Array(forms[0..<3])), FTSExpression.any(Array(forms[2...]))]
        #expect(try Self.rows(of: "readings_fts", overlapping, keeping: nil, in: store) == whole)
    }

    /// Every in-word and fuzzy term's rows through the vocabulary are the rows schema 11's index of
    /// every reading's trigrams gave, in the same order: the search reads the same rows.
    @Test func rowsAreThoseOfTheTrigramsOfEveryReading() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.index(at: folder.index)
        try Self.addReadingsTrigram(to: store)
        let terms = ["mothers", "other", "rothers", "smot", "thers", "hers", "mothe", "ermo", "o-th", "the", "her"]
        var compared = 0
        for term in terms {
            let folded = SearchQuery(term).terms[0].folded
            for expression in [FTSExpression.allTrigrams(folded), FuzzyMatching.trigramExpression(for: folded)] {
                let old = try Self.rows(of: "readings_trigram", [expression], keeping: nil, in: store)
                let vocabulary = try VocabularyMatch(trigramExpression: expression, in: store.database)
                let new = try vocabulary.map {
                    try Self.rows(of: "readings_fts", $0.expressions, keeping: $0, in: store)
                }
                #expect((new ?? []) == old, "\(term): \(expression)")
                let asPhrases = try vocabulary.map {
                    try Self.rows(of: "readings_fts", $0.expressions, keeping: $0, asPhrases: true, in: store)
                }
                #expect((asPhrases ?? []) == old, "\(term): \(expression)")
                compared += old.count
            }
        }
        #expect(compared > 1000)
    }

    /// `readings_fts` gives every reading holding a form's tokens: "thers mo" holds those of
    /// "mo-thers", but not "o-th". Such a row is dropped before it counts as its word's, in a
    /// single word's search and in a phrase's, whose terms are read as row IDs alone.
    @Test func readingsHoldingAFormsTokensElsewhereAreDropped() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        func word(_ text: String, position: Int) -> IndexedWord {
            IndexedWord(
                source: .handwriting, line: 0, position: position, candidates: [WordCandidate(text: text, score: 0)],
                confidence: 1, strokeIDs: [], bounds: nil)
        }
        try store.replace(
            IndexedFile.oneDrawing(path: "/x/a.tnb", words: [word("mo-thers", position: 0), word("day", position: 1)]))
        try store.replace(
            IndexedFile.oneDrawing(path: "/x/b.tnb", words: [word("thers mo", position: 0), word("day", position: 1)]))
        let vocabulary = try #require(
            try VocabularyMatch(trigramExpression: FTSExpression.allTrigrams("o-th"), in: store.database))
        #expect(!vocabulary.rowsAllPass)
        #expect(vocabulary.passes(folded: "x\nmo-thers", rank: 1))
        #expect(!vocabulary.passes(folded: "thers mo", rank: 0))
        #expect(try store.search(SearchQuery("o-th")).map(\.path) == ["/x/a.tnb"])
        #expect(try store.search(SearchQuery("o-th day")).map(\.path) == ["/x/a.tnb"])
        // a form of one plain token is held only by readings holding its letters
        #expect(
            try VocabularyMatch(trigramExpression: FTSExpression.allTrigrams("day"), in: store.database)?.rowsAllPass
                == true)
    }

    /// A term whose trigrams the vocabulary knows, but no form all of them, reads nothing: no
    /// reading can hold it ("coaching" on the bench index, where "coach" is common).
    @Test func termsHeldByNoFormReadNothing() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.index(at: folder.index)
        #expect(try VocabularyMatch(trigramExpression: FTSExpression.allTrigrams("thermot"), in: store.database) == nil)
        #expect(try VocabularyMatch(trigramExpression: FTSExpression.allTrigrams("mothers"), in: store.database) != nil)
        #expect(try store.search(SearchQuery("thermot")).isEmpty)
        #expect(try store.search(SearchQuery("thermot the")).isEmpty)
    }

    /// `--fuzzy` asked `readings_fts` for every close form, so `questions` asked for `question`
    /// and for `question's` as "question" AND "s": no row more, but FTS5 sought through the rows
    /// of "s" for each row of "question" (the slowest fuzzy word at 1,000,000 pages). A form whose
    /// rows another form gives is no longer asked for, in-word either, and the rows stay those
    /// of every form.
    @Test func formsWhoseRowsAnotherGivesAreNotAskedFor() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let vocabulary = ["question", "question's", "question:", "questions", "quest", "s", "ions", "the"]
        let store = try Self.index(at: folder.index, of: vocabulary)
        let query = SearchQuery("questions", options: SearchOptions(fuzzy: true))
        let match = try #require(try store.ftsMatch(for: query.terms[0], in: query))
        #expect(match.vocabulary == nil)
        #expect(match.expressions.count == 1 && FTSExpression.alternatives(in: match.expressions[0]) == 2)
        #expect(!match.expressions[0].contains("\"s\""))
        let everyForm = FTSExpression.any(
            ["question", "question's", "question:", "questions"].map {
                FTSExpression.allTokens($0)
            })
        let rows = try Self.rows(of: "readings_fts", match.expressions, keeping: nil, in: store)
        #expect(rows.count > 10)
        #expect(rows == (try Self.rows(of: "readings_fts", [everyForm], keeping: nil, in: store)))
        // forms of the same tokens, none of them a form itself, are asked for once
        #expect(VocabularyMatch(forms: ["question:", "question.:"])?.expressions == ["\"question\""])
    }
}
