import Foundation
import SeededRandom
import Testing

@testable import DrawingModel

@Suite struct StrokePathBezierTests {
    @Test func roundTripReproducesControlPoints() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let path = rng.path(count: Int.random(in: 2...60, using: &rng))
            let back = StrokePath(bezierSegments: path.bezierSegments, attributes: path.controlPoints)
            #expect(back.count == path.count)
            let scale = path.controlPoints.map { max(abs($0.location.x), abs($0.location.y)) }.max()!
            for (a, b) in zip(path.controlPoints, back.controlPoints) {
                #expect(a.location.distance(to: b.location) <= 1e-9 * max(1, scale))
                #expect(a.force == b.force && a.timeOffset == b.timeOffset)
            }
        }
    }

    @Test func segmentsFollowTheSpline() {
        var rng = SplitMix64(seed: 9)
        let path = rng.path(count: 12)
        let segments = path.bezierSegments
        #expect(segments.count == 11)
        for (i, s) in segments.enumerated() {
            for u in [0.0, 0.3, 0.5, 0.9, 1.0] {
                #expect(s.point(at: u).distance(to: path.interpolatedLocation(at: Double(i) + u)) <= 1e-9)
            }
        }
        // C2: consecutive segments share their join.
        for (a, b) in zip(segments, segments.dropFirst()) {
            #expect(a.p3.distance(to: b.p0) <= 1e-12)
        }
    }

    @Test func oneAndTwoPointPaths() {
        let dot = StrokePath(controlPoints: [StrokePoint(location: Point(x: 2, y: 3))])
        #expect(dot.bezierSegments.count == 1)
        #expect(dot.bezierSegments[0].p0 == Point(x: 2, y: 3) && dot.bezierSegments[0].p3 == Point(x: 2, y: 3))
        let fromDot = StrokePath(bezierSegments: dot.bezierSegments)
        #expect(fromDot.controlPoints.map(\.location) == [Point(x: 2, y: 3), Point(x: 2, y: 3)])
        let line = StrokePath(controlPoints: [
            StrokePoint(location: Point(x: 0, y: 0)), StrokePoint(location: Point(x: 3, y: 6)),
        ])
        #expect(line.bezierSegments == [CubicBezier(line: Point(x: 0, y: 0), to: Point(x: 3, y: 6))])
        #expect(
            StrokePath(bezierSegments: line.bezierSegments).controlPoints.map(\.location)
                == line.controlPoints.map(\.location))
        #expect(StrokePath(controlPoints: []).bezierSegments.isEmpty)
        #expect(StrokePath(bezierSegments: []).isEmpty)
    }

    @Test func approximationUsesTheExactInverseForC2Chains() {
        var rng = SplitMix64(seed: 77)
        let path = rng.path(count: 25)
        let approx = StrokePath(approximating: path.bezierSegments, tolerance: 1e-6)
        #expect(approx.count == path.count)
        for (a, b) in zip(path.controlPoints, approx.controlPoints) {
            #expect(a.location.distance(to: b.location) <= 1e-8)
        }
    }

    @Test(arguments: [0.3, 0.03, 0.003])
    func approximationOfArbitraryChainsStaysWithinTolerance(tolerance: Double) {
        var rng = SplitMix64(seed: UInt64(tolerance * 1e4))
        for _ in 0..<6 {
            // An SVG-like chain: independent handles, sharp corners, loops.
            var segments: [CubicBezier] = []
            var start = Point(x: rng.double(0...100), y: rng.double(0...100))
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                func near(_ p: Point) -> Point { p + Point(x: rng.double(-30...30), y: rng.double(-30...30)) }
                let p1 = near(start), p2 = near(start), p3 = near(start)
                segments.append(CubicBezier(p0: start, p1: p1, p2: p2, p3: p3))
                start = p3
            }
            let path = StrokePath(approximating: segments, tolerance: tolerance) { s in
                StrokePoint(location: .zero, timeOffset: s)
            }
            // Reference polylines fine enough that their own chord error is negligible.
            let curve = segments.flatMap { s in (0...1000).map { s.point(at: Double($0) / 1000) } }
            let spline = path.interpolatedLocations(by: .parametricStep(0.25))
            #expect(hausdorff(spline, toPolyline: curve) <= tolerance * 1.01)
            let coarse = stride(from: 0, to: curve.count, by: 10).map { curve[$0] }
            let fine = path.interpolatedLocations(by: .parametricStep(1.0 / 16))
            #expect(hausdorff(coarse, toPolyline: fine) <= tolerance * 1.01)
            #expect(path.controlPoints.first!.location == segments.first!.p0)
            #expect(path.controlPoints.last!.location == segments.last!.p3)
            let times = path.controlPoints.map(\.timeOffset)
            #expect(times == times.sorted())
        }
    }

    /// The largest distance from any of `points` to the polyline through `line`, looking only at
    /// polyline segments with an end within a grid cell of the point (cells of 1 unit, more than the
    /// tolerances and segment lengths tested), so farther points read as infinitely far.
    private func hausdorff(_ points: [Point], toPolyline line: [Point]) -> Double {
        struct Cell: Hashable { var x: Int, y: Int }
        func cell(_ p: Point) -> Cell { Cell(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down))) }
        var grid: [Cell: [Int]] = [:]
        for k in line.indices.dropLast() {
            grid[cell(line[k]), default: []].append(k)
            if cell(line[k + 1]) != cell(line[k]) { grid[cell(line[k + 1]), default: []].append(k) }
        }
        var worst = 0.0
        for p in points {
            let c = cell(p)
            var best = Double.infinity
            for dx in -1...1 {
                for dy in -1...1 {
                    for k in grid[Cell(x: c.x + dx, y: c.y + dy)] ?? [] {
                        best = min(best, p.distance(toSegment: line[k], line[k + 1]))
                    }
                }
            }
            worst = max(worst, best)
        }
        return worst
    }

    @Test func bezierBoundsAreExact() {
        let s = CubicBezier(
            p0: Point(x: 0, y: 0), p1: Point(x: 0, y: 10), p2: Point(x: 10, y: 10), p3: Point(x: 10, y: 0))
        let box = s.bounds()
        #expect(abs(box.maxY - 7.5) <= 1e-12)
        #expect(box.minX == 0 && box.maxX == 10 && box.minY == 0)
    }
}
