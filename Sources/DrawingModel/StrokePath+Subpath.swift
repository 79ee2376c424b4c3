import Foundation

extension StrokePath {
    /// The part of the curve over `range` (clamped to the path) as a path of its own.
    ///
    /// The whole range gives the path itself, unchanged. Otherwise the new control points are the
    /// interpolated points at the range's two ends (so the piece starts and ends exactly on the
    /// original curve, with interpolated attributes) and the original control points whose knots lie
    /// strictly inside; in between, the piece follows the original closely but not exactly (a uniform
    /// B-spline cut at arbitrary parameters has no exact uniform representation with our end
    /// convention). Time offsets and the creation date are kept as they were, not rebased.
    /// - Complexity: O(control points in the range).
    package func subpath(_ range: ClosedRange<Double>) -> StrokePath {
        guard !isEmpty else { return self }
        let end = parametricEnd
        func clamp(_ t: Double) -> Double { t.isNaN ? 0 : Swift.min(Swift.max(t, 0), end) }
        let lo = clamp(range.lowerBound), hi = clamp(range.upperBound)
        if lo <= 0 && hi >= end { return self }
        var points = [interpolatedPoint(at: lo)]
        if hi > lo {
            var k = Int(lo.rounded(.down)) + 1
            while Double(k) < hi {
                points.append(controlPoints[k])
                k += 1
            }
            points.append(interpolatedPoint(at: hi))
        }
        return StrokePath(controlPoints: points, creationDate: creationDate)
    }
}
