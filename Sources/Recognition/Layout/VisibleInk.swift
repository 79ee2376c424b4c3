import DrawingModel
import Foundation

/// Extracts what a reader sees of a drawing: the ink of writing tools (highlighters skipped),
/// after each stroke's transform, without the erased parts.
///
/// Points are the path's control points. Control points of a densely sampled cubic B-spline lie on
/// or next to the curve, which is all layout and the network need.
// TODO: switch to `Stroke.maskedPathRanges` and the path interpolation helpers once DrawingModel
// has them, so a mask that erases between two sparse control points is honoured too.
enum VisibleInk {
    /// The visible traces of `drawing`, in writing order.
    ///
    /// - Parameter strokeIDs: when given, only strokes with these IDs are read.
    static func traces(in drawing: Drawing, strokeIDs: Set<UUID>? = nil) -> [InkTrace] {
        var traces: [InkTrace] = []
        for (index, stroke) in drawing.strokes.enumerated() {
            guard stroke.ink.isWriting, !stroke.path.isEmpty else { continue }
            if let strokeIDs, !strokeIDs.contains(stroke.id) { continue }
            for run in visibleRuns(of: stroke, index: index) {
                if let trace = InkTrace(points: run, order: traces.count) {
                    traces.append(trace)
                }
            }
        }
        return traces
    }

    /// The stroke's points split at erased points into runs of consecutive visible ones.
    static func visibleRuns(of stroke: Stroke, index: Int) -> [[InkPoint]] {
        let control = stroke.path.controlPoints
        let hasTime = control.contains { $0.timeOffset != control[0].timeOffset }
        let hasForce = control.contains { $0.force != control[0].force }
        let mask = stroke.mask.flatMap { $0.isEmpty ? nil : $0 }
        var runs: [[InkPoint]] = []
        var run: [InkPoint] = []
        for point in control {
            if let mask, isErased(point.location, by: mask) {
                if !run.isEmpty { runs.append(run); run = [] }
                continue
            }
            run.append(
                InkPoint(
                    location: point.location.applying(stroke.transform),
                    time: hasTime ? point.timeOffset : nil,
                    force: hasForce ? point.force : nil,
                    strokeIndex: index,
                    startsTrace: run.isEmpty))
        }
        if !run.isEmpty { runs.append(run) }
        return runs
    }

    /// Whether `p` (in the stroke's own coordinates) lies in an erased sweep or polygon.
    private static func isErased(_ p: Point, by mask: StrokeMask) -> Bool {
        for sweep in mask.sweeps where covers(sweep, p) { return true }
        for polygon in mask.polygons where contains(polygon, p) { return true }
        return false
    }

    /// Even-odd point-in-polygon test by ray casting.
    private static func contains(_ vertices: [Point], _ p: Point) -> Bool {
        guard vertices.count >= 3 else { return false }
        var inside = false
        var j = vertices.count - 1
        for i in 0..<vertices.count {
            let a = vertices[i], b = vertices[j]
            if (a.y > p.y) != (b.y > p.y) {
                let xCross = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
                if p.x < xCross { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// Whether `p` is within the sweep's radius of its polyline (a single point sweeps a disc).
    private static func covers(_ sweep: StrokeMask.Sweep, _ p: Point) -> Bool {
        let points = sweep.points
        guard let first = points.first else { return false }
        let r2 = sweep.radius * sweep.radius
        if points.count == 1 { return squaredDistance(p, first, first) <= r2 }
        for i in 1..<points.count where squaredDistance(p, points[i - 1], points[i]) <= r2 {
            return true
        }
        return false
    }

    private static func squaredDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        var t = 0.0
        if len2 > 0 { t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) }
        let qx = a.x + t * dx - p.x, qy = a.y + t * dy - p.y
        return qx * qx + qy * qy
    }
}
