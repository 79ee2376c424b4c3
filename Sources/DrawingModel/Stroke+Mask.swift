import Foundation

/// What survives erasing: the parametric ranges of the path outside every part of the mask.
///
/// Resolution: the path is sampled at most `maskResolution` apart along its arc length (a quarter of
/// the smaller of the narrowest eraser radius and the stroke's median nib width, in stroke
/// coordinates, but never so fine that a stroke needs more than about `maxMaskSamples` samples;
/// samples are evenly spaced in each span's parameter, with a count bounded by the span's fastest
/// possible speed, so no arc-length inversion is needed), and each boundary
/// between a visible and an erased sample is then refined by bisection to about 1e-9 of the
/// parametric range. Visible or erased pieces shorter than the resolution can be missed.
extension Stroke {
    /// Most samples `maskedPathRanges` takes along one stroke.
    package static let maxMaskSamples = 100_000

    /// The arc-length step at which `maskedPathRanges` samples the path, in stroke coordinates.
    package var maskResolution: Double {
        let length = path.length()
        var scales: [Double] = []
        if let radius = mask?.sweeps.map(\.radius).filter({ $0 > 0 && $0.isFinite }).min() {
            scales.append(radius)
        }
        let widths = path.controlPoints.map(\.size.width).filter { $0 > 0 && $0.isFinite }.sorted()
        if !widths.isEmpty {
            scales.append(widths[widths.count / 2])
        } else if ink.width > 0, transform.scaleFactor > 0 {
            scales.append(ink.width / transform.scaleFactor)
        }
        let floor = length / Double(Self.maxMaskSamples)
        guard let scale = scales.min(), scale.isFinite else { return Swift.max(length / 1000, floor) }
        return Swift.max(scale / 4, floor)
    }

    /// The parametric ranges of the path still visible after erasing, in order, as PencilKit's
    /// `PKStroke.maskedPathRanges`.
    ///
    /// Without a mask (or with an empty one) this is the whole range; a fully erased stroke, or an
    /// empty path, gives none. A piece that survives as a single point gives a range of one value.
    /// - Complexity: O(samples × mask points near them); see the resolution above.
    package var maskedPathRanges: [ClosedRange<Double>] {
        guard !path.isEmpty else { return [] }
        guard let mask, !mask.isEmpty else { return [path.parametricRange] }
        let tester = StrokeMask.HitTester(mask)
        func isVisible(_ t: Double) -> Bool { !tester.erases(path.interpolatedLocation(at: t)) }
        /// The last visible value between a visible and an erased one.
        func boundary(visible: Double, erased: Double) -> Double {
            var v = visible, e = erased
            for _ in 0..<48 {
                let mid = (v + e) / 2
                if mid == v || mid == e || abs(e - v) <= 1e-9 * Swift.max(1, path.parametricEnd) { break }
                if isVisible(mid) { v = mid } else { e = mid }
            }
            return v
        }
        let ts = path.sampleParameters(maxSpacing: maskResolution, limit: Self.maxMaskSamples)
        let visible = ts.map(isVisible)
        var ranges: [ClosedRange<Double>] = []
        var k = 0
        while k < ts.count {
            guard visible[k] else {
                k += 1
                continue
            }
            var j = k
            while j + 1 < ts.count, visible[j + 1] { j += 1 }
            let start = k > 0 ? boundary(visible: ts[k], erased: ts[k - 1]) : ts[k]
            let end = j + 1 < ts.count ? boundary(visible: ts[j], erased: ts[j + 1]) : ts[j]
            ranges.append(start...end)
            k = j + 1
        }
        return ranges
    }
}
