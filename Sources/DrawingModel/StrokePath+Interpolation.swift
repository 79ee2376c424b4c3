import Foundation

extension StrokePath {
    /// How far apart consecutive interpolated points are, as PencilKit's
    /// `PKStrokePath.InterpolatedSlice.Stride`.
    package enum InterpolationStride: Sendable, Hashable {
        /// Arc length along the curve, in the path's own units.
        case distance(Double)
        /// Seconds of the interpolated `timeOffset`.
        case time(Double)
        /// A step of the parametric value.
        case parametricStep(Double)
    }

    /// Most points `interpolatedPoints(in:by:)` returns; finer strides are widened to fit.
    package static let maxInterpolatedPoints = 1 << 20

    /// The parametric value reached by moving `stride` from `t`, clamped to `0 ... parametricEnd`.
    ///
    /// `.distance` walks the arc length, `.time` finds where the interpolated `timeOffset` has changed
    /// by the step (time offsets are assumed not to decrease along the path, as every pen reports
    /// them; when the path's time never gets there the result is the end in that direction),
    /// `.parametricStep` just adds. Negative steps move backwards.
    /// - Complexity: O(spans passed).
    package func parametricValue(_ t: Double, offsetBy stride: InterpolationStride) -> Double {
        let end = parametricEnd
        let start = t.isNaN ? 0 : Swift.min(Swift.max(t, 0), end)
        switch stride {
        case .parametricStep(let step):
            guard !step.isNaN else { return start }
            return Swift.min(Swift.max(start + step, 0), end)
        case .distance(let d):
            guard !d.isNaN else { return start }
            return parametricValue(start, movedBy: d)
        case .time(let dt):
            guard !dt.isNaN else { return start }
            return parametricValue(start, movedByTime: dt)
        }
    }

    /// Points on the curve from the start of `range` to its end, `stride` apart, as PencilKit's
    /// `interpolatedPoints(in:by:)`.
    ///
    /// The first point is at the range's start and the last at its end, so the last gap may be
    /// shorter than the stride. A stride that is not positive gives just the two ends. A stride so
    /// fine that more than `maxInterpolatedPoints` would come back is widened to fit.
    /// - Parameters:
    ///   - range: parametric values to cover, clamped to the path; the whole path when nil.
    ///   - stride: the spacing.
    /// - Returns: interpolated points (see `interpolatedPoint(at:)`); empty for an empty path.
    /// - Complexity: O(spans in the range + points returned).
    package func interpolatedPoints(
        in range: ClosedRange<Double>? = nil, by stride: InterpolationStride
    )
        -> [StrokePoint]
    {
        interpolatedParameters(in: range, by: stride).map(interpolatedPoint(at:))
    }

    /// The locations of `interpolatedPoints(in:by:)`.
    package func interpolatedLocations(
        in range: ClosedRange<Double>? = nil, by stride: InterpolationStride
    )
        -> [Point]
    {
        interpolatedParameters(in: range, by: stride).map(interpolatedLocation(at:))
    }

    /// The parametric values behind `interpolatedPoints(in:by:)`, increasing.
    package func interpolatedParameters(
        in range: ClosedRange<Double>? = nil, by stride: InterpolationStride
    )
        -> [Double]
    {
        guard !isEmpty else { return [] }
        let whole = parametricRange
        let r =
            range.map { ClosedRange(uncheckedBounds: (clampValue($0.lowerBound), clampValue($0.upperBound))) }
            ?? whole
        let lo = r.lowerBound, hi = r.upperBound
        guard hi > lo else { return [lo] }
        guard let stride = widened(stride, over: lo...hi) else { return [lo, hi] }
        var values = [lo]
        var t = lo
        let slack = 1e-9 * Swift.max(1, hi)
        while values.count < Self.maxInterpolatedPoints - 1 {
            let next = parametricValue(t, offsetBy: stride)
            guard next > t, next < hi - slack else { break }
            values.append(next)
            t = next
        }
        values.append(hi)
        return values
    }

    private func clampValue(_ t: Double) -> Double {
        t.isNaN ? 0 : Swift.min(Swift.max(t, 0), parametricEnd)
    }

    /// `stride` made coarse enough that `range` needs at most `maxInterpolatedPoints`; nil when the
    /// stride is not a positive finite step (or time never advances).
    private func widened(_ stride: InterpolationStride, over range: ClosedRange<Double>) -> InterpolationStride? {
        let limit = Double(Self.maxInterpolatedPoints - 2)
        switch stride {
        case .parametricStep(let step):
            guard step > 0, step.isFinite else { return nil }
            return .parametricStep(Swift.max(step, (range.upperBound - range.lowerBound) / limit))
        case .distance(let d):
            guard d > 0, d.isFinite else { return nil }
            // Only measure the length when the count could be large.
            if (range.upperBound - range.lowerBound) * Self.arcLengthGrid * 4 < limit { return stride }
            return .distance(Swift.max(d, length(in: range) / limit))
        case .time(let dt):
            guard dt > 0, dt.isFinite else { return nil }
            let duration = abs(interpolatedTime(at: range.upperBound) - interpolatedTime(at: range.lowerBound))
            guard duration > 0 else { return nil }
            return .time(Swift.max(dt, duration / limit))
        }
    }

    /// The parametric value where the interpolated time offset has changed by `dt` from `t`.
    private func parametricValue(_ t: Double, movedByTime dt: Double) -> Double {
        let end = parametricEnd
        guard count >= 2, dt != 0 else { return t }
        let target = interpolatedTime(at: t) + dt
        let forward = dt > 0
        func reached(_ s: Double) -> Bool {
            forward ? interpolatedTime(at: s) >= target : interpolatedTime(at: s) <= target
        }
        // Walk knot by knot to the first one that reaches the target, then bisect inside that span.
        var previous = t
        var knot = forward ? t.rounded(.down) + 1 : t.rounded(.up) - 1
        while forward ? previous < end : previous > 0 {
            let k = forward ? Swift.min(knot, end) : Swift.max(knot, 0)
            if reached(k) {
                var lo = previous, hi = k  // lo: not reached, hi: reached
                for _ in 0..<64 {
                    let mid = (lo + hi) / 2
                    if mid == lo || mid == hi { break }
                    if reached(mid) { hi = mid } else { lo = mid }
                }
                return hi
            }
            previous = k
            knot += forward ? 1 : -1
        }
        return forward ? end : 0
    }
}

extension StrokePath {
    /// Increasing parametric values covering the whole path, consecutive ones at most `maxSpacing`
    /// apart along the curve (coarser when more than about `limit` would be needed).
    ///
    /// Each span is cut into equal parametric steps; a span's speed never exceeds three times its
    /// longest Bézier control leg, which bounds the arc length of each step without measuring it.
    /// - Complexity: O(count + values returned).
    func sampleParameters(maxSpacing: Double, limit: Int) -> [Double] {
        guard count >= 2 else { return isEmpty ? [] : [0] }
        let bounds = bezierSegments.map { s in
            3 * Swift.max(s.p0.distance(to: s.p1), s.p1.distance(to: s.p2), s.p2.distance(to: s.p3))
        }
        let total = bounds.reduce(0, +)
        var spacing = maxSpacing > 0 && maxSpacing.isFinite ? maxSpacing : total
        if total / spacing > Double(limit) { spacing = total / Double(limit) }
        var values: [Double] = []
        for (i, speed) in bounds.enumerated() {
            let steps = spacing > 0 ? Swift.max(1, Int(Swift.min((speed / spacing).rounded(.up), Double(limit)))) : 1
            for k in 0..<steps { values.append(Double(i) + Double(k) / Double(steps)) }
        }
        values.append(parametricEnd)
        return values
    }
}
