import DrawingModel
import Foundation

/// Turns one SVG shape (its subpaths, resolved style and transform) into strokes.
///
/// * Stroked paths (`write-stroke-pen`, unclassed legacy Write paths, any SVG path with a `stroke`):
///   the path is the pen's centreline. A polyline subpath keeps its vertices as the B-spline's
///   control points (as the other readers keep pen samples); a subpath with curves goes through
///   `StrokePath(approximating:tolerance:)`, within 0.1 page units.
/// * Write's filled pens (`write-flat-pen`, `write-fstroke`, `write-round-pen`, `write-chisel-pen`):
///   the path is the outline of the ink. The first half of its points runs along one side and the
///   second half back along the other, so centreline point *i* is the midpoint of outline points
///   *i* and *n−1−i*, and their distance is the width there (`StrokePoint.size`). For the round
///   and chisel pens this pairing is an approximation.
/// * Other filled shapes without a stroke: the outline itself is the stroke.
/// Each subpath of a stroked or plain filled path is one stroke; a Write outline pen's path is one.
/// Ink: the paint colour with its opacities; translucent ink (total alpha below 1) is a
/// highlighter, as Write's highlighters are; width = `stroke-width` scaled by the transform.
struct SVGStrokeBuilder {
    enum Geometry {
        case centreline, outline, outlineCentreline
    }

    var geometry: Geometry
    var style: SVGStyle
    var transform: DrawingModel.AffineTransform
    var creationDate: Date?

    /// Strokes for the subpaths; `id(k)` gives the ID of the k-th stroke made.
    func strokes(_ subpaths: [SVGSubpath], id: (Int) -> UUID) throws(ReadError) -> [Stroke] {
        let scale = transform.scaleFactor.isFinite && transform.scaleFactor > 0 ? transform.scaleFactor : 1
        let paint = geometry == .centreline ? style.stroke : style.fill
        guard var color = paint else { return [] }
        color.alpha *= (geometry == .centreline ? style.strokeOpacity : style.fillOpacity) * style.opacity
        let kind: Ink.Kind = color.alpha < 0.999 ? .highlighter : .pen
        var paths: [(StrokePath, Double)] = []
        switch geometry {
        case .centreline:
            for subpath in subpaths where !subpath.segments.isEmpty {
                paths.append((centreline(subpath, width: style.strokeWidth, tolerance: 0.1 / scale), style.strokeWidth))
            }
        case .outline:
            for subpath in subpaths where !subpath.segments.isEmpty {
                paths.append(
                    (polyline(flatten(subpath, tolerance: 0.1 / scale), width: style.strokeWidth), style.strokeWidth))
            }
        case .outlineCentreline:
            // One pen stroke, even when its outline has several subpaths (the chisel pen writes one
            // small polygon per segment): their midlines are joined in order.
            var points: [StrokePoint] = []
            var widest = 0.0
            for subpath in subpaths where !subpath.segments.isEmpty {
                let (midline, width) = midline(flatten(subpath, tolerance: 0.1 / scale))
                points += midline
                widest = max(widest, width)
            }
            if !points.isEmpty {
                paths.append((StrokePath(controlPoints: points), style.strokeWidth > 0 ? style.strokeWidth : widest))
            }
        }
        var strokes: [Stroke] = []
        for (path, width) in paths where !path.isEmpty {
            try PointBudget.charge(path.count)
            var stroke = Stroke(
                id: id(strokes.count), ink: Ink(kind: kind, color: color, width: width * scale), transform: transform,
                path: path)
            stroke.path.creationDate = creationDate
            strokes.append(stroke)
        }
        return strokes
    }

    private func centreline(_ subpath: SVGSubpath, width: Double, tolerance: Double) -> StrokePath {
        let attributes = StrokePoint(location: .zero, size: Size(width: width, height: width))
        if subpath.isPolyline { return polyline(subpath.vertices, width: width) }
        // Never finer than 1/10,000 of the path's extent: bounds the samples for absurd coordinates.
        let corners = subpath.segments.flatMap { [$0.p0, $0.p1, $0.p2, $0.p3] }
        let extent = Rect(enclosing: corners).map { max($0.width, $0.height) } ?? 0
        let bounded = extent.isFinite ? max(tolerance, extent / 10_000) : tolerance
        return StrokePath(approximating: subpath.segments, tolerance: bounded) { _ in attributes }
    }

    private func polyline(_ points: [Point], width: Double) -> StrokePath {
        StrokePath(controlPoints: points.map { StrokePoint(location: $0, size: Size(width: width, height: width)) })
    }

    /// The outline's points: segment end points, with curved segments subdivided until flat.
    private func flatten(_ subpath: SVGSubpath, tolerance: Double) -> [Point] {
        var points = [subpath.start]
        for segment in subpath.segments {
            if !subpath.isPolyline { subdivide(segment, tolerance: tolerance, depth: 0, into: &points) }
            points.append(segment.p3)
        }
        if subpath.isClosed, points.count > 2, points[points.count - 1] == points[0] { points.removeLast() }
        return points
    }

    private func subdivide(_ segment: CubicBezier, tolerance: Double, depth: Int, into points: inout [Point]) {
        guard depth < 10, segment.flatness > tolerance else { return }
        let (left, right) = segment.split(at: 0.5)
        subdivide(left, tolerance: tolerance, depth: depth + 1, into: &points)
        points.append(left.p3)
        subdivide(right, tolerance: tolerance, depth: depth + 1, into: &points)
    }

    /// Centreline and widths of a Write outline: pairs point i with point n−1−i.
    private func midline(_ outline: [Point]) -> ([StrokePoint], Double) {
        let n = outline.count
        guard n >= 2 else {
            return (outline.map { StrokePoint(location: $0) }, 0)
        }
        var points: [StrokePoint] = []
        points.reserveCapacity((n + 1) / 2)
        var widest = 0.0
        for i in 0..<((n + 1) / 2) {
            let a = outline[i], b = outline[n - 1 - i]
            let w = a.distance(to: b)
            widest = max(widest, w)
            points.append(StrokePoint(location: (a + b) * 0.5, size: Size(width: w, height: w)))
        }
        return (points, widest)
    }
}
