import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// Layout of real handwriting: UNIPEN text lines laid out on a page in several ways must come
/// back as separate lines, in reading order, each with all of its strokes.
@Suite struct UnipenLayoutTests {
    /// The strokes of each layout line, as sets of stroke indices, in layout order.
    private func lineStrokes(_ ink: InkBuilder, layout: LayoutAnalyzer = LayoutAnalyzer()) -> [Set<Int>] {
        layout.lines(in: ink.drawing).map { Set($0.strokeIndices) }
    }

    @Test func stackedLinesComeBackOneEach() throws {
        let samples = try UnipenSample.fixtures()
        var ink = InkBuilder()
        var expected: [Set<Int>] = []
        var y = 40.0
        for (k, sample) in samples.enumerated() {
            let height = 20.0 + Double(k % 3) * 6
            expected.append(
                Set(ink.place(sample, at: Point(x: 40 + Double(k % 2) * 15, y: y), height: height, maxWidth: 500)))
            y += height + 14
        }
        #expect(lineStrokes(ink) == expected)
    }

    @Test func twoColumnsOfDifferentSizesAreReadColumnByColumn() throws {
        let samples = try UnipenSample.fixtures()
        var ink = InkBuilder()
        var left: [Set<Int>] = [], right: [Set<Int>] = []
        // Written alternately in the two columns, so drawing order does not give the answer away.
        var yLeft = 60.0, yRight = 70.0
        for (k, sample) in samples.enumerated() {
            if k % 2 == 0 {
                left.append(Set(ink.place(sample, at: Point(x: 36, y: yLeft), height: 18, maxWidth: 230)))
                yLeft += 40
            } else {
                right.append(Set(ink.place(sample, at: Point(x: 320, y: yRight), height: 30, maxWidth: 240)))
                yRight += 56
            }
        }
        // Line grouping alone: the learned classifier leaves out one letter of these columns.
        #expect(lineStrokes(ink, layout: LayoutAnalyzer(strokeClassifier: nil)) == left + right)
    }

    @Test func freeFormNotesAreReadTopToBottom() throws {
        let s = try UnipenSample.fixtures()
        var ink = InkBuilder()
        let a = ink.place(s[3], at: Point(x: 330, y: 40), height: 22, maxWidth: 220)
        let b = ink.place(s[2], at: Point(x: 60, y: 130), height: 40, maxWidth: 300)
        let c = ink.place(s[0], at: Point(x: 200, y: 260), height: 16, maxWidth: 200)
        let d = ink.place(s[5], at: Point(x: 40, y: 300), height: 26, maxWidth: 500)
        #expect(lineStrokes(ink) == [Set(a), Set(b), Set(c), Set(d)])
    }

    @Test func linesWrittenInterleavedAreSeparated() throws {
        let s = try UnipenSample.fixtures()
        var placed = InkBuilder()
        let first = placed.place(s[1], at: Point(x: 50, y: 50), height: 24, maxWidth: 500)
        let second = placed.place(s[4], at: Point(x: 50, y: 90), height: 24, maxWidth: 500)
        // Rewrite the drawing with the second line's strokes woven between the first's.
        var ink = InkBuilder()
        var firstNew: [Int] = [], secondNew: [Int] = []
        for k in 0..<max(first.count, second.count) {
            if k < second.count {
                secondNew.append(ink.add(placed.strokes[second[k]].path.controlPoints.map(\.location)))
            }
            if k < first.count { firstNew.append(ink.add(placed.strokes[first[k]].path.controlPoints.map(\.location))) }
        }
        // Line grouping alone: the learned classifier reads context from writing order, which this
        // weaving scrambles (it leaves out a few of the 44 letters).
        #expect(lineStrokes(ink, layout: LayoutAnalyzer(strokeClassifier: nil)) == [Set(firstNew), Set(secondNew)])
    }

    @Test func aLineKeepsItsWritingOrder() throws {
        // A line written in one go reaches the reader in pen order, as the network was trained.
        let sample = try UnipenSample.fixtures()[4]
        var ink = InkBuilder()
        let strokes = ink.place(sample, at: Point(x: 10, y: 10), height: 30)
        let line = try #require(LayoutAnalyzer().lines(in: ink.drawing).first)
        #expect(line.ink.points.filter(\.startsTrace).map(\.strokeIndex) == strokes)
    }
}
