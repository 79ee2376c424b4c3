import DrawingModel
import Foundation
import Recognition
import SeededRandom
import Testing

@testable import SearchIndex

/// Schema 8 stores a word's bounds as integers in hundredths of a point (`StoredBounds`): what
/// `query --json` prints of them (rounded to hundredths) is what it printed of the doubles, the
/// migration from schema 7 rounds as the writer does, and the shell still reads points.
@Suite struct StoredBoundsTests {
    /// The rounding `query --json` applies to every bound (`JSONValue.rect`).
    static func printed(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// Random values of notebook sizes and every fraction, halves included.
    static func values(count: Int) -> [Double] {
        var random = SplitMix64(seed: 8)
        let halves: [Double] = [0, 0.005, 0.125, -0.125, 2.675, 10.005, 1.015, 255.995, -0.005, 0.49999]
        return halves
            + (0..<count).map { _ in
                let magnitude = [1.0, 100, 2_000, 100_000, 16_777_216][Int(random.next() % 5)]
                return (Double(random.next() % 2_000_001) / 1_000_000 - 1) * magnitude
            }
    }

    @Test func storedBoundsPrintAsTheDoublesDid() {
        for value in Self.values(count: 20_000) {
            let rect = Rect(x: value, y: -value, width: abs(value), height: value / 3)
            let stored = StoredBounds.stored(rect)
            for (original, back) in [
                (rect.x, stored?.x), (rect.y, stored?.y), (rect.width, stored?.width), (rect.height, stored?.height),
            ] {
                #expect(back.map(Self.printed) == Self.printed(original), "\(original)")
                #expect(abs((back ?? .infinity) - original) <= 0.005 + abs(original) * 1e-15, "\(original)")
            }
        }
    }

    /// Storing again what was read back changes nothing (a merge or a CJK split rewrites words).
    @Test func storingStoredBoundsAgainChangesNothing() {
        for value in Self.values(count: 2_000) {
            let stored = StoredBounds.stored(Rect(x: value, y: 1, width: 2, height: value))
            #expect(StoredBounds.stored(stored) == stored)
        }
    }

    @Test func boundsThatAreNotFiniteAreNotStored() {
        #expect(StoredBounds.columns(Rect(x: .nan, y: 0, width: 1, height: 1)) == nil)
        #expect(StoredBounds.columns(Rect(x: 0, y: .infinity, width: 1, height: 1)) == nil)
        #expect(StoredBounds.columns(Rect(x: 0, y: 0, width: 1e300, height: 1)) == nil)
        #expect(StoredBounds.columns(nil) == nil)
    }

    /// The upgrade from schema 7 rounds the doubles in SQL (`StoredBounds.sql`): the same
    /// integers as the writer's Swift.
    @Test func migrationRoundsAsTheWriterDoes() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t(v REAL)")
        let values = Self.values(count: 5_000)
        for value in values { try database.run("INSERT INTO t VALUES (?)", value) }
        let statement = try database.statement("SELECT v, \(StoredBounds.sql("v")) FROM t ORDER BY rowid")
        var count = 0
        try statement.forEachRow { row in
            let value = row.double(0)
            let swift = StoredBounds.columns(Rect(x: value, y: 0, width: 0, height: 0))?.x
            #expect(row.optionalInt64(1) == swift, "\(value)")
            count += 1
        }
        #expect(count == values.count)
        #expect(try database.integer("SELECT \(StoredBounds.sql("1e300"))") == nil)
    }

    /// The index holds integers, `sqlite3` reads points, and a hit gives back the stored bounds.
    @Test func indexStoresBoundsAsIntegersAndShowsPoints() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let box = Rect(x: 10.123_456, y: 20.006, width: 30.994_9, height: 0.001)
        let word = RecognizedWord(
            candidates: [WordCandidate(text: "quantized", score: 0)],
            strokeIDs: [UUID(uuid: (1, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))], bounds: box,
            confidence: 0.9)
        let store = try IndexStore(path: folder.index, access: .write)
        try store.replace(
            IndexedFile.oneDrawing(
                path: "/x/q.tnb",
                words: IndexedWord.handwriting(
                    Transcript(lines: [RecognizedLine(words: [word], bounds: box)]))))
        let place = try #require(
            try store.database.statement("SELECT \(StoredLine.columns) FROM lines l").firstRow([]) {
                StoredLine($0).place(0)
            })
        #expect(place.bounds.map { [$0.x, $0.y, $0.width, $0.height] } == [1012, 2001, 3099, 0])
        let hit = try #require(try store.search(SearchQuery("quantized")).first)
        #expect(hit.bounds == Rect(x: 10.12, y: 20.01, width: 30.99, height: 0))
        #expect(hit.bounds == StoredBounds.stored(box))
    }
}
