import DrawingModel
import SeededRandom

extension SplitMix64 {
    mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// A handwriting-like path: a random walk with smoothly turning heading, increasing time offsets
    /// and varying attributes.
    mutating func path(count: Int, step: ClosedRange<Double> = 0.5...6) -> StrokePath {
        var location = Point(x: double(-200...200), y: double(-200...200))
        var heading = double(0...(2 * .pi))
        var time = 0.0
        var points: [StrokePoint] = []
        for _ in 0..<count {
            points.append(
                StrokePoint(
                    location: location, timeOffset: time,
                    size: Size(width: double(0.5...4), height: double(0.5...4)), opacity: double(0.2...1),
                    force: double(0...1), azimuth: double(0...(2 * .pi)), altitude: double(0.3...1.5)))
            heading += double(-0.8...0.8)
            let d = double(step)
            location = location + Point(x: cos(heading) * d, y: sin(heading) * d)
            time += double(0.001...0.02)
        }
        return StrokePath(controlPoints: points)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A straight path along the x axis from 0 to `length` with `count` evenly spaced points.
func straightPath(length: Double, count: Int, y: Double = 0) -> StrokePath {
    StrokePath(
        controlPoints: (0..<count).map { i in
            let x = length * Double(i) / Double(count - 1)
            return StrokePoint(location: Point(x: x, y: y), timeOffset: Double(i) * 0.01)
        })
}
