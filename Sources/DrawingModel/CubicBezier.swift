import Foundation

/// One cubic Bézier segment from `p0` to `p3` with handles `p1` and `p2`, as SVG and PDF paths hold them.
package struct CubicBezier: Sendable, Hashable, Codable {
    package var p0: Point, p1: Point, p2: Point, p3: Point

    package init(p0: Point, p1: Point, p2: Point, p3: Point) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    /// A straight segment with its handles at the thirds, so its speed is constant.
    package init(line from: Point, to: Point) {
        self.init(p0: from, p1: from + (to - from) * (1.0 / 3), p2: from + (to - from) * (2.0 / 3), p3: to)
    }

    /// The point at `u` in `0 ... 1`.
    package func point(at u: Double) -> Point {
        let v = 1 - u
        let a = v * v * v, b = 3 * v * v * u, c = 3 * v * u * u, d = u * u * u
        return Point(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
            y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The segment with every control point mapped by `t` (Bézier curves are affine invariant).
    package func applying(_ t: AffineTransform) -> CubicBezier {
        CubicBezier(p0: p0.applying(t), p1: p1.applying(t), p2: p2.applying(t), p3: p3.applying(t))
    }

    /// The largest distance of the handles from the chord `p0 p3`: the curve lies within it of the chord.
    package var flatness: Double {
        max(p1.distance(toSegment: p0, p3), p2.distance(toSegment: p0, p3))
    }

    /// The exact bounding box of the curve over `range` of `u` (clamped to `0 ... 1`).
    /// - Complexity: O(1): the ends plus the roots of each coordinate's derivative.
    package func bounds(in range: ClosedRange<Double> = 0...1) -> Rect {
        let lo = min(max(range.lowerBound, 0), 1), hi = min(max(range.upperBound, 0), 1)
        var candidates = [lo, hi]
        for axis in [\Point.x, \Point.y] {
            // d/du of the cubic is a·u² + b·u + c with:
            let q0 = p0[keyPath: axis], q1 = p1[keyPath: axis], q2 = p2[keyPath: axis], q3 = p3[keyPath: axis]
            let a = 3 * (-q0 + 3 * q1 - 3 * q2 + q3), b = 6 * (q0 - 2 * q1 + q2), c = 3 * (q1 - q0)
            for root in Self.quadraticRoots(a, b, c) where root > lo && root < hi {
                candidates.append(root)
            }
        }
        return Rect(enclosing: candidates.map(point(at:))) ?? Rect(x: p0.x, y: p0.y, width: 0, height: 0)
    }

    /// Real roots of `a·x² + b·x + c` (the linear or empty case when `a` vanishes).
    private static func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return [] }
        if abs(a) <= scale * 1e-12 {
            return abs(b) > 0 ? [-c / b] : []
        }
        let disc = b * b - 4 * a * c
        guard disc >= 0 else { return [] }
        let s = disc.squareRoot()
        // The numerically stable pair.
        let q = -0.5 * (b + (b >= 0 ? s : -s))
        return q != 0 ? [q / a, c / q] : [0]
    }
}

extension CubicBezier {
    /// The two halves of the curve at `u` (de Casteljau).
    package func split(at u: Double) -> (CubicBezier, CubicBezier) {
        func lerp(_ a: Point, _ b: Point) -> Point { a + (b - a) * u }
        let a = lerp(p0, p1), b = lerp(p1, p2), c = lerp(p2, p3)
        let d = lerp(a, b), e = lerp(b, c)
        let m = lerp(d, e)
        return (CubicBezier(p0: p0, p1: a, p2: d, p3: m), CubicBezier(p0: m, p1: e, p2: c, p3: p3))
    }
}
