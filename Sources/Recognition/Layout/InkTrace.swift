import DrawingModel

/// One pen-down run of visible ink: a whole stroke, or the part of a stroke between two erased
/// gaps. Layout works on traces, not strokes, so an erased gap is a pen lift like any other.
struct InkTrace: Sendable {
    /// Pen order; the first point has `startsTrace` set. Never empty.
    var points: [InkPoint]
    /// Tight box of `points`.
    var bounds: Rect
    /// Length of the polyline through `points`.
    var length: Double
    /// Position in the drawing's writing order (stroke index first, then trace within the stroke);
    /// ties in spatial sorting fall back on it, so layout is deterministic.
    var order: Int

    /// Builds a trace from points in pen order; nil when there are none.
    init?(points: [InkPoint], order: Int) {
        guard let first = points.first, let box = Rect(enclosing: points.lazy.map(\.location)) else {
            return nil
        }
        var pts = points
        pts[0].startsTrace = true
        for i in 1..<pts.count { pts[i].startsTrace = false }
        var length = 0.0
        var previous = first.location
        for p in pts.dropFirst() {
            length += previous.distance(to: p.location)
            previous = p.location
        }
        self.points = pts
        self.bounds = box
        self.length = length
        self.order = order
    }

    var strokeIndex: Int { points[0].strokeIndex }
    /// Distance between the first and the last point.
    var chord: Double { points[0].location.distance(to: points[points.count - 1].location) }
    /// Whether the trace is one straight segment between two points: a line drawn with a ruler or
    /// a shape tool (a pen samples tens of points a centimetre), or a dot.
    var isSegment: Bool { points.count <= 2 }
}
