import DrawingModel
import Foundation

/// What a page's annotations (ISO 32000-1 §12.5) bring: the paths of `/Ink` annotations
/// (§12.5.6.13) as strokes, and the comments (`/Contents`) of markup annotations as typed text.
///
/// ```
/// << /Type /Annot /Subtype /Ink /Rect [x1 y1 x2 y2] /InkList [[x1 y1 x2 y2 …] …]
///    /BS << /W width >> (or /Border [h v width]) /C [r g b] /CA opacity /IT /InkHighlight
///    /F flags /Contents (comment) /Rotate 90 /AP << /N appearance >> … >>
/// ```
/// One stroke per `/InkList` path, its points mapped from default user space to the page as shown
/// (`PDFPageTree.PageInfo.shown`). The annotation's own `/Rotate` (pdf.js, Acrobat, Preview) is
/// the view's rotation while it was drawn, not a transform: its paths already lie where viewers
/// draw them (checked against poppler's rendering of the appearance streams of pdf.js's
/// `inks.pdf`, where the paths of annotations with `/Rotate` 90, 180 and 270 stay inside their
/// `/Rect`), so the strokes keep their place and the recognizer turns sideways writing itself.
/// `/IT /InkHighlight` (Acrobat's freehand highlighter) is ink of kind `.highlighter`. Hidden
/// annotations (flags Hidden or NoView) bring nothing. There is no pressure or time per point.
enum PDFAnnotations {
    /// Most annotations read on one page.
    static let maxPerPage = 100_000
    /// Annotation types whose `/Contents` is a comment someone typed (the markup annotations of §12.5.6.2).
    static let markup: Set<String> = [
        "Text", "FreeText", "Line", "Square", "Circle", "Polygon", "PolyLine", "Highlight", "Underline", "Squiggly",
        "StrikeOut", "Stamp", "Caret", "Ink", "FileAttachment", "Sound", "Redact",
    ]

    static func page(
        _ info: PDFPageTree.PageInfo, index: Int, document: PDFDocument, ids: StableStrokeID
    ) throws(ReadError) -> Page {
        var strokes: [Stroke] = []
        var texts: [TextElement] = []
        let annotations = try info.dictionary["Annots"].map { (a: PDFObject) throws(ReadError) in
            try document.resolve(a)
        }
        let list = annotations?.array ?? []
        guard list.count <= maxPerPage else { throw ReadError("more than \(maxPerPage) annotations") }
        for (k, value) in list.enumerated() {
            guard let annotation = try document.resolve(value).dictionary,
                let subtype = try annotation["Subtype"].map({ (s: PDFObject) throws(ReadError) in
                    try document.resolve(s)
                })?
                .name
            else { continue }
            let flags =
                try annotation["F"].map { (f: PDFObject) throws(ReadError) in try document.resolve(f) }?.integer ?? 0
            guard flags & (2 | 32) == 0 else { continue }  // Hidden, NoView
            if subtype == "Ink" {
                do {
                    strokes += try ink(annotation, info: info, document: document) { path in
                        ids.id(page: index, layer: k, index: path)
                    }
                } catch {
                    throw ReadError("annotation \(k + 1): \(error.description)")
                }
                guard strokes.count <= ReadLimits.maxStrokesPerPage else {
                    throw ReadError("more than \(ReadLimits.maxStrokesPerPage) strokes")
                }
            }
            if markup.contains(subtype),
                let contents = try annotation["Contents"].map({
                    (c: PDFObject) throws(ReadError) in try document.resolve(c)
                })?.string
            {
                let text = PDFTextString.decode(contents).trimmingCharacters(in: .whitespacesAndNewlines)
                guard !text.isEmpty else { continue }
                let rect = try PDFPageTree.box(annotation["Rect"], document: document).flatMap { rect in
                    Rect(
                        enclosing: [rect.minX, rect.maxX].flatMap { x in
                            [rect.minY, rect.maxY].map { y in info.shown(Point(x: x, y: y)) }
                        })
                }
                texts.append(TextElement(text: text, bounds: rect))
            }
        }
        return Page(drawing: Drawing(strokes: strokes), texts: texts, size: info.shownSize)
    }

    /// The strokes of one `/Ink` annotation.
    private static func ink(
        _ annotation: [String: PDFObject], info: PDFPageTree.PageInfo, document: PDFDocument, id: (Int) -> UUID
    ) throws(ReadError) -> [Stroke] {
        guard let inkList = annotation["InkList"] else { return [] }
        guard let paths = try document.resolve(inkList).array else { throw ReadError("/InkList is not a list") }
        let style = try self.style(annotation, document: document)
        var strokes: [Stroke] = []
        for (k, pathValue) in paths.enumerated() {
            guard let path = try document.resolve(pathValue).array else {
                throw ReadError("/InkList path \(k + 1) is not a list")
            }
            guard path.count % 2 == 0 else {
                throw ReadError("/InkList path \(k + 1) has an odd number of coordinates")
            }
            guard path.count / 2 <= ReadLimits.maxPointsPerStroke else {
                throw ReadError("/InkList path \(k + 1) has more than \(ReadLimits.maxPointsPerStroke) points")
            }
            guard !path.isEmpty else { continue }
            try PointBudget.charge(path.count / 2)
            var points: [StrokePoint] = []
            points.reserveCapacity(path.count / 2)
            for i in stride(from: 0, to: path.count, by: 2) {
                guard let x = try number(path[i], document), let y = try number(path[i + 1], document) else {
                    throw ReadError("/InkList path \(k + 1) has a coordinate that is not a number")
                }
                points.append(
                    StrokePoint(
                        location: info.shown(Point(x: x, y: y)), size: Size(width: style.width, height: style.width)))
            }
            strokes.append(Stroke(id: id(k), ink: style, path: StrokePath(controlPoints: points)))
        }
        return strokes
    }

    private static func number(_ value: PDFObject, _ document: PDFDocument) throws(ReadError) -> Double? {
        if case .number(let n) = value { return n.isFinite ? n : nil }
        return try document.resolve(value).number
    }

    /// Kind, colour, opacity and width of an ink annotation.
    private static func style(_ annotation: [String: PDFObject], document: PDFDocument) throws(ReadError) -> Ink {
        func resolved(_ key: String) throws(ReadError) -> PDFObject? {
            try annotation[key].map { (v: PDFObject) throws(ReadError) in try document.resolve(v) }
        }
        let kind: Ink.Kind = try resolved("IT")?.name == "InkHighlight" ? .highlighter : .pen
        var width = 1.0
        if let border = try resolved("BS")?.dictionary, let w = border["W"].flatMap({ $0.number }) {
            width = w
        } else if let border = try resolved("Border")?.array, border.count >= 3, let w = border[2].number {
            width = w
        }
        var color = Ink.Color.black
        let components = try resolved("C")?.array?.compactMap(\.number) ?? []
        switch components.count {
        case 1: color = Ink.Color(red: components[0], green: components[0], blue: components[0])
        case 3: color = Ink.Color(red: components[0], green: components[1], blue: components[2])
        case 4:
            let k = 1 - components[3]
            color = Ink.Color(
                red: (1 - components[0]) * k, green: (1 - components[1]) * k, blue: (1 - components[2]) * k)
        default: break
        }
        if let opacity = try resolved("CA")?.number { color.alpha = min(max(opacity, 0), 1) }
        return Ink(kind: kind, color: color, width: max(width, 0))
    }
}
