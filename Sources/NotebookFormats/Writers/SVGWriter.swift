import DrawingModel
import Foundation

/// Draws one page as SVG, as a reader of the notebook sees it, from its `PageArtwork`.
///
/// * Ink: one `<path>` per visible piece of each stroke (erased parts left out), stroke colour and
///   opacity from the ink (highlighters translucent), `stroke-width` the ink's nominal width.
/// * Typed text: `<text>` placed so that `SVGReader` estimates the same box back; text without a
///   place on the page is listed below it.
/// * Highlights: a translucent `<rect>` over each box, drawn last.
///
/// `SVGReader` reads the result back with one stroke per `<path>` (it skips rectangles), so the
/// stroke count it gives is the number of visible pieces (`PageArtwork.visiblePieces`). `fragment` gives
/// the same drawing without the document around it, for pages that embed it (`query --html`).
package enum SVGWriter {
    /// Colours of the highlight boxes: a yellow marker with an orange outline, legible over ink of
    /// any colour.
    static let highlightFill = "#ffd400", highlightOutline = "#e07000"

    /// A page drawn for embedding in another document (an HTML page, say): the elements that
    /// draw it, without the `<svg>` element around them.
    package struct Fragment: Sendable {
        /// The area to show, in page coordinates: the page's box grown to hold everything drawn.
        package var frame: Rect
        /// The page's background (its paper colour, white by default) over `frame`, the ink and
        /// the typed text, in page coordinates.
        package var elements: String
    }

    /// The page as an SVG document (UTF-8).
    /// - Parameters:
    ///   - page: the page, in its own coordinates.
    ///   - highlights: boxes to outline over the ink, in the page's coordinates.
    package static func encode(_ page: Page, highlights: [Rect] = []) -> String {
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
    package static func fragment(_ page: Page, framing: [Rect] = []) -> Fragment {
        let artwork = PageArtwork(page, framing: framing)
        let box = artwork.frame
        var out = "<rect x=\"\(number(box.x))\" y=\"\(number(box.y))\" width=\"\(number(box.width))\""
        out += " height=\"\(number(box.height))\" fill=\"\(page.background.map(hex) ?? "#ffffff")\"/>\n"
        for piece in artwork.pieces { out += path(piece) }
        for run in artwork.texts { out += textElement(run) }
        return Fragment(frame: box, elements: out)
    }

    /// A translucent `<rect class="hit">` over `rect`, outlined; empty for a box with a coordinate
    /// that is not finite.
    package static func highlight(_ rect: Rect) -> String {
        guard PageArtwork.isFinite(rect) else { return "" }
        var out = "<rect class=\"hit\" x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(rect.width))\""
        out += " height=\"\(number(rect.height))\" fill=\"\(highlightFill)\" fill-opacity=\"0.3\""
        out += " stroke=\"\(highlightOutline)\" stroke-width=\"1.5\"/>\n"
        return out
    }

    /// `x y width height`, as a `viewBox` attribute holds a box.
    package static func viewBox(_ rect: Rect) -> String {
        "\(number(rect.x)) \(number(rect.y)) \(number(rect.width)) \(number(rect.height))"
    }

    private static func path(_ piece: PageArtwork.Piece) -> String {
        let ink = piece.ink
        var d = "M\(number(piece.segments[0].p0.x)) \(number(piece.segments[0].p0.y))"
        for s in piece.segments {
            d +=
                "C\(number(s.p1.x)) \(number(s.p1.y)) \(number(s.p2.x)) \(number(s.p2.y)) \(number(s.p3.x)) \(number(s.p3.y))"
        }
        let alpha = piece.opacity
        var attributes = " fill=\"none\" stroke=\"\(hex(ink.color))\" stroke-width=\"\(number(piece.width))\""
        attributes += " stroke-linecap=\"round\" stroke-linejoin=\"round\""
        if alpha < 0.999 { attributes += " stroke-opacity=\"\(number(alpha))\"" }
        return "<path class=\"\(ink.kind.rawValue)\" d=\"\(d)\"\(attributes)/>\n"
    }

    private static func textElement(_ run: PageArtwork.TextRun) -> String {
        "<text x=\"\(number(run.x))\" y=\"\(number(run.baseline))\" font-size=\"\(number(run.size))\" font-family=\"sans-serif\""
            + " fill=\"#000000\">" + escaped(run.text) + "</text>\n"
    }

    /// `#rrggbb` of the colour's components (alpha goes to the opacity attributes).
    static func hex(_ color: Ink.Color) -> String {
        func byte(_ c: Double) -> String {
            let v = Int((PageArtwork.unit(c) * 255).rounded())
            return String(v, radix: 16).leftPadded(to: 2)
        }
        return "#" + byte(color.red) + byte(color.green) + byte(color.blue)
    }

    /// A coordinate to a thousandth of a unit (far below a pen's width), without trailing zeros.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// Text with XML's special characters escaped, for content and for quoted attribute values
    /// alike (HTML's too); control characters XML 1.0 cannot hold become spaces.
    package static func escaped(_ text: String) -> String {
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
    /// The text with zeros in front up to `width` characters (hex bytes, xref offsets).
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
