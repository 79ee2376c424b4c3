import Foundation

/// Exact conversion between the uniform cubic B-spline and a chain of cubic Bézier segments.
///
/// Span `i` of the B-spline, shaped by `Q[i-1] … Q[i+2]` (phantoms at the ends), is the Bézier segment
///
///     B0 = (Q[i-1] + 4·Q[i] + Q[i+1]) / 6     B1 = (2·Q[i] + Q[i+1]) / 3
///     B3 = (Q[i] + 4·Q[i+1] + Q[i+2]) / 6     B2 = (Q[i] + 2·Q[i+1]) / 3
///
/// The segments form a C2 chain (position, tangent and curvature continuous). Conversely each control
/// point is recovered as `Q[i] = 2·B1[i] − B2[i]` and the last as `Q[n-1] = 2·B2[n-2] − B1[n-2]`, which is
/// exact for any chain this produced. Chains from elsewhere (SVG paths with corners or independent
/// handles) are generally not C2 and cannot be expressed exactly; use
/// `init(approximating:tolerance:attributes:)` for them.
extension StrokePath {
    /// The curve as cubic Bézier segments, one per span, in the path's own coordinates.
    ///
    /// A one-point path gives one degenerate segment (all four points on the dot) so that it still
    /// has bounds; an empty path gives none.
    /// - Complexity: O(count).
    package var bezierSegments: [CubicBezier] {
        let n = count
        guard n >= 2 else {
            return controlPoints.first.map { p in
                [CubicBezier(p0: p.location, p1: p.location, p2: p.location, p3: p.location)]
            } ?? []
        }
        let q = controlPoints.map(\.location)
        func at(_ i: Int) -> Point {
            if i < 0 { return 2 * q[0] - q[1] }
            if i >= n { return 2 * q[n - 1] - q[n - 2] }
            return q[i]
        }
        return (0..<(n - 1)).map { i in
            let a = at(i - 1), b = q[i], c = q[i + 1], d = at(i + 2)
            return CubicBezier(
                p0: (a + 4 * b + c) * (1.0 / 6), p1: (2 * b + c) * (1.0 / 3),
                p2: (b + 2 * c) * (1.0 / 3), p3: (b + 4 * c + d) * (1.0 / 6))
        }
    }

    /// The B-spline whose `bezierSegments` are `segments`, exactly, for a C2 chain.
    ///
    /// `n` segments give `n + 1` control points (so a one-point path comes back as two coincident
    /// points). For a chain that is not C2 the result follows each segment's handles, not its ends;
    /// see `init(approximating:tolerance:attributes:)`.
    /// - Parameters:
    ///   - segments: the chain, in order.
    ///   - attributes: the attributes of control point `i` (its location is replaced).
    package init(
        bezierSegments segments: [CubicBezier], creationDate: Date? = nil,
        attributes: (Int) -> StrokePoint = { _ in StrokePoint(location: .zero) }
    ) {
        var points: [StrokePoint] = []
        points.reserveCapacity(segments.count + 1)
        for (i, s) in segments.enumerated() {
            var p = attributes(i)
            p.location = 2 * s.p1 - s.p2
            points.append(p)
        }
        if let last = segments.last {
            var p = attributes(segments.count)
            p.location = 2 * last.p2 - last.p1
            points.append(p)
        }
        self.init(controlPoints: points, creationDate: creationDate)
    }

    /// As `init(bezierSegments:creationDate:attributes:)`, attributes taken from `attributes[i]`
    /// (default attributes where the array is short).
    package init(bezierSegments segments: [CubicBezier], creationDate: Date? = nil, attributes: [StrokePoint]) {
        self.init(bezierSegments: segments, creationDate: creationDate) { i in
            i < attributes.count ? attributes[i] : StrokePoint(location: .zero)
        }
    }
}
