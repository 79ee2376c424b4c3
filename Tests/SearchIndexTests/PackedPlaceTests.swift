import Foundation
import SeededRandom
import Testing

@testable import SearchIndex

@Suite struct PackedPlaceTests {
    static let places = [
        PackedPlace(line: 0, position: 0, bounds: nil, strokes: []),
        PackedPlace(line: 3, position: 17, bounds: (1012, 2001, 3099, 0), strokes: [2, 2, 1]),
        PackedPlace(line: -1, position: 200, bounds: (-5, 61_200, 127, -128), strokes: [0x81, 0x01]),
        PackedPlace(
            line: 1 << 40, position: 0, bounds: (Int64(1e15) - 1, -Int64(1e15) + 1, 8_388_607, 8_388_608), strokes: []),
    ]

    @Test(arguments: places)
    func placesRoundTrip(place: PackedPlace) {
        let bytes = place.bytes
        #expect(bytes.withUnsafeBytes { PackedPlace($0) } == place)
        let word = place.wordBytes
        #expect(word.withUnsafeBytes { PackedPlace(line: place.line, wordBytes: $0) } == place)
        #expect(word.withUnsafeBytes(PackedPlace.position(wordBytes:)) == place.position)
    }

    /// Each bound takes the bytes SQLite's own integer would (1, 2, 3 or 8 for these), plus one
    /// byte of size codes for the four.
    @Test func boundsTakeTheBytesOfSQLitesIntegers() {
        let small = PackedPlace(line: 0, position: 0, bounds: (1, -128, 127, 0), strokes: [])
        #expect(small.bytes.count == 2 + 1 + 4)
        let page = PackedPlace(line: 0, position: 0, bounds: (32_767, 32_768, 8_388_607, 8_388_608), strokes: [])
        #expect(page.bytes.count == 2 + 1 + 2 + 3 + 3 + 8)
    }

    /// Bytes from a damaged file decode to something, never a trap: truncated at every offset,
    /// and seeded random bytes.
    @Test func damagedPlacesNeverTrap() {
        for place in Self.places {
            let bytes = place.bytes
            for end in 0...bytes.count {
                let truncated = Array(bytes[..<end])
                _ = truncated.withUnsafeBytes { PackedPlace($0) }
                _ = truncated.withUnsafeBytes { PackedPlace(line: 0, wordBytes: $0) }
                _ = truncated.withUnsafeBytes(PackedPlace.position(wordBytes:))
            }
        }
        var random = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            let bytes = (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let place = bytes.withUnsafeBytes { PackedPlace($0) }
            #expect(place.strokes.count <= bytes.count)
        }
    }
}
