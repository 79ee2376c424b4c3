import Foundation
import Recognition
import Testing

@testable import SearchIndex

/// A build's end merges the FTS5 tables' segments (`IndexStore.mergeSearchSegments`) only when
/// enough was written beside the largest, and a merge changes no answer.
@Suite struct SegmentMergeTests {
    static let queries = ["ther", "moth", "mothers", "the other", "others mother", "thermos"]

    static func segments(of table: String, in store: IndexStore) throws -> Int {
        try store.database.integer("SELECT count(DISTINCT segid) FROM \(table)_idx") ?? 0
    }

    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("segments-\(UUID().uuidString).sqlite").path
    }

    static func word(_ text: String) -> IndexedWord {
        IndexedWord(
            source: .handwriting, line: 0, position: 0, candidates: [WordCandidate(text: text, score: 0)],
            confidence: 1, strokeIDs: [], bounds: nil)
    }

    @Test func mergingLeavesOneSegmentAndTheSameHits() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try VocabularyMatchTests.index(at: path)
        // six pages, each written in its own transaction: a segment each before FTS5 merges four
        #expect(try Self.segments(of: "readings_fts", in: store) > 1)
        let before = try VocabularyMatchTests.hitsAtEveryLimitAndCase(of: Self.queries, in: store)
        #expect(before.contains { !$0.isEmpty })

        let merged = try store.mergeSearchSegments()

        #expect(merged.contains("readings_fts"))
        #expect(try Self.segments(of: "readings_fts", in: store) == 1)
        #expect(try Self.segments(of: "vocabulary_trigram", in: store) == 1)
        #expect(try VocabularyMatchTests.hitsAtEveryLimitAndCase(of: Self.queries, in: store) == before)
        #expect(try store.mergeSearchSegments() == [])
    }

    @Test func aSmallWriteBesideALargeSegmentIsNotMerged() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try IndexStore(path: path, access: .write)
        // distinct forms, so that the merged segment spans many leaf pages
        for page in 0..<16 {
            try store.replace(
                IndexedFile.oneDrawing(
                    path: "/x/\(page).tnb", words: (0..<500).map { Self.word("form\(page)x\($0)") }))
        }
        // (FTS5 may have merged the pages' segments itself: a page's line is one write)
        try store.mergeSearchSegments()
        #expect(try Self.segments(of: "readings_fts", in: store) == 1)
        try store.replace(IndexedFile.oneDrawing(path: "/x/small.tnb", words: [Self.word("form0x0")]))
        #expect(try Self.segments(of: "readings_fts", in: store) == 2)

        #expect(try store.mergeSearchSegments() == [])
        #expect(try Self.segments(of: "readings_fts", in: store) == 2)
    }
}
