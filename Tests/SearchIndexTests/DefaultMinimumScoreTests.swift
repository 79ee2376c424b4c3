import Testing

@testable import SearchIndex

/// `query`'s default score floor by the query's length (`SearchOptions.defaultMinimumScore(letters:)`).
@Suite struct DefaultMinimumScoreTests {
    @Test(arguments: [(1, 0.3), (3, 0.3), (4, 0.2), (5, 0.1), (6, 0.0), (14, 0.0)])
    func theFloorFallsWithEachLetterToNoneFromSix(letters: Int, floor: Double) {
        #expect(abs(SearchOptions.defaultMinimumScore(letters: letters) - floor) < 1e-12)
    }

    @Test(arguments: [
        ("are", 0.3),
        ("Übung", 0.1),  // letters, not bytes: Ü is one
        ("notebook", 0.0),
        ("pie chart", 0.0),  // a phrase counts all its words' letters
        ("\"A4\"", 0.3),  // punctuation is no letter
        ("学习", SearchOptions.defaultCJKMinimumScore),
        ("PencilKit 手写", SearchOptions.defaultCJKMinimumScore),
    ])
    func aQueryIsJudgedOnAllItsLetters(text: String, floor: Double) {
        #expect(abs(SearchQuery(text).defaultMinimumScore - floor) < 1e-12)
    }
}
