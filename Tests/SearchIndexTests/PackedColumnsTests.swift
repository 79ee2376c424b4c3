import Foundation
import SeededRandom
import Testing

@testable import SearchIndex

@Suite struct PackedColumnsTests {
    static func uuid(_ n: UInt8) -> UUID { UUID(uuid: (n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, n)) }

    /// A drawing's list of IDs as stored whole.
    static func list(_ ids: [UUID]) -> StrokeList {
        StrokeList.columns(of: ids, origins: [:]).ids.withUnsafeBytes { StrokeList(ids: $0, keys: nil) }
    }

    /// Each word gets back its stroke IDs in its own order; each ID is stored once.
    @Test func strokeIDsRoundTripThroughTheDrawing() {
        let words: [[UUID]] = [[3, 1, 2], [], [2, 4], [4, 4], (5...200).map { UInt8($0) }].map { $0.map(Self.uuid) }
        let packed = PackedColumns.strokes(of: words)
        #expect(packed.drawing.count == 200)
        #expect(StrokeList.columns(of: packed.drawing, origins: [:]).ids.count == 16 * 200)
        let drawing = Self.list(packed.drawing)
        #expect(Set(drawing.ids).count == drawing.count)
        for (ids, bytes) in zip(words, packed.words) {
            #expect(bytes.withUnsafeBytes { PackedColumns.strokeIDs($0, in: drawing) } == ids)
        }
        // consecutive strokes take a byte each
        #expect(packed.words[4].count == 196)
    }

    @Test(arguments: [[], [0.0], [-1.5, -2.25], [12.352738380432129, -0.1], [Double.pi, 1e-300]])
    func scoresRoundTripExactly(scores: [Double]) {
        let bytes = PackedColumns.scores(scores)
        #expect(bytes.withUnsafeBytes { PackedColumns.scores($0) } == scores)
        let narrow = scores.allSatisfy { Double(Float($0)) == $0 }
        #expect(bytes.count == (narrow ? 4 * scores.count : 1 + 8 * scores.count))
    }

    /// Before schema 11 Float32 scores had a tag byte, 4: an index being upgraded reads them.
    @Test func scoresWithTheOlderTagStillDecode() {
        let scores = [-0.25, -1.75, -3.5]
        let older = [4] + PackedColumns.scores(scores)
        #expect(older.withUnsafeBytes { PackedColumns.scores($0) } == scores)
        #expect([UInt8]([4]).withUnsafeBytes { PackedColumns.scores($0) } == [])
    }

    /// Bytes from a damaged file decode to something, never a trap: truncated at every offset,
    /// and seeded random bytes.
    @Test func damagedColumnsNeverTrap() {
        let words: [[UUID]] = [[1, 2, 3], [9, 8]].map { $0.map(Self.uuid) }
        let packed = PackedColumns.strokes(of: words)
        let drawing = Self.list(packed.drawing)
        let stored = StrokeList.columns(of: packed.drawing, origins: [:]).ids
        let scores = PackedColumns.scores([Double.pi, -1])
        for end in 0...stored.count {
            // a truncated list keeps the whole IDs before the cut
            let list = Array(stored[..<end]).withUnsafeBytes { StrokeList(ids: $0, keys: nil) }
            #expect(list.ids == Array(packed.drawing.prefix(end / 16)))
        }
        for end in 0...scores.count { _ = Array(scores[..<end]).withUnsafeBytes { PackedColumns.scores($0) } }
        var random = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...24, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            let ids = bytes.withUnsafeBytes { PackedColumns.strokeIDs($0, in: drawing) }
            #expect(ids.allSatisfy(drawing.ids.contains))
            _ = bytes.withUnsafeBytes { PackedColumns.scores($0) }
        }
    }
}
