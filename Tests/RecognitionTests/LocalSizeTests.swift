import DrawingModel
import Foundation
import SeededRandom
import Testing

@testable import Recognition

@Suite struct LocalSizeTests {

    static func trace(_ box: Rect, order: Int) -> InkTrace {
        InkTrace(
            points: [
                InkPoint(location: Point(x: box.minX, y: box.minY), strokeIndex: order, startsTrace: true),
                InkPoint(location: Point(x: box.maxX, y: box.maxY), strokeIndex: order, startsTrace: false),
            ], order: order)!
    }

    @Test(arguments: [1, 2, 3, 4])
    func prunedSearchFindsTheNearestNeighbours(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let traces = (0..<300).map { k in
            // Mostly letter-sized boxes, a few tall or wide ones (rules, brackets).
            let w = k % 37 == 0 ? Double.random(in: 100...600, using: &rng) : Double.random(in: 1...15, using: &rng)
            let h = k % 41 == 0 ? Double.random(in: 100...500, using: &rng) : Double.random(in: 1...20, using: &rng)
            let box = Rect(
                x: Double.random(in: 0...1000, using: &rng), y: Double.random(in: 0...1000, using: &rng),
                width: w, height: h)
            return Self.trace(box, order: k)
        }
        // Compared by distances, since traces at equal distances may be picked either way.
        for (t, found) in zip(traces, LocalSize.neighbourhoods(of: traces)) {
            let distances = found.map { LocalSize.gap(t.bounds, traces[$0].bounds) }.sorted()
            let expected = traces.map { LocalSize.gap(t.bounds, $0.bounds) }.sorted().prefix(LocalSize.neighbours)
            #expect(distances == Array(expected))
        }
    }

    @Test func writingOfTwoSizesOnOnePageIsMeasuredSeparately() {
        var ink = InkBuilder()
        ink.write("large heading words", x: 40, baseline: 80, size: 30)
        ink.write("small notes written below the heading", x: 40, baseline: 160, size: 6)
        let traces = VisibleInk.traces(in: ink.drawing)
        let sizes = LocalSize.sizes(of: traces)
        for (trace, size) in zip(traces, sizes) where trace.bounds.height > 3 {
            #expect(trace.bounds.minY < 120 ? size >= 30 : size <= 10)
        }
    }
}
