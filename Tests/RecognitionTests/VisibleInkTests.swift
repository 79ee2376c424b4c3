import DrawingModel
import Foundation
import Testing

@testable import Recognition

@Suite struct VisibleInkTests {
    static func stroke(_ xs: [Double], mask: StrokeMask? = nil, force: (Int) -> Double = { _ in 1 }) -> Stroke {
        let points = xs.enumerated().map { i, x in
            StrokePoint(location: Point(x: x, y: 5), timeOffset: Double(i) * 0.1, force: force(i))
        }
        return Stroke(
            id: InkBuilder.id(1), transform: DrawingModel.AffineTransform(translationX: 100, y: 0),
            path: StrokePath(controlPoints: points), mask: mask)
    }

    @Test func unmaskedStrokesGiveTheirSamplesWithTimeAndForceWhenRecorded() throws {
        let traces = VisibleInk.traces(
            in: Drawing(strokes: [Self.stroke([0, 10, 20], force: { 0.2 * Double($0 + 1) })]))
        let points = try #require(traces.first).points
        #expect(points.map(\.location.x) == [100, 110, 120])
        #expect(points.map(\.startsTrace) == [true, false, false])
        #expect(points.map(\.time) == [0, 0.1, 0.2])
        #expect(points.map(\.force) == [0.2, 0.4, 0.6000000000000001])
        // A constant force is no measurement.
        let flat = VisibleInk.traces(in: Drawing(strokes: [Self.stroke([0, 10, 20])]))
        #expect(flat.first?.points.allSatisfy { $0.force == nil } == true)
    }

    @Test func erasedEndStopsTheTraceWhereTheEraserBegins() throws {
        let eraser = StrokeMask(polygons: [
            [Point(x: 15, y: 0), Point(x: 99, y: 0), Point(x: 99, y: 9), Point(x: 15, y: 9)]
        ])
        let traces = VisibleInk.traces(in: Drawing(strokes: [Self.stroke([0, 10, 20, 30], mask: eraser)]))
        try #require(traces.count == 1)
        let xs = traces[0].points.map(\.location.x)
        #expect(xs.count == 3 && xs[0] == 100 && xs[1] == 110)
        #expect(abs(xs[2] - 115) < 0.01)
        #expect(traces[0].points.map(\.strokeIndex) == [0, 0, 0])
    }

    @Test func anEraserAcrossTheMiddleMakesTwoTraces() throws {
        let eraser = StrokeMask(sweeps: [.init(points: [Point(x: 14, y: -5), Point(x: 14, y: 15)], radius: 2)])
        let traces = VisibleInk.traces(in: Drawing(strokes: [Self.stroke([0, 10, 20, 30], mask: eraser)]))
        try #require(traces.count == 2)
        #expect(traces.allSatisfy { $0.points.first?.startsTrace == true })
        #expect(abs(traces[0].bounds.maxX - 112) < 0.01 && abs(traces[1].bounds.minX - 116) < 0.01)
        #expect(traces[1].bounds.maxX == 130)
    }

    @Test func fullyErasedStrokesGiveNothing() {
        let everything = StrokeMask(polygons: [
            [Point(x: -1, y: 0), Point(x: 99, y: 0), Point(x: 99, y: 9), Point(x: -1, y: 9)]
        ])
        #expect(VisibleInk.traces(in: Drawing(strokes: [Self.stroke([0, 10, 20], mask: everything)])).isEmpty)
    }

    static func highlighter(_ xs: [Double], y: Double, width: Double = 12) -> Stroke {
        var stroke = Stroke(
            id: InkBuilder.id(9),
            path: StrokePath(controlPoints: xs.map { StrokePoint(location: Point(x: $0, y: y)) }))
        stroke.ink = Ink(kind: .highlighter, width: width)
        return stroke
    }

    @Test func aHighlighterOverOtherInkIsMarkupAndOneOnBlankPaperIsWriting() {
        // The pen stroke runs from x 100 to 130 at y 5.
        let pen = Self.stroke([0, 10, 20, 30])
        let over = Self.highlighter([95, 115, 135], y: 8)
        let apart = Self.highlighter([95, 115, 135], y: 60)
        let overTraces = VisibleInk.traces(in: Drawing(strokes: [pen, over]))
        #expect(overTraces.map { $0.points[0].strokeIndex } == [0])
        let apartTraces = VisibleInk.traces(in: Drawing(strokes: [pen, apart]))
        #expect(apartTraces.map { $0.points[0].strokeIndex } == [0, 1])
        // Asked for alone, the highlighter over the pen stroke still marks it.
        #expect(VisibleInk.traces(in: Drawing(strokes: [pen, over]), strokeIDs: [over.id]).isEmpty)
    }

    @Test func aHighlighterMarksOnlyWhatItsWidthCovers() {
        let pen = Self.stroke([0, 10, 20, 30])  // y 5
        // 10 below the pen line: a 12-wide highlighter misses it, a 30-wide one covers it.
        #expect(VisibleInk.traces(in: Drawing(strokes: [pen, Self.highlighter([100, 130], y: 15)])).count == 2)
        #expect(
            VisibleInk.traces(in: Drawing(strokes: [pen, Self.highlighter([100, 130], y: 15, width: 30)])).count == 1)
    }
}
