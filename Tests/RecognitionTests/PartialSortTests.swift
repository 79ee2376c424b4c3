import SeededRandom
import Testing

@testable import Recognition

/// `sortPrefix` against a full sort: the same front, sorted, for random arrays with many ties
/// of the rank (broken by the index, as the beam search does), of every length up to 60 and
/// every prefix length.
struct PartialSortTests {
    @Test func theFrontIsWhatAFullSortPutsThere() {
        var random = SplitMix64(seed: 24)
        func inOrder(_ a: (rank: Int, index: Int), _ b: (rank: Int, index: Int)) -> Bool {
            a.rank != b.rank ? a.rank > b.rank : a.index < b.index
        }
        for length in 0...60 {
            for trial in 0..<4 {
                let spread = trial % 2 == 0 ? 5 : 1_000
                let values = (0..<length).map { (rank: Int(random.next() % UInt64(spread)), index: $0) }
                let sorted = values.sorted(by: inOrder)
                for k in [0, 1, 2, length / 2, length - 1, length, length + 3] where k >= 0 {
                    var partial = values.shuffled(using: &random)
                    partial.sortPrefix(k, by: inOrder)
                    let front = partial.prefix(min(k, length))
                    #expect(front.map(\.index) == sorted.prefix(min(k, length)).map(\.index), "length \(length) k \(k)")
                    #expect(partial.map(\.index).sorted() == Array(0..<length), "a permutation")
                }
            }
        }
    }
}
