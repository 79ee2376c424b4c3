import DrawingModel

/// Walks an InkML document with `XMLPullParser`, resolving trace formats, brushes and contexts, and
/// turns every pen-down trace into a stroke; see `InkMLReader`.
struct InkMLParser {
    private var xml: XMLPullParser
    private let ids: StableStrokeID
    private var formats: [String: InkMLTraceFormat] = [:]
    private var sourceFormats: [String: InkMLTraceFormat] = [:]
    private var brushes: [String: InkMLBrush] = [:]
    private var contexts: [String: InkMLContext] = [:]
    private var current = InkMLContext(format: .standard, brush: nil)
    /// Open `ink`, `definitions` and `traceGroup` elements, with the brush a group sets.
    private var containers: [(name: Substring, brush: InkMLBrush?)] = []
    private var strokes: [Stroke] = []
    private var usedKeys: Set<String> = []
    private var traceIndex = 0

    init(document: [UInt8], ids: StableStrokeID) {
        self.xml = XMLPullParser(document)
        self.ids = ids
    }

    mutating func parse() throws(ReadError) -> Notebook {
        do throws(XMLError) {
            guard case .start(let root)? = try xml.next() else { throw XMLError(line: 1, message: "empty document") }
            guard root.localName == "ink" else {
                throw XMLError(line: xml.line(at: root.offset), message: "root element is <\(root.name)>, not <ink>")
            }
            containers.append((root.localName, nil))
            while let event = try xml.next() {
                switch event {
                case .start(let tag): try element(tag)
                case .end(let name):
                    if let last = containers.last, last.name == xmlLocalName(name) { containers.removeLast() }
                case .text: break
                }
            }
        } catch {
            throw error.readError
        }
        return Notebook(format: InkMLReader.formatName, pages: [Page(drawing: Drawing(strokes: strokes))])
    }

    private var inDefinitions: Bool { containers.contains { $0.name == "definitions" } }

    private mutating func element(_ tag: XMLStartTag) throws(XMLError) {
        switch tag.localName {
        case "definitions":
            containers.append((tag.localName, nil))
        case "traceGroup":
            containers.append((tag.localName, brush(ref: tag["brushRef"]) ?? context(ref: tag["contextRef"])?.brush))
        case "traceFormat":
            let format = try traceFormat(tag)
            if !inDefinitions { current.format = format }
        case "brush":
            let brush = try self.brush(tag)
            if !inDefinitions, id(tag) == nil { current.brush = brush }
        case "inkSource":
            _ = try inkSource(tag)
        case "context":
            let context = try self.context(tag)
            if !inDefinitions {
                if let format = context.format { current.format = format }
                if let brush = context.brush { current.brush = brush }
            }
        case "trace":
            let text = try xml.readText()
            do throws(ReadError) {
                try trace(tag, text)
            } catch {
                throw XMLError(line: xml.line(at: tag.offset), message: "trace \(traceIndex): \(error.description)")
            }
            traceIndex += 1
        default:
            // annotation, annotationXML, traceView, timestamp, canvas, canvasTransform, unknown.
            try xml.skipElement()
        }
    }

    // MARK: - Traces

    private mutating func trace(_ tag: XMLStartTag, _ text: String) throws(ReadError) {
        if tag["type"] == "penUp" { return }
        let context = self.context(ref: tag["contextRef"])
        let format = context?.format ?? current.format ?? .standard
        let brush =
            self.brush(ref: tag["brushRef"]) ?? context?.brush
            ?? containers.last(where: { $0.brush != nil })?.brush ?? current.brush
        guard let xIndex = format.index(of: "X"), let yIndex = format.index(of: "Y") else {
            throw ReadError("trace format has no X and Y channels")
        }
        var decoder = InkMLTraceDecoder(format: format)
        let rows = try decoder.decode(text)
        let width = format.all.count
        let count = rows.count / width
        guard count > 0 else { return }
        try PointBudget.charge(count)
        guard strokes.count < ReadLimits.maxStrokesPerPage else {
            throw ReadError("more than \(ReadLimits.maxStrokesPerPage) traces")
        }
        let timeIndex = format.index(of: "T")
        let timeScale = timeIndex.map { format.all[$0].units == "s" ? 1 : 0.001 } ?? 0
        var forceScale = 1.0
        if let f = format.index(of: "F") {
            if let max = format.all[f].max, max > 0 {
                forceScale = 1 / max
            } else {
                let largest = stride(from: f, to: rows.count, by: width).map { rows[$0] }.max() ?? 1
                if largest > 1 { forceScale = 1 / largest }
            }
        }
        let size = brush?.width.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 1
        var points: [StrokePoint] = []
        points.reserveCapacity(count)
        let t0 = timeIndex.map { rows[$0] } ?? 0
        for i in 0..<count {
            let row = i * width
            var point = StrokePoint(
                location: Point(x: rows[row + xIndex], y: rows[row + yIndex]), size: Size(width: size, height: size))
            if let timeIndex { point.timeOffset = (rows[row + timeIndex] - t0) * timeScale }
            if let f = format.index(of: "F") { point.force = min(max(rows[row + f] * forceScale, 0), 1) }
            points.append(point)
        }
        let ink = Ink(
            kind: brush?.isHighlighter == true ? .highlighter : .pen, color: brush?.color ?? .black, width: size)
        strokes.append(Stroke(id: ids.id(key: strokeKey(tag)), ink: ink, path: StrokePath(controlPoints: points)))
    }

    private mutating func strokeKey(_ tag: XMLStartTag) -> String {
        if let id = id(tag), !id.isEmpty, usedKeys.insert(id).inserted { return "trace:\(id)" }
        return "trace#\(traceIndex)"
    }

    // MARK: - Definitions

    private func id(_ tag: XMLStartTag) -> String? {
        tag["xml:id"] ?? tag["id"]
    }

    private func reference(_ ref: String?) -> String? {
        guard var ref, !ref.isEmpty else { return nil }
        if ref.hasPrefix("#") { ref.removeFirst() }
        return ref
    }

    private func brush(ref: String?) -> InkMLBrush? {
        reference(ref).flatMap { brushes[$0] }
    }

    private func context(ref: String?) -> InkMLContext? {
        reference(ref).flatMap { contexts[$0] }
    }

    /// Reads a `<traceFormat>` (after its start tag) and registers it under its id.
    private mutating func traceFormat(_ tag: XMLStartTag) throws(XMLError) -> InkMLTraceFormat {
        let depth = xml.depth - 1
        var format = InkMLTraceFormat(regular: [])
        var intermittent = false
        while xml.depth > depth, let event = try xml.next() {
            switch event {
            case .start(let child) where child.localName == "intermittentChannels":
                intermittent = true
            case .end(let name) where xmlLocalName(name) == "intermittentChannels":
                intermittent = false
            case .start(let child) where child.localName == "channel":
                let channel = InkMLTraceFormat.Channel(
                    name: child["name"] ?? "", type: child["type"] ?? "decimal", units: child["units"],
                    max: leadingNumber(child["max"]), defaultValue: leadingNumber(child["default"]) ?? 0)
                guard format.all.count < 64 else {
                    throw XMLError(line: xml.line(at: child.offset), message: "traceFormat has more than 64 channels")
                }
                if intermittent { format.intermittent.append(channel) } else { format.regular.append(channel) }
            default:
                break
            }
        }
        if format.all.isEmpty { format = .standard }
        if let id = id(tag) { formats[id] = format }
        return format
    }

    /// Reads a `<brush>` (after its start tag) and registers it under its id.
    private mutating func brush(_ tag: XMLStartTag) throws(XMLError) -> InkMLBrush {
        let depth = xml.depth - 1
        var brush = self.brush(ref: tag["brushRef"]) ?? InkMLBrush()
        while xml.depth > depth, let event = try xml.next() {
            guard case .start(let property) = event, property.localName == "brushProperty",
                let name = property["name"], let value = property["value"]
            else { continue }
            switch name {
            case "width": brush.width = leadingNumber(value)
            case "color": brush.color = XournalColor.parse(value)
            case "transparency":
                if let t = leadingNumber(value), t > 0, t <= 255 {
                    brush.color = brush.color ?? .black
                    brush.color?.alpha = 1 - t / 255
                    brush.isHighlighter = true
                }
            case "rasterOp": brush.isHighlighter = brush.isHighlighter || value == "maskPen"
            default: break
            }
        }
        if let id = id(tag) { brushes[id] = brush }
        return brush
    }

    /// Reads an `<inkSource>` and registers the trace format it holds under the source's id.
    private mutating func inkSource(_ tag: XMLStartTag) throws(XMLError) -> InkMLTraceFormat? {
        let depth = xml.depth - 1
        var found: InkMLTraceFormat?
        while xml.depth > depth, let event = try xml.next() {
            if case .start(let child) = event {
                if child.localName == "traceFormat" { found = try traceFormat(child) } else { try xml.skipElement() }
            }
        }
        if let id = id(tag), let found { sourceFormats[id] = found }
        return found
    }

    /// Reads a `<context>`: its references and the definitions inside it.
    private mutating func context(_ tag: XMLStartTag) throws(XMLError) -> InkMLContext {
        let depth = xml.depth - 1
        var context = self.context(ref: tag["contextRef"]) ?? InkMLContext()
        if let format = reference(tag["traceFormatRef"]).flatMap({ formats[$0] }) { context.format = format }
        if let format = reference(tag["inkSourceRef"]).flatMap({ sourceFormats[$0] }) { context.format = format }
        if let brush = brush(ref: tag["brushRef"]) { context.brush = brush }
        while xml.depth > depth, let event = try xml.next() {
            guard case .start(let child) = event else { continue }
            switch child.localName {
            case "traceFormat": context.format = try traceFormat(child)
            case "brush": context.brush = try brush(child)
            case "inkSource": if let format = try inkSource(child) { context.format = format }
            default: try xml.skipElement()
            }
        }
        if let id = id(tag) { contexts[id] = context }
        return context
    }
}
