import DrawingModel
import Foundation

/// Decodes one Rnote stroke component (`value` of a `stroke_components` slot) into ink or typed
/// text, in document coordinates (the stroke's own transform applied through `Stroke.transform`).
///
/// * `brushstroke`: the pen path. Current layout `{"start": element, "segments": [{"lineto":
///   {"end"}} | {"quadbezto": {"cp", "end"}} | {"cubbezto": {"cp1", "cp2", "end"}}]}` (0.5.13
///   leaves `start` out: the first segment's end starts the path); up to 0.5.8 a list of segments
///   that each carry their start: `{"dot": {"element"}}`, `{"line": {"start", "end"}}`,
///   `{"quadbez": {…}}`, `{"cubbez": {…}}`. Element = `{"pos": [x, y], "pressure": p}`. A path of
///   straight segments keeps its elements as control points (as other formats keep pen samples);
///   one with curves goes through `StrokePath(approximating:)`. Width per point = `stroke_width`
///   shaped by the style's `pressure_curve`; force = pressure.
/// * `shapestroke`: `line`, `arrow`, `quadbez`, `cubbez`, `rect` and `ellipse` become ink (a shape
///   drawn in a note is part of what the page shows: arrows, underlines, boxes); other shapes
///   (`polyline`, `polygon`) are skipped.
/// * `textstroke`: its `text`, placed by its affine (bounds estimated from font size and
///   `max_width`: Rnote stores no box).
/// * Images (`vectorimage`, `bitmapimage`) are skipped.
enum RnoteStroke {
    enum Item {
        case ink(Ink, StrokePath, DrawingModel.AffineTransform)
        case text(TextElement)
    }

    /// Most segments accepted in one path.
    static let maxSegments = ReadLimits.maxPointsPerStroke

    static func decode(_ value: DocumentTree, highlighter: Bool) throws(ReadError) -> Item? {
        guard let (tag, body) = value.variant else { throw ReadError("stroke is not a tagged object") }
        switch tag.lowercased() {
        case "brushstroke":
            guard let path = body["path"] else { throw ReadError("brushstroke has no path") }
            let style = Style(body["style"])
            let ink = Ink(kind: highlighter ? .highlighter : style.kind, color: style.color, width: style.width)
            return .ink(ink, try brushPath(path, style: style), .identity)
        case "shapestroke":
            guard let shape = body["shape"], let geometry = try shapePath(shape) else { return nil }
            let style = Style(body["style"])
            let ink = Ink(kind: highlighter ? .highlighter : .pen, color: style.color, width: style.width)
            return .ink(ink, geometry.path, geometry.transform)
        case "textstroke":
            guard let text = body["text"]?.string, !text.isEmpty else { return nil }
            let affine = try transform(body) ?? .identity
            let fontSize = body["text_style"]?["font_size"]?.number ?? 12
            let lines = Double(text.split(separator: "\n", omittingEmptySubsequences: false).count)
            let longest = Double(text.split(separator: "\n").map(\.count).max() ?? 0)
            let width = min(body["text_style"]?["max_width"]?.number ?? .infinity, longest * fontSize * 0.6)
            let origin = Point(x: affine.tx, y: affine.ty)
            return .text(
                TextElement(
                    text: text,
                    bounds: Rect(x: origin.x, y: origin.y, width: max(width, 0), height: lines * fontSize * 1.2)))
        default:
            return nil
        }
    }

    /// The parts of a brush or shape style that drawing needs: `{"smooth" | "rough" | "textured":
    /// {stroke_width, stroke_color {r, g, b, a}, pressure_curve}}`.
    struct Style {
        var kind: Ink.Kind = .pen
        var color: Ink.Color = .black
        var width: Double = 1
        var curve = "linear"

        init(_ value: DocumentTree?) {
            guard let (tag, body) = value?.variant else { return }
            if tag.lowercased() == "textured" { kind = .pencil }
            if let w = body["stroke_width"]?.number, w > 0 { width = w }
            if let c = body["stroke_color"], let r = c["r"]?.number, let g = c["g"]?.number, let b = c["b"]?.number {
                color = Ink.Color(red: r, green: g, blue: b, alpha: c["a"]?.number ?? 1)
            }
            curve = body["pressure_curve"]?.string?.lowercased() ?? curve
        }

        /// The nib width at `pressure`, as the style's pressure curve shapes it.
        func width(at pressure: Double) -> Double {
            let p = min(max(pressure, 0), 1)
            switch curve {
            case "const": return width
            case "sqrt": return width * p.squareRoot()
            case "cbrt": return width * cbrt(p)
            case "pow2": return width * p * p
            case "pow3": return width * p * p * p
            default: return width * p
            }
        }
    }

    private struct Element {
        var point: Point
        var pressure: Double
    }

    /// Largest coordinate accepted: far beyond any canvas (Rnote's are a few thousand pixels), and
    /// small enough that curve approximation stays in finite arithmetic.
    static let maxCoordinate = 1e9

    private static func point(_ value: DocumentTree?, _ what: String) throws(ReadError) -> Point {
        guard let xy = value?.array, xy.count == 2, let x = xy[0].number, let y = xy[1].number else {
            throw ReadError("\(what) is not a point [x, y]")
        }
        guard abs(x) <= maxCoordinate, abs(y) <= maxCoordinate else { throw ReadError("\(what) is out of range") }
        return Point(x: x, y: y)
    }

    private static func element(_ value: DocumentTree?) throws(ReadError) -> Element {
        guard let value else { throw ReadError("path element is missing") }
        return Element(point: try point(value["pos"], "element position"), pressure: value["pressure"]?.number ?? 0.5)
    }

    private static func brushPath(_ path: DocumentTree, style: Style) throws(ReadError) -> StrokePath {
        var elements: [Element] = []
        var curves: [CubicBezier] = []
        var pressures: [Double] = []
        var curved = false
        /// Appends a segment ending at `end`, with Bézier handles when it is a curve.
        func append(from start: Element?, _ handles: (Point, Point)?, to end: Element) {
            if let start, elements.isEmpty { elements.append(start) }
            guard let last = elements.last else {
                elements.append(end)
                return
            }
            if let (c1, c2) = handles {
                curved = true
                curves.append(CubicBezier(p0: last.point, p1: c1, p2: c2, p3: end.point))
            } else {
                curves.append(CubicBezier(line: last.point, to: end.point))
            }
            if pressures.isEmpty { pressures.append(last.pressure) }
            pressures.append(end.pressure)
            elements.append(end)
        }
        func quadratic(_ p0: Point, _ cp: Point, _ p3: Point) -> (Point, Point) {
            (p0 + (cp - p0) * (2.0 / 3), p3 + (cp - p3) * (2.0 / 3))
        }
        let segments: [DocumentTree]
        var start: Element?
        if let list = path.array {
            segments = list
        } else {
            segments = path["segments"]?.array ?? []
            if let s = path["start"] { start = try element(s) }
            if let start { elements.append(start) }
        }
        guard segments.count <= maxSegments else { throw ReadError("path has more than \(maxSegments) segments") }
        for segment in segments {
            guard let (tag, body) = segment.variant else { throw ReadError("path segment is not a tagged object") }
            let from = body["start"] == nil ? nil : try element(body["start"])
            switch tag.lowercased() {
            case "dot": append(from: nil, nil, to: try element(body["element"]))
            case "lineto", "line": append(from: from, nil, to: try element(body["end"]))
            case "quadbezto", "quadbez":
                let end = try element(body["end"])
                let p0 = from?.point ?? elements.last?.point ?? end.point
                append(from: from, quadratic(p0, try point(body["cp"], "control point"), end.point), to: end)
            case "cubbezto", "cubbez":
                append(
                    from: from, (try point(body["cp1"], "control point"), try point(body["cp2"], "control point")),
                    to: try element(body["end"]))
            default: throw ReadError("unknown path segment '\(tag)'")
            }
        }
        let points = elements.map {
            let w = style.width(at: $0.pressure)
            return StrokePoint(location: $0.point, size: Size(width: w, height: w), force: $0.pressure)
        }
        guard curved else { return StrokePath(controlPoints: points) }
        return StrokePath(approximating: curves, tolerance: 0.1) { s in
            let k = min(max(Int(s.rounded(.down)), 0), pressures.count - 1)
            let next = min(k + 1, pressures.count - 1)
            let pressure = pressures[k] + (pressures[next] - pressures[k]) * (s - Double(k))
            let w = style.width(at: pressure)
            return StrokePoint(location: .zero, size: Size(width: w, height: w), force: pressure)
        }
    }

    /// A shape as a path in its own coordinates and the transform placing it.
    private static func shapePath(
        _ shape: DocumentTree
    ) throws(ReadError) -> (path: StrokePath, transform: DrawingModel.AffineTransform)? {
        guard let (tag, body) = shape.variant else { throw ReadError("shape is not a tagged object") }
        func polyline(_ points: [Point]) -> StrokePath {
            StrokePath(controlPoints: points.map { StrokePoint(location: $0) })
        }
        switch tag.lowercased() {
        case "line":
            return (polyline([try point(body["start"], "line start"), try point(body["end"], "line end")]), .identity)
        case "arrow":
            return (
                polyline([try point(body["start"], "arrow start"), try point(body["tip"] ?? body["end"], "arrow tip")]),
                .identity
            )
        case "quadbez":
            let p0 = try point(body["start"], "start"), cp = try point(body["cp"], "control point"),
                p3 = try point(body["end"], "end")
            let curve = CubicBezier(p0: p0, p1: p0 + (cp - p0) * (2.0 / 3), p2: p3 + (cp - p3) * (2.0 / 3), p3: p3)
            return (StrokePath(approximating: [curve], tolerance: 0.1), .identity)
        case "cubbez":
            let curve = CubicBezier(
                p0: try point(body["start"], "start"), p1: try point(body["cp1"], "control point"),
                p2: try point(body["cp2"], "control point"), p3: try point(body["end"], "end"))
            return (StrokePath(approximating: [curve], tolerance: 0.1), .identity)
        case "rect", "rectangle":
            let h = try point(body["cuboid"]?["half_extents"], "rectangle half extents")
            let corners = [
                Point(x: -h.x, y: -h.y), Point(x: h.x, y: -h.y), Point(x: h.x, y: h.y), Point(x: -h.x, y: h.y),
                Point(x: -h.x, y: -h.y),
            ]
            return (polyline(corners), try transform(body) ?? .identity)
        case "ellipse":
            let r = try point(body["radii"], "ellipse radii")
            let arc = (0...32).map { k -> Point in
                let angle = Double(k) / 32 * 2 * Double.pi
                return Point(x: r.x * cos(angle), y: r.y * sin(angle))
            }
            return (polyline(arc), try transform(body) ?? .identity)
        default:
            return nil
        }
    }

    /// A component's placement: `"affine": [a, b, c, d, tx, ty]` (0.15, glam column order) or
    /// `"transform": {"affine": [9 numbers]}` (0.9–0.14, a 3×3 matrix in column-major order, of
    /// which indices 0, 1, 3, 4, 6, 7 are the affine part).
    static func transform(_ body: DocumentTree) throws(ReadError) -> DrawingModel.AffineTransform? {
        if let six = body["affine"]?.array {
            let v = six.compactMap(\.number)
            guard v.count == 6, six.count == 6 else { throw ReadError("affine is not 6 numbers") }
            return DrawingModel.AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        }
        if let nine = body["transform"]?["affine"]?.array {
            let v = nine.compactMap(\.number)
            guard v.count == 9, nine.count == 9 else { throw ReadError("transform affine is not 9 numbers") }
            return DrawingModel.AffineTransform(a: v[0], b: v[1], c: v[3], d: v[4], tx: v[6], ty: v[7])
        }
        return nil
    }
}
