import Foundation

extension Stroke {
    /// The exact bounding box of the whole curve (mask ignored, no ink width) in the drawing's
    /// coordinates; nil for an empty path.
    /// - Complexity: O(count).
    package var pathBounds: Rect? {
        curveBounds(over: [path.parametricRange], segments: path.bezierSegments)
    }

    /// The box the visible ink covers in the drawing's coordinates, as PencilKit's `renderBounds`:
    /// the exact bounds of the curve over `maskedPathRanges`, grown on every side by half the widest
    /// nib (the larger of `ink.width` and the widest control point's size, scaled by the transform).
    /// Nil when nothing is visible.
    /// - Complexity: O(count), plus the mask test when there is a mask.
    package var renderBounds: Rect? {
        guard let box = curveBounds(over: maskedPathRanges, segments: path.bezierSegments) else { return nil }
        let pointWidth = path.controlPoints.map { Swift.max($0.size.width, $0.size.height) }.max() ?? 0
        let half = Swift.max(ink.width, pointWidth * transform.scaleFactor) / 2
        guard half > 0, half.isFinite else { return box }
        return box.insetBy(dx: -half, dy: -half)
    }

    /// The union of the exact, transformed curve bounds over each range.
    private func curveBounds(over ranges: [ClosedRange<Double>], segments: [CubicBezier]) -> Rect? {
        guard !segments.isEmpty else { return nil }
        let last = segments.count - 1
        var result: Rect?
        for range in ranges {
            let first = Swift.min(Int(Swift.max(range.lowerBound, 0).rounded(.down)), last)
            let final = Swift.max(Swift.min(Int(range.upperBound.rounded(.up)) - 1, last), first)
            for i in first...final {
                let local = (range.lowerBound - Double(i))...(range.upperBound - Double(i))
                let box = segments[i].applying(transform).bounds(in: local)
                result = result.map { $0.union(box) } ?? box
            }
        }
        return result
    }
}

extension Drawing {
    /// The union of every stroke's `renderBounds`, as PencilKit's `PKDrawing.bounds`; nil when no
    /// ink is visible.
    package var bounds: Rect? {
        strokes.compactMap(\.renderBounds).reduce(nil) { partial, box in partial.map { $0.union(box) } ?? box }
    }
}
