import DrawingModel
import Foundation

/// Reads tldraw boards (docs/formats.md#tldraw-file): `.tldr`, JSON of every record of a store.
///
/// ```
/// {"tldrawFileFormatVersion": 1,
///  "schema": {"schemaVersion": 1, "recordVersions": {"shape": {"subTypeVersions": {"draw": n, …}}}}
///         or {"schemaVersion": 2, "sequences": {"com.tldraw.shape.draw": n, …}},
///  "records": [{"typeName": "page", "id": "page:…", "name", "index"},
///              {"typeName": "shape", "id": "shape:…", "type": "draw" | "highlight" | "text" | "frame"
///               | "group" | …, "parentId": "page:…" | "shape:…", "x", "y", "rotation", "index",
///               "opacity", "props": {…}}, …]}
/// ```
/// One page per `page` record, in the order of their fractional `index`; a shape belongs to the
/// page its chain of parents (frames, groups) ends at, and its points reach page coordinates
/// through every `x`, `y` and `rotation` (radians, about the shape's origin) of that chain. A
/// `draw` shape is one stroke (its segments joined; points scaled by `scaleX`/`scaleY`; pressure
/// kept where `isPen`), a `highlight` shape one highlighter stroke; `TldrawPoints` decodes the
/// three point encodings. Typed text: `props.text` or `props.richText` (ProseMirror) of text,
/// geo, note and arrow shapes, frame names, and page names other than the default "Page N".
/// Images, bookmarks and embeds are skipped.
///
/// Units: tldraw page pixels, y down; the canvas is unbounded, so pages have no size. Stroke IDs:
/// `StableStrokeID` of the file keyed by the shape's `id`.
package struct TldrawReader: NotebookReader {
    package static let formatName = "tldraw"
    package static let displayName = "tldraw"
    package static let fileExtensions = ["tldr"]
    /// Newest point encodings known (draw 4 and highlight 3: the delta `path`).
    static let newestDrawVersion = 4, newestHighlightVersion = 3
    /// Deepest chain of frames and groups followed from a shape to its page.
    static let maxParentDepth = 64
    /// Nominal stroke widths of tldraw's sizes, in page pixels.
    static let widths: [String: Double] = ["s": 2, "m": 3.5, "l": 5, "xl": 10]

    package static func canRead(_ probe: FormatProbe) -> Bool {
        probe.container == .none
            && String(decoding: probe.head.prefix(4096), as: UTF8.self)
                .contains("\"tldrawFileFormatVersion\"")
    }

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let document = try JSONTree.parse(contents)
        guard document["tldrawFileFormatVersion"]?.number != nil, let records = document["records"]?.array else {
            throw ReadError("not a tldraw file (no \"tldrawFileFormatVersion\" and \"records\")")
        }
        try checkVersions(document["schema"])
        var pages: [(id: String, index: String, name: String)] = []
        var shapes: [String: DocumentTree] = [:]
        var order: [String] = []
        for record in records {
            guard let id = record["id"]?.string else { continue }
            switch record["typeName"]?.string {
            case "page": pages.append((id, record["index"]?.string ?? "", record["name"]?.string ?? ""))
            case "shape":
                if shapes.updateValue(record, forKey: id) == nil { order.append(id) }
            default: break
            }
        }
        guard pages.count <= ReadLimits.maxPages else { throw ReadError("more than \(ReadLimits.maxPages) pages") }
        pages.sort { ($0.index.utf8.lexicographicallyPrecedes($1.index.utf8)) }
        let pageNumber = Dictionary(pages.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var drawn = pages.map { page in
            Page(drawing: Drawing(), texts: isDefaultName(page.name) ? [] : [TextElement(text: page.name)])
        }
        // Shapes in z-order: by their fractional index, file order breaking ties.
        let sorted = order.enumerated().sorted { a, b in
            let ia = shapes[a.element]?["index"]?.string ?? "", ib = shapes[b.element]?["index"]?.string ?? ""
            return ia == ib ? a.offset < b.offset : ia.utf8.lexicographicallyPrecedes(ib.utf8)
        }.map(\.element)
        let ids = StableStrokeID(fileContents: contents)
        for id in sorted {
            guard let shape = shapes[id], let (page, transform) = try place(shape, shapes: shapes, pages: pageNumber)
            else { continue }
            do throws(ReadError) {
                if let stroke = try TldrawShapes.stroke(shape, transform: transform, id: ids.id(key: id)) {
                    guard drawn[page].drawing.strokes.count < ReadLimits.maxStrokesPerPage else {
                        throw ReadError("more than \(ReadLimits.maxStrokesPerPage) strokes on a page")
                    }
                    drawn[page].drawing.strokes.append(stroke)
                }
                if let text = TldrawShapes.text(shape, transform: transform) { drawn[page].texts.append(text) }
            } catch {
                throw ReadError("shape \(id): \(error.description)")
            }
        }
        return Notebook(format: formatName, pages: drawn)
    }

    /// Refuses draw or highlight versions newer than the encodings this reader knows.
    private static func checkVersions(_ schema: DocumentTree?) throws(ReadError) {
        let versions: (draw: Double?, highlight: Double?)
        if let sequences = schema?["sequences"] {
            versions = (sequences["com.tldraw.shape.draw"]?.number, sequences["com.tldraw.shape.highlight"]?.number)
        } else {
            let shapes = schema?["recordVersions"]?["shape"]?["subTypeVersions"]
            versions = (shapes?["draw"]?.number, shapes?["highlight"]?.number)
        }
        if let draw = versions.draw, draw > Double(newestDrawVersion) {
            throw ReadError(
                "tldraw draw shapes of version \(versionText(draw)) are newer than this reader knows (up to \(newestDrawVersion))"
            )
        }
        if let highlight = versions.highlight, highlight > Double(newestHighlightVersion) {
            throw ReadError(
                "tldraw highlight shapes of version \(versionText(highlight)) are newer than this reader knows (up to \(newestHighlightVersion))"
            )
        }
    }

    private static func versionText(_ version: Double) -> String {
        version < 1e9 && version == version.rounded() ? String(Int(version)) : String(version)
    }

    /// The page a shape is on and the transform from its own coordinates to that page's; nil when
    /// its chain of parents does not end at a page.
    private static func place(
        _ shape: DocumentTree, shapes: [String: DocumentTree], pages: [String: Int]
    ) throws(ReadError) -> (Int, DrawingModel.AffineTransform)? {
        var transform = DrawingModel.AffineTransform.identity
        var current = shape
        for _ in 0..<maxParentDepth {
            transform = transform.concatenating(local(current))
            guard let parent = current["parentId"]?.string else { return nil }
            if let page = pages[parent] { return (page, transform) }
            guard let next = shapes[parent] else { return nil }
            current = next
        }
        return nil  // deeper than any real board: a cycle of parents
    }

    /// A shape's own transform into its parent: rotation about its origin, then its position.
    private static func local(_ shape: DocumentTree) -> DrawingModel.AffineTransform {
        let rotation = shape["rotation"]?.number ?? 0
        let position = DrawingModel.AffineTransform(translationX: shape["x"]?.number ?? 0, y: shape["y"]?.number ?? 0)
        return rotation == 0 ? position : DrawingModel.AffineTransform(rotationAngle: rotation).concatenating(position)
    }

    /// tldraw names new pages "Page 1", "Page 2" …: not text anyone typed.
    private static func isDefaultName(_ name: String) -> Bool {
        let words = name.split(separator: " ")
        return name.trimmingCharacters(in: .whitespaces).isEmpty
            || (words.count == 2 && words[0] == "Page" && words[1].allSatisfy(\.isNumber))
    }
}
