import Foundation
import SeededRandom
import Testing

@testable import DrawingModel

@Suite struct StrokePathInterpolationTests {
    @Test(arguments: [1, 2, 3, 4, 17, 200])
    func endsInterpolateFirstAndLastControlPoints(count: Int) {
        var rng = SplitMix64(seed: UInt64(count))
        let path = rng.path(count: count)
        for (t, expected) in [(0.0, path.controlPoints[0]), (path.parametricEnd, path.controlPoints[count - 1])] {
            let p = path.interpolatedPoint(at: t)
            #expect(p.location.distance(to: expected.location) <= 1e-9)
            #expect(abs(p.timeOffset - expected.timeOffset) <= 1e-12)
            #expect(abs(p.size.width - expected.size.width) <= 1e-12)
            #expect(abs(p.force - expected.force) <= 1e-12)
            #expect(abs(p.opacity - expected.opacity) <= 1e-12)
            #expect(abs(p.altitude - expected.altitude) <= 1e-12)
            let turn = 2 * Double.pi
            let dAzimuth = (p.azimuth - expected.azimuth).truncatingRemainder(dividingBy: turn)
            #expect(min(abs(dAzimuth), turn - abs(dAzimuth)) <= 1e-9)
        }
        let slice = path.interpolatedPoints(by: .distance(1))
        #expect(slice.first?.location == path.interpolatedLocation(at: 0))
        #expect(slice.last?.location == path.interpolatedLocation(at: path.parametricEnd))
    }

    @Test func interiorKnotIsTheWeightedAverage() {
        var rng = SplitMix64(seed: 7)
        let path = rng.path(count: 6)
        let q = path.controlPoints.map(\.location)
        let expected = (q[1] + 4 * q[2] + q[3]) * (1.0 / 6)
        #expect(path.interpolatedLocation(at: 2).distance(to: expected) <= 1e-9)
    }

    @Test func attributesNeverLeaveTheRangeOfTheControlPoints() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<50 {
            let path = rng.path(count: Int.random(in: 2...30, using: &rng))
            let forces = path.controlPoints.map(\.force), times = path.controlPoints.map(\.timeOffset)
            var previousTime = -Double.infinity
            for t in path.interpolatedParameters(by: .parametricStep(0.05)) {
                let p = path.interpolatedPoint(at: t)
                #expect(p.force >= forces.min()! - 1e-12 && p.force <= forces.max()! + 1e-12)
                #expect(p.timeOffset >= previousTime - 1e-12)
                #expect(p.timeOffset <= times.max()! + 1e-12)
                previousTime = p.timeOffset
            }
        }
    }

    @Test func azimuthBlendsTheShortWayAroundTheCircle() {
        let path = StrokePath(controlPoints: [
            StrokePoint(location: Point(x: 0, y: 0), azimuth: 2 * .pi - 0.1),
            StrokePoint(location: Point(x: 10, y: 0), azimuth: 0.1),
        ])
        let mid = path.interpolatedPoint(at: 0.5).azimuth
        let wrapped = mid.truncatingRemainder(dividingBy: 2 * .pi)
        #expect(min(abs(wrapped), abs(abs(wrapped) - 2 * .pi)) <= 1e-9)
    }

    @Test func twoPointPathIsAStraightSegmentParametrizedLinearly() {
        let path = StrokePath(controlPoints: [
            StrokePoint(location: Point(x: 1, y: 2), timeOffset: 0),
            StrokePoint(location: Point(x: 5, y: 10), timeOffset: 1),
        ])
        for u in stride(from: 0.0, through: 1.0, by: 0.125) {
            let p = path.interpolatedPoint(at: u)
            #expect(p.location.distance(to: Point(x: 1 + 4 * u, y: 2 + 8 * u)) <= 1e-12)
            #expect(abs(p.timeOffset - u) <= 1e-12)
        }
    }

    @Test func emptyAndSinglePointPathsDoNotTrap() {
        let empty = StrokePath(controlPoints: [])
        #expect(empty.interpolatedPoints(by: .distance(1)).isEmpty)
        #expect(empty.interpolatedLocation(at: 3) == .zero)
        #expect(empty.length() == 0)
        let dot = StrokePath(controlPoints: [StrokePoint(location: Point(x: 3, y: 4))])
        #expect(dot.interpolatedLocations(by: .distance(1)) == [Point(x: 3, y: 4)])
        #expect(dot.parametricValue(0, offsetBy: .distance(5)) == 0)
        #expect(dot.interpolatedLocation(at: .nan) == Point(x: 3, y: 4))
    }

    @Test func distanceStrideSpacesPointsEvenlyAlongTheArc() {
        // A circle of radius 50 sampled every 2 units: chords of arcs of length 1 are 1·(1 − 1/60000).
        let radius = 50.0
        let path = StrokePath(
            controlPoints: (0...180).map { k in
                let a = Double(k) * 2 / radius
                return StrokePoint(location: Point(x: radius * cos(a), y: radius * sin(a)))
            })
        let points = path.interpolatedLocations(by: .distance(1))
        let gaps = zip(points, points.dropFirst()).map { $0.distance(to: $1) }
        for gap in gaps.dropLast() {
            #expect(abs(gap - 1) <= 1e-4)
        }
        #expect(gaps.last! <= 1 + 1e-9)
        #expect(abs(Double(points.count - 1) - path.length()) <= 1.0 + 1e-6)
    }

    @Test func distanceStrideOnAStraightLineIsExact() {
        let path = straightPath(length: 100, count: 11)
        let xs = path.interpolatedLocations(by: .distance(7)).map(\.x)
        #expect(xs.count == 16)
        for (k, x) in xs.dropLast().enumerated() {
            #expect(abs(x - 7 * Double(k)) <= 1e-9)
        }
        #expect(xs.last == 100)
        #expect(abs(path.length() - 100) <= 1e-9)
    }

    @Test func parametricValueMovesByDistanceTimeAndStepAndClamps() {
        let path = straightPath(length: 100, count: 11)  // 10 units and 0.01 s per span
        #expect(abs(path.parametricValue(2, offsetBy: .distance(15)) - 3.5) <= 1e-9)
        #expect(abs(path.parametricValue(5, offsetBy: .distance(-25)) - 2.5) <= 1e-9)
        #expect(path.parametricValue(9, offsetBy: .distance(500)) == 10)
        #expect(path.parametricValue(1, offsetBy: .distance(-500)) == 0)
        #expect(abs(path.parametricValue(2, offsetBy: .time(0.035)) - 5.5) <= 1e-9)
        #expect(abs(path.parametricValue(5, offsetBy: .time(-0.01)) - 4) <= 1e-9)
        #expect(path.parametricValue(9, offsetBy: .time(1)) == 10)
        #expect(path.parametricValue(2.25, offsetBy: .parametricStep(0.5)) == 2.75)
        #expect(path.parametricValue(9.5, offsetBy: .parametricStep(3)) == 10)
        #expect(path.parametricValue(-4, offsetBy: .parametricStep(0)) == 0)
    }

    @Test func distanceOffsetsInvertTheArcLength() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<40 {
            let path = rng.path(count: Int.random(in: 3...40, using: &rng))
            let t = rng.double(0...path.parametricEnd)
            let d = rng.double(0...20)
            let s = path.parametricValue(t, offsetBy: .distance(d))
            if s < path.parametricEnd {
                #expect(abs(path.length(in: t...s) - d) <= 1e-6 * max(1, d))
            }
            let back = path.parametricValue(s, offsetBy: .distance(-path.length(in: t...s)))
            #expect(abs(back - t) <= 1e-6)
        }
    }

    @Test func timeAndParametricStridesCoverTheRange() {
        var rng = SplitMix64(seed: 5)
        let path = rng.path(count: 30)
        let byTime = path.interpolatedPoints(in: 2...20, by: .time(0.01))
        #expect(byTime.count >= 2)
        for (a, b) in zip(byTime, byTime.dropFirst()).dropLast() {
            #expect(abs((b.timeOffset - a.timeOffset) - 0.01) <= 1e-9)
        }
        let byStep = path.interpolatedParameters(in: 2...20, by: .parametricStep(0.25))
        #expect(byStep.count == 73)
        #expect(byStep.first == 2 && byStep.last == 20)
    }

    @Test func degenerateStridesGiveTheEndsAndHugeCountsAreCapped() {
        let path = straightPath(length: 10, count: 3)
        #expect(path.interpolatedParameters(by: .distance(0)) == [0, 2])
        #expect(path.interpolatedParameters(by: .time(-1)) == [0, 2])
        #expect(path.interpolatedParameters(by: .parametricStep(.nan)) == [0, 2])
        #expect(path.interpolatedParameters(in: 1...1, by: .distance(1)) == [1])
        let tiny = path.interpolatedParameters(by: .parametricStep(1e-12))
        #expect(tiny.count <= StrokePath.maxInterpolatedPoints)
    }
}
