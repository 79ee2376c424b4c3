import DrawingModel
import Foundation
import Testing

@testable import SearchIndex

/// `SearchOptions.fuzzy` and each hit's line (`SearchHit.context`).
@Suite struct FuzzySearchTests {
    static func makeIndex() async throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.write("notes/trip.tnb", "train to Bremn today\nBremen at noon\npear peer cat cot\n")
        folder.write("notes/words.tnb", "handwriting handwritting hamdwritimg hamdwrjtimg\nnotebook nodebaok\n")
        _ = try await build(folder)
        return folder
    }

    static let fuzzy = SearchOptions(fullWordsOnly: true, fuzzy: true)

    @Test func exactHitsRankBeforeFuzzyOnesOfTheSameScore() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        let hits = try search(folder, "bremen", options: Self.fuzzy)
        #expect(hits.map(\.text) == ["Bremen", "Bremn"])
        #expect(hits.map(\.distance) == [0, 1])
        #expect(hits[0].score == hits[1].score)
        #expect(try search(folder, "bremen", options: SearchOptions(fullWordsOnly: true)).map(\.text) == ["Bremen"])
    }

    @Test func shortWordsMatchExactly() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        #expect(try search(folder, "cat", options: Self.fuzzy).map(\.text) == ["cat"])
        // four letters forgive one edit, even one that breaks every trigram of the word
        #expect(Set(try search(folder, "pear", options: Self.fuzzy).map(\.text)) == ["pear", "peer"])
    }

    @Test func longWordsForgiveTwoEdits() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        let hits = try search(folder, "handwriting", options: Self.fuzzy)
        #expect(hits.map(\.text) == ["handwriting", "handwritting", "hamdwritimg"])
        #expect(hits.map(\.distance) == [0, 1, 2])
        // eight letters: the 3rd and 6th changed leave no trigram whole
        #expect(try search(folder, "notebook", options: Self.fuzzy).map(\.distance) == [0, 2])
    }

    @Test func phrasesAddTheirWordsDistances() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        let hits = try search(folder, "train to bremen", options: Self.fuzzy)
        #expect(hits.map(\.text) == ["train to Bremn"] && hits.map(\.distance) == [1])
    }

    @Test func hitsCarryTheirLine() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        let hit = try #require(try search(folder, "to bremn").first)
        let line = try #require(hit.context)
        #expect(line.text == "train to Bremn today")
        #expect(line.matched == 1..<3)
        // WordTranscriber: words 100 apart, each 10 per letter plus 8 wide, 30 high
        #expect(line.bounds == Rect(x: 0, y: 0, width: 348, height: 30))
        #expect(try search(folder, "noon").first?.context?.text == "Bremen at noon")
    }
}
