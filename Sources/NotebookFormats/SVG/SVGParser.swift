import DrawingModel
import Foundation

/// Walks an SVG (or Write's legacy XHTML) document with `XMLPullParser`, tracking transforms and
/// styles down the tree, splitting Write documents into pages, and handing each shape to
/// `SVGStrokeBuilder`; see `SVGReader`.
struct SVGParser {
    private struct Frame {
        var ctm: DrawingModel.AffineTransform
        var style: SVGStyle
        var opensPage: Bool
    }

    private struct PageInProgress {
        var size: Size?
        var strokes: [Stroke] = []
        var texts: [TextElement] = []
        var sawPageGroup = false
    }

    /// Elements whose content is never ink.
    private static let skipped: Set<Substring> = [
        "defs", "script", "style", "title", "desc", "metadata", "image", "clipPath", "mask", "symbol", "pattern",
        "marker", "linearGradient", "radialGradient", "filter", "foreignObject", "head", "use", "rect",
        "circle", "ellipse",
    ]
    /// Classes of Write's page furniture: ruling, margins, bookmarks, inserted icons.
    private static let furniture: Set<Substring> = ["ruleline", "leftmargin", "pagerect", "bookmark", "icon"]
    private static let outlinePens: Set<Substring> = [
        "write-flat-pen", "write-fstroke", "write-round-pen", "write-chisel-pen",
    ]

    private var xml: XMLPullParser
    private let ids: StableStrokeID
    private var frames: [Frame] = []
    private var isWriteDocument = false
    private var rootPage = PageInProgress()
    private var page: PageInProgress?
    private var pages: [Page] = []

    init(document: [UInt8], ids: StableStrokeID) {
        // Write's own test files include one truncated mid-element: read what is there.
        self.xml = XMLPullParser(document, lenientEnd: true)
        self.ids = ids
    }

    mutating func parse() throws(ReadError) -> Notebook {
        do throws(XMLError) {
            guard case .start(let root)? = try xml.next() else { throw XMLError(line: 1, message: "empty document") }
            switch root.localName {
            case "svg": isWriteDocument = root["id"] == "write-document"
            case "html": isWriteDocument = true
            default:
                throw XMLError(line: xml.line(at: root.offset), message: "root element is <\(root.name)>, not <svg>")
            }
            rootPage.size = size(root)
            frames.append(Frame(ctm: .identity, style: SVGStyle().applying(root), opensPage: false))
            while let event = try xml.next() {
                switch event {
                case .start(let tag): try element(tag)
                case .end:
                    if let frame = frames.popLast(), frame.opensPage { finishPage() }
                case .text: break
                }
            }
        } catch {
            throw error.readError
        }
        finishPage()
        if !rootPage.strokes.isEmpty || !rootPage.texts.isEmpty || pages.isEmpty {
            pages.insert(
                Page(drawing: Drawing(strokes: rootPage.strokes), texts: rootPage.texts, size: rootPage.size), at: 0)
        }
        return Notebook(format: SVGReader.formatName, pages: pages)
    }

    private mutating func element(_ tag: XMLStartTag) throws(XMLError) {
        let name = tag.localName
        let classes = Set((tag["class"] ?? "").split(separator: " "))
        if SVGParser.skipped.contains(name) || !classes.isDisjoint(with: SVGParser.furniture)
            || classes.contains(where: { $0.hasPrefix("xrule") || $0.hasPrefix("yrule") })
        {
            return try xml.skipElement()
        }
        guard let parent = frames.last else { return try xml.skipElement() }
        let style = parent.style.applying(tag)
        if style.isHidden { return try xml.skipElement() }
        let own = tag["transform"].flatMap(SVGTransform.parse) ?? .identity
        var frame = Frame(ctm: own.concatenating(parent.ctm), style: style, opensPage: false)

        if isWriteDocument, name == "svg", page == nil {
            // A Write page: its own coordinate space, whatever its position in the document.
            finishPage()
            page = PageInProgress(size: size(tag))
            frame.ctm = .identity
            frame.opensPage = true
        } else if isWriteDocument, name == "g", (tag["id"] ?? "").hasPrefix("page_") {
            if page == nil {
                page = PageInProgress(size: size(tag))
                frame.ctm = own
                frame.opensPage = true
            } else if page?.sawPageGroup == true {
                let owner = page
                finishPage()
                page = PageInProgress(size: size(tag) ?? owner?.size)
            } else if let groupSize = size(tag) {
                page?.size = groupSize
            }
            page?.sawPageGroup = true
        } else if name == "svg" {
            // A nested viewport inside a page: placed at x, y.
            let x = leadingNumber(tag["x"]) ?? 0, y = leadingNumber(tag["y"]) ?? 0
            frame.ctm = DrawingModel.AffineTransform(translationX: x, y: y).concatenating(parent.ctm)
        }

        switch name {
        case "path", "line", "polyline", "polygon":
            do throws(ReadError) {
                try shape(tag, name, classes, frame)
            } catch {
                throw XMLError(line: xml.line(at: tag.offset), message: error.description)
            }
            try xml.skipElement()
        case "text":
            let element = text(tag, try xml.readText(), frame)
            if page != nil { page?.texts.append(element) } else { rootPage.texts.append(element) }
        default:
            frames.append(frame)
        }
    }

    private mutating func shape(
        _ tag: XMLStartTag, _ name: Substring, _ classes: Set<Substring>, _ frame: Frame
    ) throws(ReadError) {
        let geometry: SVGStrokeBuilder.Geometry
        if !classes.isDisjoint(with: SVGParser.outlinePens) {
            geometry = .outlineCentreline
        } else if frame.style.stroke != nil {
            geometry = .centreline
        } else if !isWriteDocument, frame.style.fill != nil, name != "line", name != "polyline" {
            geometry = .outline
        } else {
            return
        }
        var subpaths: [SVGSubpath]
        switch name {
        case "path":
            subpaths = SVGPathData.parse(tag["d"] ?? "")
        case "line":
            let p0 = Point(x: leadingNumber(tag["x1"]) ?? 0, y: leadingNumber(tag["y1"]) ?? 0)
            let p1 = Point(x: leadingNumber(tag["x2"]) ?? 0, y: leadingNumber(tag["y2"]) ?? 0)
            subpaths = [SVGSubpath(start: p0, segments: [CubicBezier(line: p0, to: p1)])]
        default:
            subpaths = SVGPathData.parse("M" + (tag["points"] ?? "") + (name == "polygon" ? "Z" : ""))
        }
        var builder = SVGStrokeBuilder(geometry: geometry, style: frame.style, transform: frame.ctm)
        if let stamp = tag["__timestamp"], stamp.hasPrefix("0x"), let ms = UInt64(stamp.dropFirst(2), radix: 16) {
            builder.creationDate = Date(timeIntervalSince1970: Double(ms) / 1000)
        }
        let pageIndex = pages.count + (page == nil ? 0 : 1)
        let first = (page ?? rootPage).strokes.count
        let strokes = try builder.strokes(subpaths) { ids.id(page: pageIndex, index: first + $0) }
        if page != nil {
            page?.strokes += strokes
        } else {
            rootPage.strokes += strokes
        }
    }

    /// Typed SVG text (`<text>` with its `<tspan>`s): the box is estimated from `x`, `y` (the
    /// baseline) and `font-size`, then mapped through the transform.
    private func text(_ tag: XMLStartTag, _ content: String, _ frame: Frame) -> TextElement {
        let text = content.split(whereSeparator: { $0 == "\n" || $0 == "\t" || $0 == " " }).joined(separator: " ")
        var size = leadingNumber(tag["font-size"]) ?? 16
        if let style = tag["style"], let range = style.range(of: "font-size:") {
            size = leadingNumber(String(style[range.upperBound...])) ?? size
        }
        guard size.isFinite, size > 0, let x = leadingNumber(tag["x"]), let y = leadingNumber(tag["y"]) else {
            return TextElement(text: text)
        }
        let corners = [Point(x: x, y: y - size), Point(x: x + Double(text.count) * size * 0.55, y: y + size * 0.25)]
        return TextElement(text: text, bounds: Rect(enclosing: corners.map { $0.applying(frame.ctm) }))
    }

    private mutating func finishPage() {
        guard let finished = page else { return }
        pages.append(Page(drawing: Drawing(strokes: finished.strokes), texts: finished.texts, size: finished.size))
        page = nil
    }

    private func size(_ tag: XMLStartTag) -> Size? {
        guard let width = leadingNumber(tag["width"]), let height = leadingNumber(tag["height"]),
            width.isFinite, height.isFinite, !(tag["width"] ?? "").hasSuffix("%")
        else { return nil }
        return Size(width: width, height: height)
    }
}
