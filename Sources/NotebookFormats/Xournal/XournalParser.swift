import DrawingModel

/// Walks a Xournal/Xournal++/MrWriter XML document with `XMLPullParser` and builds the notebook;
/// see `XournalReader` for what becomes what.
struct XournalParser {
    private var xml: XMLPullParser
    private let ids: StableStrokeID
    private var pages: [Page] = []
    private var page: Page?
    private var pageItems: [XournalStrokeBuilder.Item] = []
    private var layerIndex = -1
    private var strokeIndex = 0

    init(document: [UInt8], ids: StableStrokeID) {
        self.xml = XMLPullParser(document)
        self.ids = ids
    }

    mutating func parse() throws(ReadError) -> Notebook {
        do {
            return try walk()
        } catch {
            throw error.readError
        }
    }

    private mutating func walk() throws(XMLError) -> Notebook {
        guard case .start(let root)? = try xml.next() else { throw XMLError(line: 1, message: "empty document") }
        let rootName = String(root.localName)
        guard rootName == "xournal" || rootName == "MrWriter" else {
            throw XMLError(line: xml.line(at: root.offset), message: "root element is <\(root.name)>, not <xournal>")
        }
        while let event = try xml.next() {
            switch event {
            case .start(let tag):
                try element(tag)
            case .end(let name) where name == "page":
                finishPage()
            default:
                break
            }
        }
        finishPage()
        return Notebook(format: rootName == "MrWriter" ? "moj" : "xopp", pages: pages)
    }

    private mutating func element(_ tag: XMLStartTag) throws(XMLError) {
        switch tag.name {
        case "page":
            finishPage()
            guard pages.count < ReadLimits.maxPages else {
                throw XMLError(line: xml.line(at: tag.offset), message: "more than \(ReadLimits.maxPages) pages")
            }
            let width = leadingNumber(tag["width"]), height = leadingNumber(tag["height"])
            page = Page(drawing: Drawing(), size: width.flatMap { w in height.map { Size(width: w, height: $0) } })
            layerIndex = -1
        case "layer":
            layerIndex += 1
            strokeIndex = 0
        case "stroke":
            let text = try xml.readText()
            try stroke(tag, text)
        case "text", "link":
            let element = textElement(tag, try xml.readText())
            page?.texts.append(element)
        case "teximage":
            if let source = tag["text"], !source.isEmpty {
                let element = TextElement(text: source, bounds: box(tag))
                page?.texts.append(element)
            }
            try xml.skipElement()
        case "background":
            // a solid background's colour; PDF and image backgrounds are not drawn (white paper)
            if tag["type"] == nil || tag["type"] == "solid" { page?.background = XournalColor.paper(tag["color"]) }
        case "timestamp", "audio":
            break
        default:
            // image, preview, title and anything unknown: not ink, skipped without reading.
            try xml.skipElement()
        }
    }

    private mutating func stroke(_ tag: XMLStartTag, _ text: String) throws(XMLError) {
        defer { strokeIndex += 1 }
        guard page != nil else { return }
        let key = "\(pages.count)/\(max(layerIndex, 0))/\(strokeIndex)"
        do throws(ReadError) {
            let items = try XournalStrokeBuilder.items(tag: tag, coordinates: text, key: key, ids: ids)
            guard pageItems.count + items.count <= ReadLimits.maxStrokesPerPage else {
                throw ReadError("more than \(ReadLimits.maxStrokesPerPage) strokes on a page")
            }
            pageItems += items
        } catch {
            throw XMLError(line: xml.line(at: tag.offset), message: "stroke: \(error.description)")
        }
    }

    private func textElement(_ tag: XMLStartTag, _ text: String) -> TextElement {
        guard let x = leadingNumber(tag["x"]), let y = leadingNumber(tag["y"]), x.isFinite, y.isFinite else {
            return TextElement(text: text)
        }
        let size = leadingNumber(tag["size"]).flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 12
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let longest = lines.map(\.count).max() ?? 0
        // Xournal++ keeps only the top-left corner: estimate the box from the font size
        // (average glyph ≈ 0.55 em wide, line height ≈ 1.2 em), or the wrap width when set.
        let wrap = leadingNumber(tag["wrap"]).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let width = wrap ?? Double(longest) * size * 0.55
        return TextElement(
            text: text, bounds: Rect(x: x, y: y, width: width, height: Double(max(lines.count, 1)) * size * 1.2))
    }

    private func box(_ tag: XMLStartTag) -> Rect? {
        guard let left = leadingNumber(tag["left"]), let top = leadingNumber(tag["top"]),
            let right = leadingNumber(tag["right"]), let bottom = leadingNumber(tag["bottom"])
        else { return nil }
        return Rect(enclosing: [Point(x: left, y: top), Point(x: right, y: bottom)])
    }

    private mutating func finishPage() {
        guard var finished = page else { return }
        finished.drawing = Drawing(strokes: XournalStrokeBuilder.applyWhiteout(pageItems))
        pages.append(finished)
        page = nil
        pageItems = []
    }
}
