import DrawingModel
import Foundation
import Recognition
import Testing

@testable import SearchIndex

/// A hit's line is read from the drawing's consecutive word IDs around it (`lineContext`).
@Suite struct LineContextTests {
    /// Two lines of handwriting and one of typed text, each word with its box.
    static func store(_ folder: TemporaryFolder) throws -> IndexStore {
        let store = try IndexStore(path: folder.index, access: .write)
        let lines: [(IndexedWord.Source, [String])] = [
            (.handwriting, ["alpha", "beta", "gamma"]), (.handwriting, ["delta", "epsilon"]),
            (.typedText, ["zeta", "eta"]),
        ]
        var words: [IndexedWord] = []
        for (number, (source, texts)) in lines.enumerated() {
            for (position, text) in texts.enumerated() {
                words.append(
                    IndexedWord(
                        source: source, line: source == .typedText ? 0 : number, position: position,
                        candidates: [WordCandidate(text: text, score: 0)], confidence: 0.9, strokeIDs: [],
                        bounds: Rect(x: Double(position) * 10, y: Double(number) * 10, width: 8, height: 8)))
            }
        }
        try store.replace(IndexedFile.oneDrawing(path: "/x/a.tnb", words: words))
        return store
    }

    /// Regression: a hit on a drawing's first word showed its line backwards ("gamma beta alpha").
    @Test(arguments: [
        ("alpha", "alpha beta gamma"), ("beta", "alpha beta gamma"), ("gamma", "alpha beta gamma"),
        ("delta", "delta epsilon"), ("epsilon", "delta epsilon"), ("zeta", "zeta eta"),
        ("beta gamma", "alpha beta gamma"),
    ])
    func lineContextOfAHitIsItsWholeLineInOrder(query: String, line: String) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let hit = try #require(
            try Self.store(folder).search(SearchQuery(query, options: SearchOptions(fullWordsOnly: true))).first)
        #expect(hit.context?.text == line)
        let count = line.split(separator: " ").count
        #expect(hit.context?.bounds?.width == Double(count - 1) * 10 + 8)
    }

    /// A line whose words lie in rows of their own (as an index packed around gaps in its word IDs
    /// may hold them) is read whole from the rows beside the hit's, and no further: the next row
    /// is another line.
    @Test(arguments: [
        ("alpha", "alpha beta gamma"), ("beta", "alpha beta gamma"), ("gamma", "alpha beta gamma"),
        ("beta gamma", "alpha beta gamma"), ("delta", "delta epsilon"),
    ])
    func lineSplitAcrossRowsIsReadWhole(query: String, line: String) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.store(folder)
        let first = try #require(try store.database.integer("SELECT min(id) FROM lines"))
        let row = try #require(try store.storedLine(holding: Int64(first)))
        #expect(row.count == 3)
        try store.database.run("DELETE FROM lines WHERE id = ?", row.id)
        for index in 0..<row.count {
            try store.insertLine(
                drawingID: row.id >> 20, firstWord: Int(row.id & Int64(WordID.maxWordsPerDrawing - 1)) + index,
                source: row.source,
                [row.stored(index)])
        }
        #expect(try store.database.integer("SELECT count(*) FROM lines") == 5)
        let hit = try #require(
            try store.search(SearchQuery(query, options: SearchOptions(fullWordsOnly: true))).first)
        #expect(hit.context?.text == line)
        let count = line.split(separator: " ").count
        #expect(hit.context?.bounds?.width == Double(count - 1) * 10 + 8)
        #expect(hit.context?.words[hit.context?.matched ?? 0..<0].joined(separator: " ") == query)
    }
}
