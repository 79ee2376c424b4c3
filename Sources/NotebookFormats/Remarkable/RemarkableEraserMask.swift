import DrawingModel

/// Turns v3/v5 eraser and erase-area strokes into masks on the ink strokes they touch.
///
/// A stroke is touched when its polyline comes within the eraser's radius (plus the stroke's own
/// half width) of the eraser path, or, for an erase area, when one of its points lies inside the
/// lasso polygon (even-odd rule) or one of its segments crosses the lasso.
/// Strokes here have identity transforms, so page and stroke coordinates agree. The exact test costs
/// (stroke segments × eraser segments); once a page has spent `workBudget` segment pairs, the rest
/// fall back to comparing bounding boxes, so a hostile file cannot make this quadratic step hang.
enum RemarkableEraserMask {
    /// Segment pairs one page may compare exactly.
    static let workBudget = 20_000_000

    /// The points' bounding box grown by `margin` on every side (an empty rect for no points).
    static func bounds(of points: [StrokePoint], margin: Double) -> Rect {
        guard let box = Rect(enclosing: points.lazy.map(\.location)) else {
            return Rect(x: 0, y: 0, width: 0, height: 0)
        }
        let m = margin.isFinite ? max(margin, 0) : 0
        return Rect(x: box.x - m, y: box.y - m, width: box.width + 2 * m, height: box.height + 2 * m)
    }

    static func apply(
        tool: UInt32, points: [StrokePoint], fallbackWidth: Double,
        to strokes: inout [Stroke], strokeBounds: [Rect], budget: inout Int
    ) {
        let path = points.map(\.location)
        let isArea = tool == RemarkableTool.eraseArea
        let width = RemarkableTool.ink(
            tool: tool, colorID: 0, argb: nil, points: points,
            fallbackWidth: fallbackWidth
        ).width
        let radius = isArea ? 0 : width / 2
        let reach = Self.bounds(of: points, margin: radius)
        for i in strokes.indices where i < strokeBounds.count && strokeBounds[i].intersects(reach) {
            let margin = radius + strokes[i].ink.width / 2
            let line = strokes[i].path.controlPoints.map(\.location)
            budget -= line.count * path.count
            let touched =
                budget < 0
                ? true
                : isArea
                    ? line.contains { contains(path, $0) } || distance(line, path + path.prefix(1)) == 0
                    : distance(line, path) <= margin
            guard touched else { continue }
            var mask = strokes[i].mask ?? StrokeMask()
            if isArea {
                mask.polygons.append(path)
            } else {
                mask.sweeps.append(StrokeMask.Sweep(points: path, radius: radius))
            }
            strokes[i].mask = mask
        }
    }

    /// Even-odd point-in-polygon test; the polygon is closed implicitly.
    static func contains(_ polygon: [Point], _ p: Point) -> Bool {
        guard polygon.count >= 3 else { return false }
        var inside = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let a = polygon[i], b = polygon[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
                inside.toggle()
            }
            j = i
        }
        return inside
    }

    /// Smallest distance between two polylines (a single point counts as a polyline).
    static func distance(_ a: [Point], _ b: [Point]) -> Double {
        func segments(_ line: [Point]) -> [(Point, Point)] {
            line.count == 1 ? [(line[0], line[0])] : Array(zip(line, line.dropFirst()))
        }
        var best = Double.infinity
        for (p, q) in segments(a) {
            for (r, s) in segments(b) {
                best = min(best, distance(p, q, r, s))
                if best == 0 { return 0 }
            }
        }
        return best
    }

    /// Distance between segments pq and rs: 0 when they cross, else the nearest endpoint distance.
    static func distance(_ p: Point, _ q: Point, _ r: Point, _ s: Point) -> Double {
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        let d1 = cross(r, s, p), d2 = cross(r, s, q), d3 = cross(p, q, r), d4 = cross(p, q, s)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
            return 0
        }
        return min(
            p.distance(toSegment: r, s), q.distance(toSegment: r, s),
            r.distance(toSegment: p, q), s.distance(toSegment: p, q))
    }
}
