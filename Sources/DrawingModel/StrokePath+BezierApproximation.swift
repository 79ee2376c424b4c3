import Foundation

/// Turning an arbitrary Bézier chain (an SVG path, a PDF ink annotation) into a B-spline.
///
/// A chain that `bezierSegments` produced is C2 and converts exactly (`init(bezierSegments:)`). Other
/// chains have corners, independent handles or natural ends that no uniform B-spline reproduces, so
/// they are sampled: points are taken on the curve until each piece is flat within a third of the
/// tolerance (so the polyline through them is that close to the chain), then more are added around
/// every knot or span middle where the spline through them strays more than two thirds of the
/// tolerance from that polyline (it cuts corners by `|S[k-1] − 2·S[k] + S[k+1]| / 6` at a knot). The
/// samples become the control points; the spline then stays within about `tolerance` of the chain.
extension StrokePath {
    /// Most control points the approximation produces for one chain.
    package static let maxApproximationPoints = 1 << 20

    /// A B-spline within `tolerance` of an arbitrary cubic Bézier chain.
    ///
    /// When the exact inverse (`init(bezierSegments:)`) reproduces every handle of the chain within
    /// `tolerance`, it is used (a Bézier curve moves no more than its handles, so the spline is then
    /// within `tolerance` everywhere); otherwise the chain is sampled adaptively (see above). Jumps
    /// between segments (a segment not starting where the previous ended) become straight lines.
    /// - Parameters:
    ///   - segments: the chain, in order.
    ///   - tolerance: the largest distance allowed between the spline and the chain, in path units;
    ///     values that are not positive and finite mean a thousandth of the chain's extent.
    ///   - attributes: the attributes of the control point taken at chain position `s` (segment index
    ///     plus the segment's own parameter, `0 ... segments.count`); its location is replaced.
    /// - Complexity: O(points produced × log(extent / tolerance)).
    package init(
        approximating segments: [CubicBezier], tolerance: Double, creationDate: Date? = nil,
        attributes: (Double) -> StrokePoint = { _ in StrokePoint(location: .zero) }
    ) {
        guard !segments.isEmpty else {
            self.init(controlPoints: [], creationDate: creationDate)
            return
        }
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : Self.extent(of: segments) / 1000
        let exact = StrokePath(bezierSegments: segments) { _ in StrokePoint(location: .zero) }
        if Self.handleError(exact.bezierSegments, segments) <= tol {
            self.init(bezierSegments: segments, creationDate: creationDate) { attributes(Double($0)) }
            return
        }
        var sampler = ChainSampler(segments: segments, tolerance: tol)
        sampler.sampleFlat()
        sampler.refineCorners()
        let points = sampler.samples.map { s -> StrokePoint in
            var p = attributes(Double(s.segment) + s.u)
            p.location = s.point
            return p
        }
        self.init(controlPoints: points, creationDate: creationDate)
    }

    private static func handleError(_ a: [CubicBezier], _ b: [CubicBezier]) -> Double {
        guard a.count == b.count else { return .infinity }
        var worst = 0.0
        for (x, y) in zip(a, b) {
            worst = max(
                worst, x.p0.distance(to: y.p0), x.p1.distance(to: y.p1), x.p2.distance(to: y.p2),
                x.p3.distance(to: y.p3))
        }
        return worst.isNaN ? .infinity : worst
    }

    private static func extent(of segments: [CubicBezier]) -> Double {
        let all = segments.flatMap { [$0.p0, $0.p1, $0.p2, $0.p3] }
        guard let box = Rect(enclosing: all) else { return 1 }
        let e = max(box.width, box.height)
        return e > 0 && e.isFinite ? e : 1
    }
}

/// Adaptive sampling of a Bézier chain for `StrokePath(approximating:tolerance:)`.
private struct ChainSampler {
    struct Sample {
        var segment: Int
        var u: Double
        var point: Point
    }

    let segments: [CubicBezier]
    let tolerance: Double
    var samples: [Sample] = []

    init(segments: [CubicBezier], tolerance: Double) {
        self.segments = segments
        self.tolerance = tolerance
    }

    /// Samples every segment until each piece between samples is flat within a third of the tolerance.
    mutating func sampleFlat() {
        for (i, segment) in segments.enumerated() {
            subdivide(segment, segment: i, from: 0, to: 1, depth: 0)
            let isLast = i == segments.count - 1
            if isLast || segments[i + 1].p0 != segment.p3 {
                samples.append(Sample(segment: i, u: 1, point: segment.p3))
            }
        }
    }

    private mutating func subdivide(_ piece: CubicBezier, segment: Int, from u0: Double, to u1: Double, depth: Int) {
        guard samples.count < StrokePath.maxApproximationPoints / 2 else { return }
        if depth >= 24 || !(piece.flatness > tolerance / 3) {
            samples.append(Sample(segment: segment, u: u0, point: piece.p0))
            return
        }
        let (left, right) = piece.split(at: 0.5)
        let mid = (u0 + u1) / 2
        subdivide(left, segment: segment, from: u0, to: mid, depth: depth + 1)
        subdivide(right, segment: segment, from: mid, to: u1, depth: depth + 1)
    }

    /// Adds samples around every place where the spline through the samples and the polyline through
    /// them are more than two thirds of the tolerance apart, until none is or the point budget is spent.
    ///
    /// Both directions are checked at every knot and span middle: the spline's point against the
    /// nearby polyline segments, and each sample against the nearby spline (as the chords between its
    /// knots and middles). Unequal spacing only slides the spline along the polyline, which costs
    /// nothing; corners pull it off, which refinement cures.
    mutating func refineCorners() {
        for _ in 0..<64 {
            guard samples.count >= 3 else { return }
            let n = samples.count
            let spline = StrokePath(controlPoints: samples.map { StrokePoint(location: $0.point) })
            // Spline points at every knot (even slots) and span middle (odd slots).
            let curve = (0...(2 * (n - 1))).map { spline.interpolatedLocation(at: Double($0) / 2) }
            let limit = tolerance * 2 / 3
            var splitAfter = [Bool](repeating: false, count: n)
            var any = false
            func distance(_ p: Point, toChain chain: [Point], _ range: ClosedRange<Int>) -> Double {
                var nearest = Double.infinity
                for j in Swift.max(range.lowerBound, 0)..<Swift.min(range.upperBound, chain.count - 1) {
                    nearest = Swift.min(nearest, p.distance(toSegment: chain[j], chain[j + 1]))
                }
                return nearest
            }
            let polyline = samples.map(\.point)
            for slot in curve.indices {
                let k = slot / 2
                let off =
                    distance(curve[slot], toChain: polyline, (k - 1)...(k + 2)) > limit
                    || (slot % 2 == 0 && distance(polyline[k], toChain: curve, (slot - 2)...(slot + 2)) > limit)
                if off {
                    for j in Swift.max(k - 1, 0)...Swift.min(k + 1, n - 2) { splitAfter[j] = true }
                    any = true
                }
            }
            guard any else { return }
            var refined: [Sample] = []
            refined.reserveCapacity(n * 2)
            for k in samples.indices {
                refined.append(samples[k])
                if splitAfter[k], k + 1 < n, let m = midpoint(samples[k], samples[k + 1]) {
                    refined.append(m)
                }
            }
            if refined.count == n || refined.count > StrokePath.maxApproximationPoints { return }
            samples = refined
        }
    }

    /// The chain point halfway (in parameter) between two consecutive samples; nil across a jump.
    private func midpoint(_ a: Sample, _ b: Sample) -> Sample? {
        if a.segment == b.segment {
            return point(a.segment, (a.u + b.u) / 2)
        }
        if a.u < 1 { return point(a.segment, (a.u + 1) / 2) }
        if b.u > 0 { return point(b.segment, b.u / 2) }
        return nil
    }

    private func point(_ segment: Int, _ u: Double) -> Sample {
        Sample(segment: segment, u: u, point: segments[segment].point(at: u))
    }
}
