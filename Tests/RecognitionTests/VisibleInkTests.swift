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

    @Test func fullyErasedAndHighlighterStrokesGiveNothing() {
        let everything = StrokeMask(polygons: [
            [Point(x: -1, y: 0), Point(x: 99, y: 0), Point(x: 99, y: 9), Point(x: -1, y: 9)]
        ])
        var highlighter = Self.stroke([0, 10])
        highlighter.ink = Ink(kind: .highlighter)
        #expect(
            VisibleInk.traces(in: Drawing(strokes: [Self.stroke([0, 10, 20], mask: everything), highlighter])).isEmpty)
    }
}
