import Foundation

/// The B-spline weights of (up to) four control points at one parametric value, with the reflected
/// phantom end points folded into the real ones.
///
/// Slot `k` weighs control point `base + k`; slots whose index falls outside the path carry weight 0
/// and a clamped index, so callers can sum all four without checks.
struct SplineStencil {
    var indices: (Int, Int, Int, Int)
    var weights: (Double, Double, Double, Double)

    /// The stencil of `path` at `t` (clamped to the parametric range; NaN reads as 0).
    /// - Parameter derivative: weights of the first derivative with respect to `t` instead.
    init(count n: Int, at t: Double, derivative: Bool = false) {
        guard n >= 2 else {
            indices = (0, 0, 0, 0)
            weights = (derivative || n == 0 ? 0 : 1, 0, 0, 0)
            return
        }
        let end = Double(n - 1)
        let clamped = t.isNaN ? 0 : Swift.min(Swift.max(t, 0), end)
        let i = Swift.min(Int(clamped.rounded(.down)), n - 2)
        let u = clamped - Double(i)
        var w: (Double, Double, Double, Double)
        if derivative {
            let v = 1 - u
            w = (-v * v / 2, (3 * u * u - 4 * u) / 2, (-3 * u * u + 2 * u + 1) / 2, u * u / 2)
        } else {
            let u2 = u * u, u3 = u2 * u, v = 1 - u
            w = (v * v * v / 6, (3 * u3 - 6 * u2 + 4) / 6, (-3 * u3 + 3 * u2 + 3 * u + 1) / 6, u3 / 6)
        }
        // Slot 0 is P[i-1], slot 3 is P[i+2]. Fold P[-1] = 2·P[0] − P[1] and P[n] = 2·P[n-1] − P[n-2].
        if i == 0 {
            w.1 += 2 * w.0
            w.2 -= w.0
            w.0 = 0
        }
        if i == n - 2 {
            w.2 += 2 * w.3
            w.1 -= w.3
            w.3 = 0
        }
        indices = (Swift.max(i - 1, 0), i, i + 1, Swift.min(i + 2, n - 1))
        weights = w
    }

    /// The weighted sum of one scalar attribute.
    @inline(__always)
    func blend(_ points: [StrokePoint], _ value: (StrokePoint) -> Double) -> Double {
        weights.0 * value(points[indices.0]) + weights.1 * value(points[indices.1])
            + weights.2 * value(points[indices.2]) + weights.3 * value(points[indices.3])
    }

    /// The weighted sum of the locations.
    @inline(__always)
    func blendLocation(_ points: [StrokePoint]) -> Point {
        let p0 = points[indices.0].location, p1 = points[indices.1].location
        let p2 = points[indices.2].location, p3 = points[indices.3].location
        return Point(
            x: weights.0 * p0.x + weights.1 * p1.x + weights.2 * p2.x + weights.3 * p3.x,
            y: weights.0 * p0.y + weights.1 * p1.y + weights.2 * p2.y + weights.3 * p3.y)
    }

    /// The weighted sum of an angle, each neighbour unwrapped to within π of the first.
    func blendAngle(_ points: [StrokePoint], _ value: (StrokePoint) -> Double) -> Double {
        let reference = value(points[indices.1])
        func near(_ a: Double) -> Double {
            let turn = 2 * Double.pi
            return a - turn * ((a - reference) / turn).rounded()
        }
        return weights.0 * near(value(points[indices.0])) + weights.1 * reference
            + weights.2 * near(value(points[indices.2])) + weights.3 * near(value(points[indices.3]))
    }
}

extension StrokePath {
    /// The point on the curve at parametric value `t`, every attribute interpolated.
    ///
    /// Location, time offset, size, opacity, force and altitude use the B-spline basis of the
    /// location; azimuth uses it after unwrapping the neighbours' angles to within π of each other.
    /// Values outside `0 ... parametricEnd` are clamped. An empty path gives a default point at the
    /// origin (files can hold empty strokes; this never traps).
    /// - Complexity: O(1).
    package func interpolatedPoint(at t: Double) -> StrokePoint {
        guard !controlPoints.isEmpty else { return StrokePoint(location: .zero) }
        let s = SplineStencil(count: count, at: t)
        let p = controlPoints
        return StrokePoint(
            location: s.blendLocation(p),
            timeOffset: s.blend(p) { $0.timeOffset },
            size: Size(width: s.blend(p) { $0.size.width }, height: s.blend(p) { $0.size.height }),
            opacity: s.blend(p) { $0.opacity },
            force: s.blend(p) { $0.force },
            azimuth: s.blendAngle(p) { $0.azimuth },
            altitude: s.blend(p) { $0.altitude })
    }

    /// The location on the curve at parametric value `t` (clamped to the range); `.zero` when empty.
    /// - Complexity: O(1).
    package func interpolatedLocation(at t: Double) -> Point {
        guard !controlPoints.isEmpty else { return .zero }
        return SplineStencil(count: count, at: t).blendLocation(controlPoints)
    }

    /// The first derivative of the location with respect to the parametric value.
    func tangent(at t: Double) -> Point {
        guard count >= 2 else { return .zero }
        return SplineStencil(count: count, at: t, derivative: true).blendLocation(controlPoints)
    }

    /// The interpolated time offset at `t`.
    func interpolatedTime(at t: Double) -> Double {
        guard !controlPoints.isEmpty else { return 0 }
        return SplineStencil(count: count, at: t).blend(controlPoints) { $0.timeOffset }
    }
}
