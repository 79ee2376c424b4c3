import DrawingModel
import Foundation

/// Extracts what a reader sees of a drawing: the ink (less highlighter strokes that mark other
/// ink, `HighlighterMarkup`), after each stroke's transform, without the erased parts.
///
/// Points are the path's control points (the pen's samples, which a densely sampled B-spline
/// follows closely), as the network was trained on raw samples. Where a mask erases part of a
/// stroke, `Stroke.maskedPathRanges` gives the visible parametric ranges; each becomes a trace of
/// the control points inside the range, with points interpolated on the curve where the range
/// begins or ends between two control points.
///
/// Strokes with coordinates that are not finite or out of range (`Stroke.hasSaneLocations`) are
/// not ink: readers refuse them, but a drawing can reach the recognizer without a reader.
enum VisibleInk {
    /// The visible traces of `drawing`, in writing order.
    ///
    /// - Parameter strokeIDs: when given, only strokes with these IDs are read.
    static func traces(in drawing: Drawing, strokeIDs: Set<UUID>? = nil) -> [InkTrace] {
        let runs = drawing.strokes.enumerated().map { index, stroke in
            stroke.path.isEmpty || !stroke.hasSaneLocations ? [] : visibleRuns(of: stroke, index: index)
        }
        // Decided over the whole drawing: a highlighter over a word marks it even when only the
        // highlighter's strokes are asked for.
        let markup = HighlighterMarkup.markupStrokes(drawing.strokes, runs: runs)
        var traces: [InkTrace] = []
        for (index, stroke) in drawing.strokes.enumerated() where !markup.contains(index) {
            if let strokeIDs, !strokeIDs.contains(stroke.id) { continue }
            for run in runs[index] {
                if let trace = InkTrace(points: run, order: traces.count) {
                    traces.append(trace)
                }
            }
        }
        return traces
    }

    /// The stroke's visible pieces, each as points in pen order.
    static func visibleRuns(of stroke: Stroke, index: Int) -> [[InkPoint]] {
        let path = stroke.path
        let control = path.controlPoints
        let hasTime = control.contains { $0.timeOffset != control[0].timeOffset }
        let hasForce = control.contains { $0.force != control[0].force }
        func inkPoint(_ p: StrokePoint) -> InkPoint {
            InkPoint(
                location: p.location.applying(stroke.transform),
                time: hasTime ? p.timeOffset : nil,
                force: hasForce ? p.force : nil,
                strokeIndex: index,
                startsTrace: false)
        }
        guard let mask = stroke.mask, !mask.isEmpty else { return [control.map(inkPoint)] }
        return stroke.maskedPathRanges.map { range in
            var run: [StrokePoint] = []
            let first = Int(range.lowerBound.rounded(.up)), last = Int(range.upperBound.rounded(.down))
            if Double(first) != range.lowerBound || first > last {
                run.append(path.interpolatedPoint(at: range.lowerBound))
            }
            if first <= last { run += control[max(first, 0)...min(last, control.count - 1)] }
            if Double(last) != range.upperBound, range.upperBound != range.lowerBound {
                run.append(path.interpolatedPoint(at: range.upperBound))
            }
            return run.map(inkPoint)
        }
    }
}
