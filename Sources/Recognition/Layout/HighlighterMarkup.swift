import DrawingModel
import Foundation

/// Which highlighter strokes mark other ink rather than write.
///
/// Most highlighter strokes are dragged over words written with another pen, and reading them
/// would put a second, garbled copy of those words in the index. But people also write with the
/// highlighter itself (a heading, a word in a bright colour, the tool's own name on a pen test
/// page), and those words must be found. So a highlighter stroke counts as markup when other
/// ink lies under it, and as writing when it lies on blank paper.
enum HighlighterMarkup {
    /// Points of other ink a highlighter stroke must cover to count as markup; a word in
    /// highlighter ink written close to pen writing may brush a point or two of it.
    static let coveredPointsForMarkup = 3

    /// Indices of the highlighter strokes of `strokes` that lie over other ink.
    ///
    /// - Parameter runs: each stroke's visible runs in drawing coordinates (empty for strokes
    ///   that are not ink), as `VisibleInk.visibleRuns` gives them.
    static func markupStrokes(_ strokes: [Stroke], runs: [[[InkPoint]]]) -> Set<Int> {
        let highlighters = strokes.indices.filter { strokes[$0].ink.kind == .highlighter && !runs[$0].isEmpty }
        guard !highlighters.isEmpty else { return [] }
        let otherInk = strokes.indices.filter { strokes[$0].ink.kind != .highlighter }
            .flatMap { runs[$0].joined().map(\.location) }
        guard !otherInk.isEmpty else { return [] }
        return Set(
            highlighters.filter { index in
                let radius = halfWidth(of: strokes[index])
                return runs[index].contains { run in
                    covered(otherInk, by: run.map(\.location), radius: radius) >= coveredPointsForMarkup
                }
            })
    }

    /// Half the drawn width of a stroke in drawing units: the widest of its nib and its
    /// points, scaled as its transform scales lengths.
    static func halfWidth(of stroke: Stroke) -> Double {
        let widest = stroke.path.controlPoints.reduce(stroke.ink.width) { max($0, $1.size.width) }
        let t = stroke.transform
        let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
        return widest * scale / 2
    }

    /// How many of `points` lie within `radius` of the polyline `path`.
    static func covered(_ points: [Point], by path: [Point], radius: Double) -> Int {
        guard let first = path.first else { return 0 }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in path {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        return points.count { p in
            guard p.x >= minX - radius, p.x <= maxX + radius, p.y >= minY - radius, p.y <= maxY + radius
            else { return false }
            if path.count == 1 { return p.distance(to: first) <= radius }
            return zip(path, path.dropFirst()).contains { p.distance(toSegment: $0, $1) <= radius }
        }
    }
}
