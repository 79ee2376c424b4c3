import DrawingModel

/// The content stream of one page of `PDFWriter`'s output, and what its resources must hold.
///
/// The page is the frame of its `PageArtwork` (the notebook's page size where it has one, else
/// the ink with a margin), one drawing unit to a point; a frame over `maxSide` on a side is
/// scaled down to fit, as viewers refuse larger pages. PDF's y axis points up, so page
/// coordinates are flipped: the ink is drawn in page coordinates under one `cm` that flips and
/// moves them, and text is placed at flipped positions (text drawn under a flip would be upside
/// down). The stream holds, in this order:
///
/// 0. where the page has a paper colour, a rectangle of it over the whole page;
/// 1. the ink: one path a visible piece (`m`, `c` … `S`), round caps and joins, the ink's colour
///    (`RG`), nominal width (`w`) and, where it is translucent, an opacity (`gs` of an
///    `/ExtGState` with `CA`); pieces of no width are left out, as SVG draws none;
/// 2. the typed text, black Helvetica, a line at a time, where `render` puts it;
/// 3. the recognized words, invisible (`3 Tr`) in the font of even widths (`PDFText`), each
///    sized so that Helvetica's ascent to descent spans its ink box's height and stretched (`Tz`)
///    to its width, so a viewer's search highlights the ink; each is followed by a space (beyond
///    its box), so that words whose ink nearly touches are still two words.
struct PDFPageContent {
    /// The largest side of a page, in points (Acrobat's limit, 200 inches).
    static let maxSide = 14_400.0

    /// The page's size in points: the MediaBox is `[0 0 width height]`.
    var width: Double
    var height: Double
    var stream: String
    /// The opacities the stream names with `gs`, in the order of their names (`/A0`, `/A1` …).
    var opacities: [Double]

    init(_ page: Page, words: [PDFWriter.Word]) {
        let artwork = PageArtwork(page)
        let frame = artwork.frame
        let scale = min(1, Self.maxSide / max(frame.width, frame.height, 1))
        width = frame.width * scale
        height = frame.height * scale
        opacities = []
        stream = ""
        func x(_ value: Double) -> Double { (value - frame.minX) * scale }
        func y(_ value: Double) -> Double { (frame.maxY - value) * scale }

        if let paper = page.background {
            // the paper's colour under everything; white paper is the PDF's own
            let c = [paper.red, paper.green, paper.blue].map { n(PageArtwork.unit($0)) }
            stream += "\(c[0]) \(c[1]) \(c[2]) rg 0 0 \(n(width)) \(n(height)) re f\n"
        }
        stream += "1 J 1 j\nq \(n(scale)) 0 0 \(n(-scale)) \(n(-frame.minX * scale)) \(n(frame.maxY * scale)) cm\n"
        var state = InkState()
        for piece in artwork.pieces where piece.width > 0 { stream += ink(piece, state: &state) }
        stream += "Q\n"

        if !artwork.texts.isEmpty { stream += "0 g\nBT\n" }
        for run in artwork.texts {
            let size = run.size * scale
            for (k, line) in run.text.split(whereSeparator: \.isNewline).enumerated() {
                let baseline = y(run.baseline + Double(k) * run.size * 1.2)
                stream += "/\(PDFText.fontName) \(n(size)) Tf 1 0 0 1 \(n(x(run.x))) \(n(baseline)) Tm "
                stream += PDFText.literal(PDFText.bytes(String(line))) + " Tj\n"
            }
        }
        if !artwork.texts.isEmpty { stream += "ET\n" }

        let placed = words.filter { PageArtwork.isFinite($0.bounds) && !$0.text.isEmpty }
        if !placed.isEmpty { stream += "BT\n3 Tr\n" }
        for word in placed {
            let bytes = PDFText.bytes(word.text)
            let box = word.bounds
            let boxHeight = max(box.height * scale, 0.5), boxWidth = max(box.width * scale, 0.5)
            let size = boxHeight / (PDFText.ascent - PDFText.descent)
            let baseline = y(box.maxY) - PDFText.descent * size
            let natural = Double(bytes.count * PDFText.hiddenWidth) / 1000 * size
            let stretch = natural > 0 ? 100 * boxWidth / natural : 100
            stream +=
                "/\(PDFText.hiddenFontName) \(n(size)) Tf \(n(stretch)) Tz 1 0 0 1 \(n(x(box.minX))) \(n(baseline)) Tm "
            // a space after the word, outside its box: extractors and viewers' searches take adjacent
            // words as one when the gap between their boxes is small, and a space is a word's end
            stream += PDFText.literal(bytes + [0x20]) + " Tj\n"
        }
        if !placed.isEmpty { stream += "ET\n" }
    }

    /// The colour, width and opacity last set, so each is written only when it changes.
    private struct InkState {
        var color: String?
        var width: Double?
        var opacity = 1.0
    }

    private mutating func ink(_ piece: PageArtwork.Piece, state: inout InkState) -> String {
        var out = ""
        let opacity = (piece.opacity * 1000).rounded() / 1000
        if opacity != state.opacity {
            if !opacities.contains(opacity) { opacities.append(opacity) }
            out += "/A\(opacities.firstIndex(of: opacity) ?? 0) gs\n"
            state.opacity = opacity
        }
        let c = piece.ink.color
        let color = [c.red, c.green, c.blue].map { n(PageArtwork.unit($0)) }.joined(separator: " ")
        if color != state.color {
            out += color + " RG\n"
            state.color = color
        }
        if piece.width != state.width {
            out += "\(n(piece.width)) w\n"
            state.width = piece.width
        }
        let first = piece.segments[0].p0
        out += "\(n(first.x)) \(n(first.y)) m"
        for s in piece.segments {
            out += "\n\(n(s.p1.x)) \(n(s.p1.y)) \(n(s.p2.x)) \(n(s.p2.y)) \(n(s.p3.x)) \(n(s.p3.y)) c"
        }
        return out + " S\n"
    }

    /// A number as PDF writes one: to a thousandth, never with an exponent (PDF has none), so
    /// clamped to ±10^12.
    private func n(_ value: Double) -> String {
        SVGWriter.number(min(max(value, -1e12), 1e12))
    }
}
