import DrawingModel
import Foundation
import Recognition
import SeededRandom
import Testing

@testable import SearchIndex

/// Many matches in one score bucket (`ReadingID`), as a common word's copies are: a query keeps
/// its `limit` hits after reading about that many rows, not every row of the bucket. Counted in
/// pages SQLite reads (`Database.pagesRead`), which do not depend on the machine's load.
@Suite struct TiedScoresTests {
    static let drawings = 16
    static let wordsPerDrawing = 250

    /// An index of `drawings` pages whose every word reads "foul" (then "fowl"), all scores
    /// distinct but in `bucket`.
    func tiedIndex(in folder: TemporaryFolder, bucket: Int) throws {
        let store = try IndexStore(path: folder.index, access: .write)
        let low = ReadingID.floor(ofBucket: bucket)
        let high = ReadingID.ceiling(ofBucket: bucket)
        let count = Self.drawings * Self.wordsPerDrawing
        var random = SplitMix64(seed: UInt64(bucket))
        let order = (0..<count).shuffled(using: &random)
        for drawing in 0..<Self.drawings {
            let words = (0..<Self.wordsPerDrawing).map { index in
                // within the bucket, away from its edges: distinct, in no order
                let fraction = 0.1 + 0.8 * Double(order[drawing * Self.wordsPerDrawing + index]) / Double(count)
                return IndexedWord(
                    source: .handwriting, line: index / 10, position: index % 10,
                    candidates: [WordCandidate(text: "foul", score: 0), WordCandidate(text: "fowl", score: -3)],
                    confidence: low + fraction * (high - low), strokeIDs: [], bounds: nil)
            }
            try store.replace(IndexedFile.oneDrawing(path: "/x/\(drawing).tnb", words: words))
        }
        var confidences = Set<Double>()
        try store.forEachWord(from: 0, through: WordID.mask) { word in
            confidences.insert(word.confidence)
            return true
        }
        #expect(confidences.count == count)
    }

    /// Hits of `query` on a fresh connection, and the pages it read for them.
    func pagesRead(_ index: String, _ query: SearchQuery) throws -> (hits: [SearchHit], pages: Int) {
        let store = try IndexStore(path: index, access: .read)
        let before = store.database.pagesRead
        let hits = try store.search(query)
        return (hits, store.database.pagesRead - before)
    }

    /// Regression: the 1,000,000-page bench read all 41,667 matches of `foul` for 100 hits (its
    /// replicated copies stored a higher bucket than their scores had; a build never does). The
    /// best bucket's ties settle the ranking once `limit` of them are kept.
    @Test(arguments: [1023, 600, 227])
    func tiesReadEveryRow(bucket: Int) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        try tiedIndex(in: folder, bucket: bucket)
        let all = try pagesRead(folder.index, SearchQuery("foul", options: SearchOptions(limit: 100_000)))
        #expect(all.hits.count == Self.drawings * Self.wordsPerDrawing)
        for limit in [1, 10, 100] {
            let top = try pagesRead(folder.index, SearchQuery("foul", options: SearchOptions(limit: limit)))
            #expect(top.hits.count == limit)
            #expect(top.hits.allSatisfy { ReadingID.bucket($0.score) == bucket })
            #expect(top.pages * 5 < all.pages, "limit \(limit): \(top.pages) pages read, \(all.pages) for every match")
        }
    }
}
