import Foundation
import SeededRandom
import Testing

@testable import SearchIndex

@Suite struct PackedLineTests {
    /// A word's stored values: `confidence` nil where the scores give it.
    static func readings(
        _ texts: [String], scores: [Double], confidence: Double? = nil, folded: String? = nil, buckets: String? = nil
    ) -> StoredReadings {
        StoredReadings(
            candidates: texts.joined(separator: "\n"), folded: folded, scores: PackedColumns.scores(scores),
            confidence: confidence, buckets: buckets)
    }

    static let float32Line: [(readings: StoredReadings, place: PackedPlace)] = [
        (
            readings(["The", "Tho"], scores: [-0.5, -2], buckets: "1000 900"),
            PackedPlace(line: 2, position: 0, bounds: (10, 20, 300, 40), strokes: [2, 2])
        ),
        (
            readings(["École"], scores: [0], confidence: 0.75, folded: "ecole"),
            PackedPlace(line: 2, position: 1, bounds: nil, strokes: [])
        ),
        (readings([""], scores: [0]), PackedPlace(line: 2, position: 2, bounds: (-5, 0, 1, 1), strokes: [0x81, 0x01])),
    ]

    /// Another line with a word whose scores are Float64s, so the scores keep their lengths.
    static let mixedLine: [(readings: StoredReadings, place: PackedPlace)] = [
        (readings(["a"], scores: [0.1]), PackedPlace(line: -1, position: 0, bounds: nil, strokes: [4])),
        (readings(["b", "c"], scores: [0, -0.5]), PackedPlace(line: -1, position: 1, bounds: nil, strokes: [])),
    ]

    static func store(_ folder: TemporaryFolder) throws -> IndexStore {
        try IndexStore(path: folder.index, access: .write)
    }

    static func lines(of store: IndexStore, drawing: Int64) throws -> [StoredLine] {
        var lines: [StoredLine] = []
        try store.forEachLine(ofDrawing: drawing) { lines.append($0) }
        return lines
    }

    @Test(arguments: [false, true]) func linesRoundTrip(mixed: Bool) throws {
        let words = mixed ? Self.mixedLine : Self.float32Line
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.store(folder)
        try store.insertLine(drawingID: 1, firstWord: 4, source: 0, words)
        let line = try #require(try Self.lines(of: store, drawing: 1).first)
        #expect(line.id == 1 << 20 | 4 && line.count == words.count && line.line == words[0].place.line)
        for (index, word) in words.enumerated() {
            let (readings, place) = line.stored(index)
            #expect(readings.candidates == word.readings.candidates)
            #expect(readings.folded == word.readings.folded)
            #expect(readings.scores == word.readings.scores)
            #expect(readings.confidence == word.readings.confidence)
            #expect(readings.buckets == word.readings.buckets)
            #expect(place == word.place)
            #expect(line.position(index) == word.place.position)
        }
        #expect(try store.word(1 << 20 | 3) == nil)
        #expect(try store.word(1 << 20 | Int64(4 + words.count)) == nil)
        #expect(try store.word(1 << 20 | 5)?.readings == words[1].readings.candidates)
    }

    /// A line of Float32 scores, one a reading, stores them without lengths; one with a Float64
    /// word keeps every word's length.
    @Test func scoresTakeLengthsOnlyWhereAWordNeedsThem() {
        let plain = PackedLine.scores(Self.float32Line.map(\.readings))
        #expect(plain == Self.float32Line.flatMap(\.readings.scores))
        let mixed = PackedLine.scores(Self.mixedLine.map(\.readings))
        #expect(mixed.count == Self.mixedLine.map { 1 + $0.readings.scores.count }.reduce(0, +))
    }

    /// Bytes from a damaged file decode to something, never a trap: each binary column truncated
    /// at every offset, and seeded random bytes.
    @Test func damagedLinesNeverTrap() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.store(folder)
        try store.insertLine(drawingID: 1, firstWord: 0, source: 0, Self.mixedLine)
        let columns = PackedLine.Columns(line: -1, words: Self.mixedLine)
        func readEveryWord() throws {
            for line in try Self.lines(of: store, drawing: 1) {
                for index in 0..<line.count {
                    let word = WordRow(line: line, index: index)
                    _ = (word.readings, word.folded, word.confidence, word.readingScores, word.bounds, word.place)
                    _ = line.stored(index)
                }
            }
        }
        let update = "UPDATE lines SET scores = ?, confidences = ?, place = ?"
        let confidence: [UInt8] = [0x01] + [UInt8](repeating: 0x40, count: 8)
        for (column, bytes) in [(0, columns.scores), (1, confidence), (2, columns.place)] {
            for end in 0...bytes.count {
                var values: [[UInt8]] = [columns.scores, [], columns.place]
                values[column] = Array(bytes[..<end])
                try store.database.run(update, values[0], values[1], values[2])
                try readEveryWord()
            }
        }
        var random = SplitMix64(seed: 13)
        for _ in 0..<300 {
            let values = (0..<3).map { _ in
                (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            try store.database.run(update, values[0], values[1], values[2])
            try readEveryWord()
        }
    }
}
