import DrawingModel
import Foundation

/// An Rnote document's canvas: its bounds, page format and layout (see `RnoteReader`).
struct RnoteCanvas {
    /// Where page 1 starts: the origin, where Rnote draws its page grid in every layout.
    let origin = Point.zero
    /// The document's bottom-right corner.
    var end: Point
    var pageSize: Size
    /// Whether blank pages are pages (fixed-size and continuous layouts) or only pieces of an
    /// endless canvas (infinite layouts).
    var keepsBlankPages: Bool
    /// The paper's colour (`background.color`), so that light ink on dark paper is drawn as
    /// written; nil when the document gives none.
    var background: Ink.Color?

    init(document: DocumentTree) throws(ReadError) {
        let config = document["config"] ?? document
        end = Point(
            x: (document["x"]?.number ?? 0) + (document["width"]?.number ?? 0),
            y: (document["y"]?.number ?? 0) + (document["height"]?.number ?? 0))
        let format = config["format"]
        let width = format?["width"]?.number ?? 0, height = format?["height"]?.number ?? 0
        guard width > 0, height > 0 else { throw ReadError("document format has no page size") }
        pageSize = Size(width: width, height: height)
        let layout = (config["layout"]?.variant?.tag ?? "fixed_size").lowercased().replacingOccurrences(
            of: "_", with: "")
        keepsBlankPages = !layout.contains("infinite")
        if let color = config["background"]?["color"], let r = color["r"]?.number, let g = color["g"]?.number,
            let b = color["b"]?.number
        {
            background = Ink.Color(red: r, green: g, blue: b, alpha: color["a"]?.number ?? 1)
        }
    }
}

/// Cuts an Rnote canvas into pages and places strokes and texts on them.
struct RnotePages {
    let canvas: RnoteCanvas
    private var content: [PageKey: Page] = [:]

    /// Row, then column, of a page in the canvas.
    private struct PageKey: Hashable, Comparable {
        var row: Int, column: Int
        static func < (a: PageKey, b: PageKey) -> Bool { (a.row, a.column) < (b.row, b.column) }
    }

    init(canvas: RnoteCanvas) {
        self.canvas = canvas
    }

    /// The page holding `point`, counted from the canvas's top-left corner; pieces far outside
    /// are clamped to a grid of at most `maxPages` rows or columns rather than overflowing.
    private func key(for point: Point) -> PageKey {
        func index(_ offset: Double, _ step: Double) -> Int {
            let k = (offset / step).rounded(.down)
            return k.isFinite ? Int(min(max(k, 0), Double(ReadLimits.maxPages))) : 0
        }
        return PageKey(
            row: index(point.y - canvas.origin.y, canvas.pageSize.height),
            column: index(point.x - canvas.origin.x, canvas.pageSize.width))
    }

    private func pageOrigin(_ key: PageKey) -> Point {
        Point(
            x: canvas.origin.x + Double(key.column) * canvas.pageSize.width,
            y: canvas.origin.y + Double(key.row) * canvas.pageSize.height)
    }

    private mutating func page(_ key: PageKey) throws(ReadError) -> Page {
        if let page = content[key] { return page }
        guard content.count < ReadLimits.maxPages else {
            throw ReadError("document spans more than \(ReadLimits.maxPages) pages")
        }
        return blankPage()
    }

    private func blankPage() -> Page {
        Page(drawing: Drawing(), size: canvas.pageSize, background: canvas.background)
    }

    mutating func add(_ stroke: Stroke) throws(ReadError) {
        guard let box = stroke.pathBounds else { return }
        let key = key(for: Point(x: box.x + box.width / 2, y: box.y + box.height / 2))
        var page = try page(key)
        guard page.drawing.strokes.count < ReadLimits.maxStrokesPerPage else {
            throw ReadError("more than \(ReadLimits.maxStrokesPerPage) strokes on a page")
        }
        let origin = pageOrigin(key)
        var placed = stroke
        placed.transform = stroke.transform.concatenating(
            DrawingModel.AffineTransform(translationX: -origin.x, y: -origin.y))
        page.drawing.strokes.append(placed)
        content[key] = page
    }

    mutating func add(_ text: TextElement) throws(ReadError) {
        guard let box = text.bounds else { return }
        let key = key(for: Point(x: box.x, y: box.y))
        var page = try page(key)
        let origin = pageOrigin(key)
        page.texts.append(
            TextElement(
                text: text.text,
                bounds: Rect(x: box.x - origin.x, y: box.y - origin.y, width: box.width, height: box.height)))
        content[key] = page
    }

    /// The pages in reading order: every page of the document's rows and columns where blank
    /// pages count, the non-empty ones otherwise.
    func pages() throws(ReadError) -> [Page] {
        guard canvas.keepsBlankPages else { return content.keys.sorted().compactMap { content[$0] } }
        // The document's last row and column: its end, less a rounding margin (Rnote stores
        // 3 decimals) so that a document exactly N pages tall is not N + 1.
        let last = key(for: Point(x: canvas.end.x - 0.01, y: canvas.end.y - 0.01))
        let lastContent = content.keys.max() ?? last
        let rows = max(last.row, lastContent.row) + 1,
            columns = max(last.column, content.keys.map(\.column).max() ?? 0) + 1
        guard rows * columns <= ReadLimits.maxPages else {
            throw ReadError("document spans more than \(ReadLimits.maxPages) pages")
        }
        var pages: [Page] = []
        for row in 0..<rows {
            for column in 0..<columns {
                pages.append(
                    content[PageKey(row: row, column: column)] ?? blankPage())
            }
        }
        return pages
    }
}
