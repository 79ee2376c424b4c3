import DrawingModel

/// What a page shows, laid out once for every writer that draws it (`SVGWriter`, `PDFWriter`), in
/// the page's coordinates (y down):
///
/// * `pieces`: one per visible piece of each stroke (`Stroke.maskedPathRanges`, so erased parts
///   are left out), in writing order, as cubic Béziers from the B-spline
///   (`StrokePath.bezierSegments`) mapped by the stroke's transform. Strokes with coordinates out
///   of range (`Stroke.hasSaneLocations`) are left out, as the recognizer leaves them.
/// * `texts`: the typed text, each placed with a font size and a baseline so that `SVGReader`
///   estimates the same box back; text without a place on the page is listed below it.
/// * `frame`: the page's box (its size, from the origin) grown to hold everything drawn and the
///   boxes to be drawn over it; without a size, the content with a margin.
struct PageArtwork {
    /// One visible, unerased run of a stroke, already in the page's coordinates.
    struct Piece {
        var ink: Ink
        var segments: [CubicBezier]

        /// The stroke's opacity: the ink's alpha, or half for a highlighter the file gave none, as
        /// Xournal++ paints them.
        var opacity: Double {
            var alpha = PageArtwork.unit(ink.color.alpha, otherwise: 1)
            if ink.kind == .highlighter, alpha >= 0.999 { alpha = 0.5 }
            return alpha
        }

        /// The nominal width, never negative.
        var width: Double { max(ink.width, 0) }
    }

    /// A line of typed text: its left end on the baseline, and its font size.
    struct TextRun {
        var text: String
        var x: Double
        var baseline: Double
        var size: Double
    }

    /// The font size of the list of typed text that has no place on the page.
    static let listFont = 12.0

    var pieces: [Piece]
    var texts: [TextRun]
    var frame: Rect

    /// - Parameters:
    ///   - page: the page, in its own coordinates.
    ///   - framing: boxes that will be drawn over the page (highlights), for the frame to hold them.
    init(_ page: Page, framing: [Rect] = []) {
        pieces = Self.visiblePieces(of: page.drawing)
        let placed = page.texts.compactMap { text in text.bounds.map { (text.text, $0) } }
        let unplaced = page.texts.filter { $0.bounds == nil }.map(\.text)
        frame = Self.frame(page, pieces: pieces, texts: placed.map(\.1), highlights: framing)
        // SVGReader's estimate: box from (x, y − size) to (…, y + size/4), so size = height / 1.25.
        texts = placed.map { text, bounds in
            let size = bounds.height / 1.25
            return TextRun(text: text, x: bounds.minX, baseline: bounds.minY + size, size: size)
        }
        let listTop = frame.maxY + Self.listFont
        for (k, text) in unplaced.enumerated() {
            texts.append(
                TextRun(
                    text: text, x: frame.minX + Self.listFont, baseline: listTop + Double(k) * Self.listFont * 1.5,
                    size: Self.listFont))
        }
        frame.height += Double(unplaced.count) * Self.listFont * 1.5
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

    /// A colour component or alpha clamped to 0 … 1; `otherwise` when it is not finite.
    static func unit(_ value: Double, otherwise: Double = 0) -> Double {
        value.isFinite ? min(max(value, 0), 1) : otherwise
    }

    /// Whether every coordinate of `rect` is finite.
    static func isFinite(_ rect: Rect) -> Bool {
        [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite)
    }

    private static func frame(_ page: Page, pieces: [Piece], texts: [Rect], highlights: [Rect]) -> Rect {
        var content: Rect?
        for piece in pieces {
            let half = piece.width / 2
            for segment in piece.segments {
                let b = segment.bounds().insetBy(dx: -half, dy: -half)
                content = content.map { $0.union(b) } ?? b
            }
        }
        for rect in texts + highlights where isFinite(rect) {
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
}
