import Foundation
import SeededRandom
import Testing

@testable import DrawingModel

@Suite struct StrokeMaskTests {
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!

    @Test func noMaskOrEmptyMaskGivesTheWholeRange() {
        var rng = SplitMix64(seed: 1)
        let path = rng.path(count: 20)
        #expect(Stroke(id: id, path: path).maskedPathRanges == [0...19])
        #expect(Stroke(id: id, path: path, mask: StrokeMask()).maskedPathRanges == [0...19])
        #expect(Stroke(id: id, path: StrokePath(controlPoints: [])).maskedPathRanges == [])
    }

    @Test func aSweepAcrossTheMiddleSplitsAStraightStroke() {
        let path = straightPath(length: 100, count: 11)  // x = 10·t
        let sweep = StrokeMask.Sweep(points: [Point(x: 50, y: -20), Point(x: 50, y: 20)], radius: 5)
        let stroke = Stroke(id: id, path: path, mask: StrokeMask(sweeps: [sweep]))
        let ranges = stroke.maskedPathRanges
        #expect(ranges.count == 2)
        #expect(ranges[0].lowerBound == 0 && abs(ranges[0].upperBound - 4.5) <= 1e-6)
        #expect(abs(ranges[1].lowerBound - 5.5) <= 1e-6 && ranges[1].upperBound == 10)
        let pieces = ranges.map { stroke.path.interpolatedPoints(in: $0, by: .distance(1)) }
        #expect(pieces.count == 2)
        #expect(pieces.joined().allSatisfy { abs($0.location.x - 50) >= 5 - 1e-6 })
    }

    @Test func polygonsEraseByTheEvenOddRule() {
        let path = straightPath(length: 100, count: 2, y: 5)
        // One ring tracing an outer square 20…80 and, joined along y = 0, a hole 40…60: even-odd
        // leaves the hole visible.
        let outer = [
            Point(x: 20, y: 0), Point(x: 80, y: 0), Point(x: 80, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 0),
        ]
        let hole = [
            Point(x: 40, y: 0), Point(x: 60, y: 0), Point(x: 60, y: 10), Point(x: 40, y: 10), Point(x: 40, y: 0),
        ]
        let stroke = Stroke(id: id, path: path, mask: StrokeMask(polygons: [outer + hole]))
        let ranges = stroke.maskedPathRanges
        #expect(ranges.count == 3)
        let expected: [(Double, Double)] = [(0, 0.2), (0.4, 0.6), (0.8, 1)]
        for (r, e) in zip(ranges, expected) {
            #expect(abs(r.lowerBound - e.0) <= 1e-6 && abs(r.upperBound - e.1) <= 1e-6)
        }
    }

    @Test func aFullyErasedStrokeHasNoRangesAndNoRenderBounds() {
        let path = straightPath(length: 10, count: 3)
        let sweep = StrokeMask.Sweep(points: [Point(x: -5, y: 0), Point(x: 15, y: 0)], radius: 2)
        let stroke = Stroke(id: id, path: path, mask: StrokeMask(sweeps: [sweep]))
        #expect(stroke.maskedPathRanges.isEmpty)
        #expect(stroke.renderBounds == nil)
        #expect(stroke.pathBounds != nil)
    }

    @Test func maskedRangesAreOrderedDisjointAndVisible() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<25 {
            let path = rng.path(count: 40)
            let box = Rect(enclosing: path.controlPoints.map(\.location))!
            let sweeps = (0..<3).map { _ in
                StrokeMask.Sweep(
                    points: (0..<3).map { _ in
                        Point(x: rng.double(box.minX...box.maxX), y: rng.double(box.minY...box.maxY))
                    },
                    radius: rng.double(1...8))
            }
            let mask = StrokeMask(sweeps: sweeps)
            let ranges = Stroke(id: id, path: path, mask: mask).maskedPathRanges
            for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound < b.lowerBound) }
            for r in ranges {
                for t in path.interpolatedParameters(in: r, by: .parametricStep(0.1)) {
                    #expect(!mask.erases(path.interpolatedLocation(at: t)))
                }
            }
        }
    }

    @Test func substrokeOfTheFullRangeIsTheSamePath() {
        var rng = SplitMix64(seed: 8)
        for n in [1, 2, 5, 40] {
            let path = rng.path(count: n)
            #expect(path.subpath(path.parametricRange) == path)
            #expect(path.subpath(-3...1e9) == path)
        }
    }

    @Test func substrokeStartsAndEndsOnTheCurve() {
        var rng = SplitMix64(seed: 12)
        let path = rng.path(count: 30)
        let piece = path.subpath(3.25...17.5)
        #expect(piece.controlPoints.first!.location.distance(to: path.interpolatedLocation(at: 3.25)) <= 1e-9)
        #expect(piece.controlPoints.last!.location.distance(to: path.interpolatedLocation(at: 17.5)) <= 1e-9)
        #expect(piece.count == 2 + 14)
        #expect(path.subpath(4...4).count == 1)
    }
}
