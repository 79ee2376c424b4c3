import DrawingModel
import Foundation

/// Reads Linwood Butterfly notes (docs/formats.md#butterfly-file): the text form (`.tbfly`, and `.bfly` files that
/// start with `{`) and the zip form of `.bfly`.
///
/// ```
/// text form, fileVersion 7+  {"fileVersion", "name", "pages": {"<order>.<name>": page, …}, …}
/// page                       {"layers": [{"name", "content": [element…]}], "backgrounds", …}
/// text form, fileVersion 6   {"fileVersion": 6, "name", "content": [element…], "painters", …}
/// zip form                   META-INF/butterfly.json, BFLY/info.json, BFLY/pages/<name>.json
/// pen element                {"type": "pen", "id", "points": [{"x", "y", "pressure"}],
///                             "property": {"strokeWidth", "color": ARGB, …}}
/// ```
/// What becomes what: every `pen` element is a stroke (pressure as force, `strokeWidth` as its
/// width, the ARGB colour); `shape` elements (lines, rectangles) are drawings, not writing, and
/// images, SVG, PDF and textures are not ink: all are skipped. Pages come in the order of their
/// name's number prefix. Units: canvas pixels, origin top left, y down, on an unbounded canvas (no
/// page size). Stroke IDs: the element's `id` where it is a UUID, else `StableStrokeID` of the
/// file with key `page/layer/index`.
package struct ButterflyReader: NotebookReader {
    package static let formatName = "butterfly"
    package static let displayName = "Butterfly"
    package static let fileExtensions = ["bfly", "tbfly"]
    /// Largest document accepted (the text form, or a page of the zip form after inflating, which
    /// may also expand no more than `ReadLimits.maxExpansionRatio` times).
    package static let maxDocumentSize = 256 << 20
    static let pagesFolder = "BFLY/pages/"

    package static func canRead(_ probe: FormatProbe) -> Bool {
        if probe.container == .zip {
            return probe.zipEntryNames.contains("META-INF/butterfly.json")
                || probe.zipEntryNames.contains { $0.hasPrefix(pagesFolder) }
        }
        guard probe.container == .none, probe.head.first == UInt8(ascii: "{") else { return false }
        let text = String(decoding: probe.head.prefix(1024), as: UTF8.self)
        return text.contains("\"fileVersion\"") && (text.contains("\"pages\"") || text.contains("\"painters\""))
    }

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let ids = StableStrokeID(fileContents: contents)
        if ZipArchive.hasMagic(contents) { return try readArchive(contents, ids: ids) }
        let document = try parse(contents, what: "file")
        guard document.members != nil else { throw ReadError("not a Butterfly note (not a JSON object)") }
        let title = document["name"]?.string
        if let pages = document["pages"]?.members {
            guard pages.count <= ReadLimits.maxPages else { throw ReadError("more than \(ReadLimits.maxPages) pages") }
            let ordered = pages.enumerated().sorted { a, b in
                (order(of: a.element.key) ?? a.offset, a.offset) < (order(of: b.element.key) ?? b.offset, b.offset)
            }
            return Notebook(
                format: formatName, title: title,
                pages: try ordered.enumerated().map { (k, entry) throws(ReadError) in
                    try page(entry.element.value, index: k, ids: ids)
                })
        }
        // fileVersion 6: one page, its elements in one flat list
        guard let content = document["content"] else {
            throw ReadError("not a Butterfly note (neither \"pages\" nor \"content\")")
        }
        return Notebook(
            format: formatName, title: title,
            pages: [try page(.object([("layers", .array([.object([("content", content)])]))]), index: 0, ids: ids)])
    }

    /// The zip form: one JSON file a page under `BFLY/pages/`, in the order of their number prefix.
    private static func readArchive(_ contents: [UInt8], ids: StableStrokeID) throws -> Notebook {
        let archive = try ZipArchive(contents)
        let entries = archive.entries.filter { $0.name.hasPrefix(pagesFolder) && $0.name.hasSuffix(".json") }
        guard !entries.isEmpty else {
            throw ReadError(ZipArchive.notANotebook(archive.entries, detail: " without pages under \(pagesFolder)"))
        }
        guard entries.count <= ReadLimits.maxPages else { throw ReadError("more than \(ReadLimits.maxPages) pages") }
        let limit = ReadLimits.expansionLimit(compressedSize: contents.count, cap: maxDocumentSize)
        let ordered = entries.enumerated().sorted { a, b in
            let nameA = String(a.element.name.dropFirst(pagesFolder.count))
            let nameB = String(b.element.name.dropFirst(pagesFolder.count))
            return (order(of: nameA) ?? a.offset, nameA) < (order(of: nameB) ?? b.offset, nameB)
        }
        var title: String?
        if let info = archive.entry(named: "META-INF/butterfly.json") {
            title = try? parse(try archive.contents(of: info, limit: limit), what: info.name)["name"]?.string
        }
        let pages = try ordered.enumerated().map { (k, entry) throws -> Page in
            let bytes = try archive.contents(of: entry.element, limit: limit)
            return try page(try parse(bytes, what: entry.element.name), index: k, ids: ids)
        }
        return Notebook(format: formatName, title: title, pages: pages)
    }

    private static func parse(_ bytes: [UInt8], what: String) throws(ReadError) -> DocumentTree {
        guard bytes.count <= maxDocumentSize else {
            throw ReadError(
                "\(what) is \(describeByteCount(bytes.count)), over the \(describeByteCount(maxDocumentSize)) limit of Butterfly notes"
            )
        }
        return try JSONTree.parse(bytes)
    }

    /// The number a page name starts with ("2.progressive waves" → 2), nil when it has none.
    static func order(of name: String) -> Int? {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, name.dropFirst(digits.count).first == "." else { return nil }
        return Int(digits)
    }

    private static func page(_ page: DocumentTree, index: Int, ids: StableStrokeID) throws(ReadError) -> Page {
        guard page.members != nil else { throw ReadError("page \(index + 1): not an object") }
        var strokes: [Stroke] = []
        for (l, layer) in (page["layers"]?.array ?? []).enumerated() {
            for (k, element) in (layer["content"]?.array ?? []).enumerated() where element["type"]?.string == "pen" {
                guard strokes.count < ReadLimits.maxStrokesPerPage else {
                    throw ReadError("page \(index + 1): more than \(ReadLimits.maxStrokesPerPage) strokes")
                }
                do {
                    let id =
                        element["id"]?.string.flatMap(UUID.init(uuidString:))
                        ?? ids.id(page: index, layer: l, index: k)
                    if let stroke = try ButterflyStroke.decode(element, id: id) { strokes.append(stroke) }
                } catch {
                    throw ReadError("page \(index + 1): element \(k + 1): \(error.description)")
                }
            }
        }
        return Page(drawing: Drawing(strokes: strokes))
    }
}

/// Decodes one Butterfly `pen` element (see `ButterflyReader`) into ink.
enum ButterflyStroke {
    static func decode(_ element: DocumentTree, id: UUID) throws(ReadError) -> Stroke? {
        guard let list = element["points"]?.array else { throw ReadError("pen element has no points") }
        guard list.count <= ReadLimits.maxPointsPerStroke else {
            throw ReadError("more than \(ReadLimits.maxPointsPerStroke) points")
        }
        let property = element["property"]
        let width = property?["strokeWidth"]?.number.flatMap { $0 > 0 ? $0 : nil } ?? 5
        let points = try list.map { (p: DocumentTree) throws(ReadError) -> StrokePoint in
            guard let x = p["x"]?.number, let y = p["y"]?.number else {
                throw ReadError("point without finite x and y")
            }
            let force = p["pressure"]?.number.map { min(max($0, 0), 1) } ?? StrokePoint.defaultForce
            return StrokePoint(location: Point(x: x, y: y), size: Size(width: width, height: width), force: force)
        }
        guard !points.isEmpty else { return nil }
        return Stroke(
            id: id, ink: Ink(kind: .pen, color: DartColor.ink(property?["color"]), width: width),
            path: StrokePath(controlPoints: points))
    }
}
