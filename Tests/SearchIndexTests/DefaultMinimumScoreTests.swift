import DrawingModel
import Foundation
import Recognition
import SeededRandom
import Testing

@testable import SearchIndex

/// `query`'s default score floor by the query's length (`SearchOptions.defaultMinimumScore(letters:)`),
/// which a word's best reading passes (`SearchOptions.floorSparesBestReadings`).
@Suite struct DefaultMinimumScoreTests {
    @Test(arguments: [(1, 0.3), (3, 0.3), (4, 0.2), (5, 0.1), (6, 0.0), (14, 0.0)])
    func theFloorFallsWithEachLetterToNoneFromSix(letters: Int, floor: Double) {
        #expect(abs(SearchOptions.defaultMinimumScore(letters: letters) - floor) < 1e-12)
    }

    /// A two-character word is rarely read by chance in a row, so its right readings scoring under
    /// a lone character's floor are kept; a lone character keeps the higher floor.
    @Test(arguments: [(1, 0.1), (2, 0.05), (3, 0.05), (8, 0.05)])
    func aWordOfTwoCJKCharactersHasALowerFloorThanOne(characters: Int, floor: Double) {
        #expect(abs(SearchOptions.defaultCJKMinimumScore(characters: characters) - floor) < 1e-12)
    }

    @Test(arguments: [
        ("are", 0.3),
        ("Übung", 0.1),  // letters, not bytes: Ü is one
        ("notebook", 0.0),
        ("pie chart", 0.0),  // a phrase counts all its words' letters
        ("\"A4\"", 0.3),  // punctuation is no letter
        ("心", 0.1),
        ("学习", 0.05),  // each CJK character is a term, so this is a two-character word
        ("PencilKit 手写", 0.05),  // CJK characters set the floor, not the Latin letters
        ("water 水", 0.1),
    ])
    func aQueryIsJudgedOnAllItsLetters(text: String, floor: Double) {
        #expect(abs(SearchQuery(text).defaultMinimumScore - floor) < 1e-12)
    }

    func word(line: Int, _ readings: [(String, Double)], confidence: Double) -> IndexedWord {
        IndexedWord(
            source: .handwriting, line: line, position: 0,
            candidates: readings.map { WordCandidate(text: $0.0, score: $0.1) }, confidence: confidence,
            strokeIDs: [], bounds: nil)
    }

    /// `text` printed "import & export from and to Pdf." but `query pdf --full-words` found nothing:
    /// the word's best reading scored 0.243, under the default floor of a 3-letter query. The default
    /// floor passes a word's best reading, still ranked by its score; an alternative reading under it
    /// stays out, and so does everything under a floor the user gives.
    @Test func bestReadingHiddenByTheDefaultFloor() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        let words = [
            word(line: 0, [("Pdf.", 0)], confidence: 0.243),
            word(line: 1, [("Pod", 0), ("pdf", -2)], confidence: 0.9),  // 0.9 × e⁻² ≈ 0.12
            word(line: 2, [("pdf", 0)], confidence: 0.95),
            word(line: 3, [("drag", 0), ("drug", -0.5)], confidence: 0.07),
        ]
        try store.replace(IndexedFile.oneDrawing(path: "/x/pdf.rnote", words: words))
        func lines(_ text: String, spares: Bool, limit: Int = 100) throws -> [Int] {
            var query = SearchQuery(text, options: SearchOptions(fullWordsOnly: true, limit: limit))
            query.options.minimumScore = query.defaultMinimumScore
            query.options.floorSparesBestReadings = spares
            return try store.search(query).map(\.line)
        }
        #expect(try lines("pdf", spares: true) == [2, 0])
        #expect(try lines("pdf", spares: true, limit: 1) == [2])
        #expect(try lines("drag", spares: true) == [3])
        #expect(try lines("drug", spares: true).isEmpty)  // an alternative under the floor
        #expect(try lines("pdf", spares: false) == [2])  // --min-score 0.3
        #expect(try lines("drag", spares: false).isEmpty)
    }

    /// `query idx --full-words` found nothing on a real page whose index held `idx` as the word's
    /// seventh reading, scoring 0.05: under the default floor of a 3-letter query, which is there
    /// for listed words read by chance, while every reading of the unlisted `idx` paid the
    /// word-list penalty. A query of words outside the lists has no default floor; a listed word
    /// keeps it, and so does any floor the user gives.
    @Test func unlistedWordHiddenByTheDefaultFloor() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try storeHolding(
            [
                word(line: 0, [("ida", 0), ("idx", -3)], confidence: 0.9),  // 0.9 × e⁻³ ≈ 0.045
                word(line: 1, [("drag", 0), ("drug", -3)], confidence: 0.9),
            ], in: folder)
        #expect(try lines("idx", in: store) == [0])
        #expect(try lines("IDX", in: store) == [0])
        #expect(try lines("idx", in: store, floor: 0.3).isEmpty)
        #expect(try lines("drug", in: store).isEmpty)  // listed: the floor stays
    }

    /// A word the user vocabulary holds is read as a listed word is, so its lower readings keep
    /// the floor: once `qux` is sure twice, the third place's lower reading of it is left out.
    @Test func aUserVocabularyWordKeepsTheDefaultFloor() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try storeHolding(
            [
                word(line: 0, [("qux", 0)], confidence: 0.95),
                word(line: 1, [("qux", 0)], confidence: 0.95),
                word(line: 2, [("ida", 0), ("qux", -3)], confidence: 0.9),
            ], in: folder)
        #expect(try lines("qux", in: store).sorted() == [0, 1, 2])
        try store.rebuildUserVocabulary()
        #expect(try store.userVocabularyHolds("qux"))
        #expect(try lines("qux", in: store).sorted() == [0, 1])
    }

    /// An index in `folder` holding `words` on one page.
    func storeHolding(_ words: [IndexedWord], in folder: TemporaryFolder) throws -> IndexStore {
        let store = try IndexStore(path: folder.index, access: .write)
        try store.replace(IndexedFile.oneDrawing(path: "/x/notes.rnote", words: words))
        return store
    }

    /// The lines of the hits of `text` as whole words, with `query`'s default floor and what it
    /// spares (`QueryCommand.query`), or with a floor the user gives.
    func lines(_ text: String, in store: IndexStore, floor: Double? = nil) throws -> [Int] {
        var query = SearchQuery(text, options: SearchOptions(fullWordsOnly: true))
        query.options.minimumScore = floor ?? query.defaultMinimumScore
        query.options.floorSparesBestReadings = floor == nil
        query.options.floorSparesUnlistedWords = floor == nil
        return try store.search(query).map(\.line)
    }

    /// Sparing best readings keeps what ranking every match and then applying the floor to all
    /// but best readings keeps, whether or not reading stops early.
    @Test func theDefaultFloorKeepsBestReadingsAsRankingEveryMatchDoes() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .write)
        var random = SplitMix64(seed: 48)
        var bestLines = Set<Int>()
        let words = (0..<300).map { line in
            let alternative = -Double(random.next() % 30) / 10
            let best = random.next() % 2 == 0
            if best { bestLines.insert(line) }
            let readings = best ? [("arc", 0), ("are", alternative)] : [("are", 0), ("arc", alternative)]
            return word(line: line, readings, confidence: Double(random.next() % 1000) / 1000)
        }
        try store.replace(IndexedFile.oneDrawing(path: "/x/arc.tnb", words: words))
        let all = try store.search(SearchQuery("arc", options: SearchOptions(fullWordsOnly: true, limit: 1000)))
        #expect(all.count == words.count)
        for minimum in [0.1, 0.3, 0.6] {
            let wanted = all.filter { $0.score >= minimum || bestLines.contains($0.line) }
            for limit in [1000, 20] {
                let options = SearchOptions(
                    fullWordsOnly: true, limit: limit, minimumScore: minimum, floorSparesBestReadings: true)
                let kept = try store.search(SearchQuery("arc", options: options))
                #expect(kept.map(\.score) == kept.map(\.score).sorted(by: >))
                if limit >= wanted.count {
                    #expect(kept.map(\.line).sorted() == wanted.map(\.line).sorted())
                } else {
                    #expect(kept.count == limit)
                    let worst = wanted.map(\.score).sorted(by: >)[limit - 1]
                    #expect(kept.allSatisfy { $0.score >= ReadingID.floor(ofBucket: ReadingID.bucket(worst)) })
                }
            }
        }
    }
}
