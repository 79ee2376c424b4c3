import Foundation
import SeededRandom
import Testing

@testable import DrawingModel

@Suite struct StrokeBoundsTests {
    @Test func boundsContainEveryInterpolatedPoint() {
        var rng = SplitMix64(seed: 99)
        for k in 0..<60 {
            let path = rng.path(count: Int.random(in: 1...50, using: &rng))
            let transform = AffineTransform(rotationAngle: rng.double(0...6))
                .concatenating(AffineTransform(scaleX: rng.double(0.5...2), y: rng.double(0.5...2)))
                .concatenating(AffineTransform(translationX: rng.double(-50...50), y: rng.double(-50...50)))
            let stroke = Stroke(
                id: UUID(), ink: Ink(width: 2), transform: transform, path: path)
            let pathBounds = stroke.pathBounds!
            let render = stroke.renderBounds!
            let slack = 1e-9 * (1 + abs(pathBounds.maxX) + abs(pathBounds.maxY))
            let points = path.interpolatedLocations(by: .parametricStep(0.01)).map { $0.applying(transform) }
            for p in points {
                #expect(pathBounds.insetBy(dx: -slack, dy: -slack).contains(p), "case \(k)")
                #expect(render.contains(p))
            }
            // Tight: the exact box touches the curve on every side.
            let dense = Rect(enclosing: points)!
            #expect(abs(dense.minX - pathBounds.minX) <= 0.05 && abs(dense.maxY - pathBounds.maxY) <= 0.05)
            #expect(render.minX <= pathBounds.minX - 1 + 1e-12)
        }
    }

    @Test func renderBoundsGrowByHalfTheNib() {
        let path = StrokePath(controlPoints: [
            StrokePoint(location: Point(x: 0, y: 0), size: Size(width: 4, height: 4)),
            StrokePoint(location: Point(x: 10, y: 0), size: Size(width: 4, height: 4)),
        ])
        let stroke = Stroke(id: UUID(), ink: Ink(width: 1), transform: AffineTransform(scaleX: 2, y: 2), path: path)
        #expect(stroke.pathBounds == Rect(x: 0, y: 0, width: 20, height: 0))
        #expect(stroke.renderBounds == Rect(x: -4, y: -4, width: 28, height: 8))
    }

    @Test func drawingBoundsIsTheUnionOfVisibleStrokes() {
        let a = Stroke(id: UUID(), ink: Ink(width: 0), path: straightPath(length: 10, count: 2))
        let b = Stroke(id: UUID(), ink: Ink(width: 0), path: straightPath(length: 10, count: 2, y: 30))
        let erased = Stroke(
            id: UUID(), ink: Ink(width: 0), path: straightPath(length: 100, count: 2, y: 90),
            mask: StrokeMask(polygons: [
                [Point(x: -1, y: 80), Point(x: 101, y: 80), Point(x: 101, y: 100), Point(x: -1, y: 100)]
            ]))
        let points = a.path.controlPoints.map { p in StrokePoint(location: p.location, size: .zero) }
        let thin = Stroke(id: a.id, ink: Ink(width: 0), path: StrokePath(controlPoints: points))
        #expect(Drawing(strokes: [thin, b, erased]).bounds?.maxY ?? 0 >= 30)
        #expect(Drawing(strokes: [thin, erased]).bounds == Rect(x: 0, y: 0, width: 10, height: 0))
        #expect(Drawing().bounds == nil)
    }
}
