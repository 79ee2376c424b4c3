import SearchIndex
import Testing

@testable import NotebookIndexCLI

/// `query`'s score floor: the user's `--min-score` as given, else the query's own by its letters.
@Suite struct QueryFloorTests {
    @Test(arguments: [("are", nil, 0.3), ("notebook", nil, 0.0), ("are", 0.05, 0.05), ("notebook", 0.5, 0.5)])
    func theUsersFloorWinsOverTheDefaultByLength(text: String, given: Double?, floor: Double) {
        let query = QueryCommand.query(text, options: SearchOptions(fullWordsOnly: true), minimumScore: given)
        #expect(abs(query.options.minimumScore - floor) < 1e-12)
        #expect(query.options.fullWordsOnly)
    }
}
