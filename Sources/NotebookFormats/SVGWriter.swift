import DrawingModel
import Foundation

/// Draws one page as SVG, as a reader of the notebook sees it.
///
/// * Ink: one `<path>` per visible piece of each stroke (`Stroke.maskedPathRanges`, so erased
///   parts are left out), in writing order, as cubic Béziers from the B-spline
///   (`StrokePath.bezierSegments`) mapped by the stroke's transform; stroke colour and opacity from
///   the ink, `stroke-width` the ink's nominal width. Highlighters are translucent (their own alpha,
///   or half when the file gave them none, as Xournal++ paints them). Strokes with coordinates out
///   of range (`Stroke.hasSaneLocations`) are left out, as the recognizer leaves them.
/// * Typed text: `<text>` placed so that `SVGReader` estimates the same box back; text without a
///   place on the page is listed below it.
/// * Highlights: a translucent `<rect>` over each box, drawn last.
///
/// `SVGReader` reads the result back with one stroke per `<path>` (it skips rectangles), so the
/// stroke count it gives is the number of visible pieces (`visiblePieceCount`). `fragment` gives
/// the same drawing without the document around it, for pages that embed it (`query --html`).
public enum SVGWriter {
    /// Colours of the highlight boxes: a yellow marker with an orange outline, legible over ink of
    /// any colour.
    static let highlightFill = "#ffd400", highlightOutline = "#e07000"

    /// A page drawn for embedding in another document (an HTML page, say): the elements that
    /// draw it, without the `<svg>` element around them.
    public struct Fragment: Sendable {
        /// The area to show, in page coordinates: the page's box grown to hold everything drawn.
        public var frame: Rect
        /// A white background over `frame`, the ink and the typed text, in page coordinates.
        public var elements: String
    }

    /// The page as an SVG document (UTF-8).
    /// - Parameters:
    ///   - page: the page, in its own coordinates.
    ///   - highlights: boxes to outline over the ink, in the page's coordinates.
    public static func encode(_ page: Page, highlights: [Rect] = []) -> String {
        let drawn = fragment(page, framing: highlights)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"\(viewBox(drawn.frame))\""
        out += " width=\"\(number(drawn.frame.width))\" height=\"\(number(drawn.frame.height))\">\n"
        out += drawn.elements
        for rect in highlights { out += highlight(rect) }
        out += "</svg>\n"
        return out
    }

    /// The page's elements and the area they cover.
    /// - Parameters:
    ///   - page: the page, in its own coordinates.
    ///   - framing: boxes that will be drawn over the page (highlights), for the frame to hold them.
    public static func fragment(_ page: Page, framing: [Rect] = []) -> Fragment {
        let pieces = visiblePieces(of: page.drawing)
        let placed = page.texts.compactMap { text in text.bounds.map { (text.text, $0) } }
        let unplaced = page.texts.filter { $0.bounds == nil }.map(\.text)
        var box = frame(page, pieces: pieces, texts: placed.map(\.1), highlights: framing)
        let listFont = 12.0
        let listTop = box.maxY + listFont
        box.height += Double(unplaced.count) * listFont * 1.5

        var out = "<rect x=\"\(number(box.x))\" y=\"\(number(box.y))\" width=\"\(number(box.width))\""
        out += " height=\"\(number(box.height))\" fill=\"#ffffff\"/>\n"
        for piece in pieces { out += path(piece) }
        for (text, bounds) in placed {
            // SVGReader's estimate: box from (x, y − size) to (…, y + size/4), so size = height / 1.25.
            let size = bounds.height / 1.25
            out += textElement(text, x: bounds.minX, y: bounds.minY + size, size: size)
        }
        for (k, text) in unplaced.enumerated() {
            out += textElement(text, x: box.minX + listFont, y: listTop + Double(k) * listFont * 1.5, size: listFont)
        }
        return Fragment(frame: box, elements: out)
    }

    /// A translucent `<rect class="hit">` over `rect`, outlined; empty for a box with a coordinate
    /// that is not finite.
    public static func highlight(_ rect: Rect) -> String {
        guard [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite) else { return "" }
        var out = "<rect class=\"hit\" x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(rect.width))\""
        out += " height=\"\(number(rect.height))\" fill=\"\(highlightFill)\" fill-opacity=\"0.3\""
        out += " stroke=\"\(highlightOutline)\" stroke-width=\"1.5\"/>\n"
        return out
    }

    /// `x y width height`, as a `viewBox` attribute holds a box.
    public static func viewBox(_ rect: Rect) -> String {
        "\(number(rect.x)) \(number(rect.y)) \(number(rect.width)) \(number(rect.height))"
    }

    /// How many strokes `SVGReader` reads back from `encode(page)`: the visible pieces of its ink.
    public static func visiblePieceCount(_ drawing: Drawing) -> Int {
        visiblePieces(of: drawing).count
    }

    /// One visible, unerased run of a stroke, already in the page's coordinates.
    struct Piece {
        var ink: Ink
        var segments: [CubicBezier]
    }

    static func visiblePieces(of drawing: Drawing) -> [Piece] {
        var pieces: [Piece] = []
        for stroke in drawing.strokes where !stroke.path.isEmpty && stroke.hasSaneLocations {
            let ranges = stroke.maskedPathRanges
            // The whole path keeps the exact B-spline; a cut piece is its own (close) B-spline.
            let paths = ranges == [stroke.path.parametricRange] ? [stroke.path] : ranges.map(stroke.path.subpath)
            for path in paths {
                let segments = path.bezierSegments.map { $0.applying(stroke.transform) }
                if !segments.isEmpty { pieces.append(Piece(ink: stroke.ink, segments: segments)) }
            }
        }
        return pieces
    }

    /// The page's box (its size, from the origin) grown to hold everything drawn; without a size,
    /// the content with a margin.
    private static func frame(_ page: Page, pieces: [Piece], texts: [Rect], highlights: [Rect]) -> Rect {
        var content: Rect?
        for piece in pieces {
            let half = max(piece.ink.width, 0) / 2
            for segment in piece.segments {
                let b = segment.bounds().insetBy(dx: -half, dy: -half)
                content = content.map { $0.union(b) } ?? b
            }
        }
        for rect in texts + highlights where [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite) {
            content = content.map { $0.union(rect) } ?? rect
        }
        if let size = page.size, size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite {
            let sheet = Rect(x: 0, y: 0, width: size.width, height: size.height)
            return content.map { sheet.union($0) } ?? sheet
        }
        guard let content else { return Rect(x: 0, y: 0, width: 100, height: 100) }
        let margin = 10.0
        return content.insetBy(dx: -margin, dy: -margin)
    }

    private static func path(_ piece: Piece) -> String {
        let ink = piece.ink
        var d = "M\(number(piece.segments[0].p0.x)) \(number(piece.segments[0].p0.y))"
        for s in piece.segments {
            d += "C\(number(s.p1.x)) \(number(s.p1.y)) \(number(s.p2.x)) \(number(s.p2.y)) \(number(s.p3.x)) \(number(s.p3.y))"
        }
        var alpha = min(max(ink.color.alpha.isFinite ? ink.color.alpha : 1, 0), 1)
        if ink.kind == .highlighter, alpha >= 0.999 { alpha = 0.5 }
        var attributes = " fill=\"none\" stroke=\"\(hex(ink.color))\" stroke-width=\"\(number(max(ink.width, 0)))\""
        attributes += " stroke-linecap=\"round\" stroke-linejoin=\"round\""
        if alpha < 0.999 { attributes += " stroke-opacity=\"\(number(alpha))\"" }
        return "<path class=\"\(ink.kind.rawValue)\" d=\"\(d)\"\(attributes)/>\n"
    }

    private static func textElement(_ text: String, x: Double, y: Double, size: Double) -> String {
        "<text x=\"\(number(x))\" y=\"\(number(y))\" font-size=\"\(number(size))\" font-family=\"sans-serif\" fill=\"#000000\">"
            + escaped(text) + "</text>\n"
    }

    /// `#rrggbb` of the colour's components (alpha goes to the opacity attributes).
    static func hex(_ color: Ink.Color) -> String {
        func byte(_ c: Double) -> String {
            let v = Int(((c.isFinite ? min(max(c, 0), 1) : 0) * 255).rounded())
            return String(v, radix: 16).leftPadded(to: 2)
        }
        return "#" + byte(color.red) + byte(color.green) + byte(color.blue)
    }

    /// A coordinate to a thousandth of a unit (far below a pen's width), without trailing zeros.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// Text with XML's special characters escaped, for content and for quoted attribute values
    /// alike (HTML's too); control characters XML 1.0 cannot hold become spaces.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
