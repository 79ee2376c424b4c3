import DrawingModel
import Foundation
import Testing

@testable import Recognition

@Suite struct AlignmentTests {
    /// One cursive stroke writing two words (x 0–40 low, then x 60–100 tall), and an i-dot stroke.
    static let drawing = Drawing(strokes: [
        Stroke(id: InkBuilder.id(1), path: StrokePath(controlPoints: [StrokePoint(location: .zero)])),
        Stroke(id: InkBuilder.id(2), path: StrokePath(controlPoints: [StrokePoint(location: .zero)])),
    ])
    static let line: LineInk = {
        var points: [InkPoint] = []
        for k in 0..<10 {
            points.append(
                InkPoint(
                    location: Point(x: Double(k) * 4, y: 10 + Double(k % 2) * 5), strokeIndex: 0, startsTrace: k == 0))
        }
        for k in 0..<10 {
            points.append(
                InkPoint(
                    location: Point(x: 60 + Double(k) * 4, y: Double(k % 2) * 20), strokeIndex: 0, startsTrace: false))
        }
        points.append(InkPoint(location: Point(x: 70, y: -6), strokeIndex: 1, startsTrace: true))
        points.append(InkPoint(location: Point(x: 71, y: -5), strokeIndex: 1, startsTrace: false))
        return LineInk(points: points)
    }()

    static func word(_ range: Range<Int>, _ text: String = "w", confidence: Double = 0.8) -> DecodedWord {
        DecodedWord(candidates: [WordCandidate(text: text, score: 0)], pointRange: range, confidence: confidence)
    }

    @Test func aStrokeThroughSeveralWordsIsInEachWithOnlyItsShareBoxed() throws {
        let first = try #require(Alignment.align(Self.word(0..<10), in: Self.line, of: Self.drawing))
        let second = try #require(Alignment.align(Self.word(10..<22), in: Self.line, of: Self.drawing))
        #expect(first.strokeIDs == [InkBuilder.id(1)])
        #expect(first.bounds == Rect(x: 0, y: 10, width: 36, height: 5))
        #expect(second.strokeIDs == [InkBuilder.id(1), InkBuilder.id(2)])
        #expect(second.bounds == Rect(x: 60, y: -6, width: 36, height: 26))
        #expect(first.confidence == 0.8 && first.text == "w")
    }

    @Test(arguments: [
        (15..<99, Rect(x: 70, y: -6, width: 26, height: 26)),  // past the end: clamped
        (-5..<1, Rect(x: 0, y: 10, width: 0, height: 0)),  // before the start: clamped
        (3..<3, Rect(x: 12, y: 15, width: 0, height: 0)),  // empty: its point
        (40..<40, Rect(x: 71, y: -5, width: 0, height: 0)),  // empty, past the end: the last point
    ])
    func rangesOutsideTheLineAreClamped(range: Range<Int>, bounds: Rect) throws {
        let word = try #require(Alignment.align(Self.word(range), in: Self.line, of: Self.drawing))
        #expect(word.bounds == bounds)
    }

    @Test func emptyLineGivesNoWordAndConfidenceIsClamped() {
        #expect(Alignment.align(Self.word(0..<1), in: LineInk(points: []), of: Self.drawing) == nil)
        #expect(Alignment.align(Self.word(0..<2, confidence: 3), in: Self.line, of: Self.drawing)?.confidence == 1)
    }

    @Test func pointsOfUnknownStrokesAddNoID() throws {
        let stray = LineInk(points: [InkPoint(location: Point(x: 1, y: 2), strokeIndex: 7, startsTrace: true)])
        let word = try #require(Alignment.align(Self.word(0..<1), in: stray, of: Self.drawing))
        #expect(word.strokeIDs.isEmpty)
    }
}
