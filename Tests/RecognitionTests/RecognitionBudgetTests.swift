import DrawingModel
import Foundation
import SeededRandom
import Testing

@testable import Recognition

/// Hostile input: a page of thousands of short random strokes is laid out in
/// near-linear time, and recognition reads at most its budget of traces, saying how many it left.
@Suite struct RecognitionBudgetTests {
    private func scatteredStrokes(_ count: Int) -> Drawing {
        var random = SplitMix64(seed: 13)
        let strokes = (0..<count).map { n -> Stroke in
            let x = Double(random.next() % 1404), y = Double(random.next() % 1872)
            let points = (0..<4).map { _ in
                StrokePoint(location: Point(x: x + Double(random.next() % 12), y: y + Double(random.next() % 12)))
            }
            return Stroke(id: InkBuilder.id(n), path: StrokePath(controlPoints: points))
        }
        return Drawing(strokes: strokes)
    }

    @Test func tenThousandScatteredStrokesAreLaidOut() {
        let lines = LayoutAnalyzer().lines(in: scatteredStrokes(10_000))
        #expect(!lines.isEmpty)
    }

    @Test func tracesPastTheBudgetAreLeftUnreadAndCounted() {
        let recognizer = HandwritingRecognizer(lineReader: LetterReader(letters: [:], wordGap: 0))
        let extra = 700
        let transcript = recognizer.transcribe(scatteredStrokes(HandwritingRecognizer.maxTracesPerDrawing + extra))
        #expect(transcript.unreadTraces == extra)
    }

    @Test func aLongLineGroupIsReadInPieces() {
        var points: [InkPoint] = []
        for trace in 0..<1_000 {
            for k in 0..<3 {
                points.append(
                    InkPoint(location: Point(x: Double(trace * 10 + k), y: 0), strokeIndex: trace, startsTrace: k == 0))
            }
        }
        let line = TextLine(
            ink: LineInk(points: points), bounds: Rect(x: 0, y: 0, width: 10_000, height: 1), textLikelihood: 1)
        let pieces = line.pieces(ofTraces: 400)
        #expect(pieces.map(\.ink.points.count) == [1_200, 1_200, 600])
        #expect(pieces.flatMap(\.ink.points) == points)
    }

    @Test func aLineOfOverflowingLengthIsResampledWithinTheRowBudget() {
        let (points, _) = InkFeatures.resample(
            [Point(x: 0, y: 0), Point(x: 1e300, y: 0)], step: 1e-6, limit: InkFeatures.maxRows)
        #expect(points.count == InkFeatures.maxRows)
    }
}

extension RecognitionBudgetTests {
    /// A drawing handed to the recognizer directly, without a reader's checks.
    @Test func strokesWithOverflowingCoordinatesAreNotInk() {
        let points = (1...3).map { StrokePoint(location: Point(x: Double($0), y: Double($0))) }
        let huge = Stroke(
            id: InkBuilder.id(0), transform: AffineTransform(scaleX: 1e308, y: 1e308),
            path: StrokePath(controlPoints: points))
        let recognizer = HandwritingRecognizer(lineReader: LetterReader(letters: [0: "a"], wordGap: 0))
        #expect(recognizer.transcribe(Drawing(strokes: [huge])).lines.isEmpty)
    }
}
