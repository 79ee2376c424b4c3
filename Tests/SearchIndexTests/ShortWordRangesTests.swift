import Foundation
import Testing

@testable import SearchIndex

/// A phrase's reader (`ShortWordRanges`) keeps the last line it read: every range, in either
/// order, inside that line, across two lines or past the stored words, gives the words stored
/// there and stops when asked, as a read from the index does.
@Suite struct ShortWordRangesTests {
    /// Drawing 1: words 0-2 on one line, 3-4 on the next; nothing stored from 5 on.
    static func store(_ folder: TemporaryFolder) throws -> IndexStore {
        let store = try PackedLineTests.store(folder)
        try store.insertLine(drawingID: 1, firstWord: 0, source: 0, PackedLineTests.float32Line)
        try store.insertLine(drawingID: 1, firstWord: 3, source: 0, PackedLineTests.mixedLine)
        return store
    }

    static let storedWords = (0..<5).map { 1 << 20 | Int64($0) }

    @Test(arguments: [false, true]) func rangesReadAsStored(descending: Bool) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.store(folder)
        var kept = try ShortWordRanges(database: store.database)
        let base: Int64 = 1 << 20
        // every range of up to three words, each after every other, so the kept line is any of them
        let ranges: [(Int64, Int64)] = (-1...6).flatMap { (first: Int) -> [(Int64, Int64)] in
            (first...first + 2).map { (base + Int64(first), base + Int64($0)) }
        }
        for (before, range) in zip(ranges + ranges, ranges.reversed() + ranges) {
            try kept.forEachWord(from: before.0, through: before.1) { _ in true }
            var read: [(Int64, String)] = []
            try kept.forEachWord(from: range.0, through: range.1, descending: descending) { row in
                read.append((row.id, row.readings))
                return true
            }
            var fresh: [Int64] = []
            try store.forEachWord(from: range.0, through: range.1, descending: descending) { row in
                fresh.append(row.id)
                return true
            }
            let stored = Self.storedWords.filter { (range.0...range.1).contains($0) }
            let expected = descending ? Array(stored.reversed()) : stored
            #expect(read.map(\.0) == expected, "range \(range) after \(before)")
            #expect(fresh == expected, "range \(range)")
            for (id, readings) in read {
                let stored = try store.word(id)?.readings
                #expect(readings == stored)
            }
        }
    }

    @Test func readingStopsWhenTheBodySaysSo() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.store(folder)
        var kept = try ShortWordRanges(database: store.database)
        for descending in [false, true] {
            var read: [Int64] = []
            try kept.forEachWord(from: 1 << 20 | 1, through: 1 << 20 | 4, descending: descending) { row in
                read.append(row.id)
                return read.count < 2
            }
            let expected: [Int64] = descending ? [4, 3] : [1, 2]
            #expect(read == expected.map { 1 << 20 | $0 })
        }
    }
}
