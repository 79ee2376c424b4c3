import DrawingModel
import Testing

@testable import Recognition

/// Joining a doubtful word's two readings, and the ink the second one is read from.
struct SecondLookTests {
    private func candidates(_ pairs: [(String, Double)]) -> [WordCandidate] {
        pairs.map { WordCandidate(text: $0.0, score: $0.1) }
    }

    @Test func textsAreRankedByTheSumOfBothReadingsScores() {
        // "b" is second in the first reading and first in the second: its sum (−1 + 0) beats
        // "a"'s (0 and, lacking in the second, that reading's lowest −0.5 less 1)
        let joined = SecondLook.joined(
            candidates([("a", 0), ("b", -1)]), candidates([("b", 0), ("c", -0.5)]), limit: 8)
        #expect(joined.map(\.text) == ["b", "a", "c"])
        // the best keeps the first reading's best score; the others lie half their sum's distance below
        #expect(joined.map(\.score) == [0, -0.25, -0.75])
    }

    @Test func listsAreJoinedWholeAndCutToTheMarginAfter() {
        // the first reading ranks "c" 3 below "a"; the second ranks "a" 2 below "c": "a" wins
        let first = candidates([("a", 0), ("c", -3)]), second = candidates([("c", 0), ("a", -2)])
        let joined = SecondLook.joined(first, second, limit: 8)
        #expect(NeuralLineReader.withinMargin(joined, 2).map(\.text) == ["a", "c"])
        // cut to the margin first, the first list would lack "c", score it its lowest less one
        // (−1, not −3), and "c" would win
        let cutFirst = SecondLook.joined(NeuralLineReader.withinMargin(first, 2), second, limit: 8)
        #expect(cutFirst.first?.text == "c")
    }

    @Test func theMarginKeepsTheBestAndWhatLiesWithinIt() {
        let readings = candidates([("best", -1), ("near", -3), ("far", -3.5)])
        #expect(NeuralLineReader.withinMargin(readings, 2).map(\.text) == ["best", "near"])
        #expect(NeuralLineReader.withinMargin([], 2).isEmpty)
    }

    @Test func tiesKeepTheFirstReadingsOrderAndTheLimitHolds() {
        let joined = SecondLook.joined(
            candidates([("x", 0), ("y", -1)]), candidates([("y", 0), ("x", -1), ("z", -5)]), limit: 2)
        #expect(joined.map(\.text) == ["x", "y"])
    }

    @Test func anEmptySecondReadingLeavesTheFirst() {
        let first = candidates([("word", -0.5), ("ward", -1.5)])
        #expect(SecondLook.joined(first, [], limit: 8) == first)
    }

    @Test func theWordsInkIsStretchedAcrossAboutItsMiddle() {
        let line = LineInk(
            points: [0, 10, 20, 40].enumerated().map { i, x in
                InkPoint(location: Point(x: x, y: Double(i)), strokeIndex: 0, startsTrace: i == 0)
            })
        let ink = SecondLook.ink(of: 1..<3, in: line, widening: 1.5)
        #expect(ink.points.map(\.location.x) == [7.5, 22.5])
        #expect(ink.points.map(\.location.y) == [1, 2])
        // a line of its own starts with a trace, though its first point continued one in the line
        #expect(ink.points.map(\.startsTrace) == [true, false])
    }
}
