import DrawingModel
import Foundation

/// Reads Saber notes (docs/formats.md#saber-file): `.sbn` (JSON), `.sbn2` (BSON, `BSONDecoder`) and `.sba`
/// (a zip holding `main.sbn2` and its assets).
///
/// ```
/// {"v": file version, "z": [page…], …}            pages since version 8; before, strokes "s" at
///                                                   the top level name their page in "i"
/// page   {"w", "h", "s": [stroke…], "q": [Quill op…], "i": images, "b": background}
/// stroke {"p": points, "ty": tool, "c": ARGB colour, "s": size, "ox"/"oy": offset,
///         "shape": null | "circle" ("cx", "cy", "r") | "rect"}
/// point  {"x", "y", "p"?} (JSON) or BSON binary: little-endian float32 x, y[, pressure]
/// ```
/// The oldest files are a bare list of strokes. What becomes what: every stroke is ink (`Pen` and
/// fountain/ballpoint pens as `.pen`, `Pencil` as `.pencil`, `Highlighter` as `.highlighter`);
/// a shape-pen circle is drawn from its centre and radius; the offset is added to every point;
/// pressure becomes the point's force, the size its nominal width. Typed text: the `insert`
/// strings of the page's Quill delta, one `TextElement` per line (Saber stores no box). Images,
/// PDF backgrounds and assets are skipped.
///
/// Units: Saber's logical pixels, origin top left, y down; pages are 1000 × 1400 unless `w`/`h`
/// say otherwise. Stroke IDs: Saber has none; `StableStrokeID` of the file with key
/// `page/0/index`.
package struct SaberReader: NotebookReader {
    package static let formatName = "saber"
    package static let displayName = "Saber"
    package static let fileExtensions = ["sbn", "sbn2", "sba"]
    /// Largest document accepted (JSON or BSON, after unzipping `.sba`, which may also expand no more
    /// than `ReadLimits.maxExpansionRatio` times).
    package static let maxDocumentSize = 256 << 20
    static let defaultPageSize = Size(width: 1000, height: 1400)

    package static func canRead(_ probe: FormatProbe) -> Bool {
        guard probe.container == .none else { return false }
        let head = probe.head
        if head.first == UInt8(ascii: "{") || head.first == 0x20 || head.first == 0x0A {
            let text = String(decoding: head.prefix(512), as: UTF8.self)
            return text.contains("\"ni\"") && text.contains("\"v\"")
        }
        // BSON: a document size, then the version element first, as Saber writes it.
        return head.count > 8 && (head[4] == 0x10 || head[4] == 0x12) && head[5] == UInt8(ascii: "v") && head[6] == 0
    }

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        var bytes = contents
        if ZipArchive.hasMagic(contents) {
            let archive = try ZipArchive(contents)
            guard
                let entry = archive.entry(named: "main.sbn2")
                    ?? archive.entries.first(where: { $0.name.hasSuffix(".sbn2") })
            else {
                throw ReadError(ZipArchive.notANotebook(archive.entries, detail: " without a main.sbn2"))
            }
            bytes = try archive.contents(
                of: entry, limit: ReadLimits.expansionLimit(compressedSize: contents.count, cap: maxDocumentSize))
        }
        guard bytes.count <= maxDocumentSize else {
            throw ReadError(
                "file is \(describeByteCount(bytes.count)), over the \(describeByteCount(maxDocumentSize)) limit of Saber notes"
            )
        }
        let document = try isJSON(bytes) ? JSONTree.parse(bytes) : BSONDecoder.decode(bytes)
        return Notebook(format: formatName, pages: try pages(document, ids: StableStrokeID(fileContents: contents)))
    }

    private static func isJSON(_ bytes: [UInt8]) -> Bool {
        let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    private static func pages(_ document: DocumentTree, ids: StableStrokeID) throws(ReadError) -> [Page] {
        if let strokes = document.array {
            return [try page(DocumentTree.object([("s", .array(strokes))]), index: 0, ids: ids)]
        }
        guard document.members != nil else { throw ReadError("not a Saber note (neither an object nor a list)") }
        if let pages = document["z"]?.array {
            guard pages.count <= ReadLimits.maxPages else { throw ReadError("more than \(ReadLimits.maxPages) pages") }
            return try pages.enumerated().map { (k, page) throws(ReadError) in try self.page(page, index: k, ids: ids) }
        }
        // Before version 8: strokes at the top level, each naming its page.
        guard let strokes = document["s"]?.array else {
            throw ReadError("not a Saber note (no pages \"z\" or strokes \"s\")")
        }
        var byPage: [Int: [DocumentTree]] = [:]
        for stroke in strokes {
            let index = Int(min(max(stroke["i"]?.number ?? 0, 0), Double(ReadLimits.maxPages - 1)))
            byPage[index, default: []].append(stroke)
        }
        let count = (byPage.keys.max() ?? 0) + 1
        return try (0..<count).map { (k: Int) throws(ReadError) in
            let old: DocumentTree = .object([
                ("w", document["w"] ?? .null), ("h", document["h"] ?? .null), ("s", .array(byPage[k] ?? [])),
            ])
            return try page(old, index: k, ids: ids)
        }
    }

    private static func page(_ page: DocumentTree, index: Int, ids: StableStrokeID) throws(ReadError) -> Page {
        let size = Size(
            width: page["w"]?.number ?? defaultPageSize.width, height: page["h"]?.number ?? defaultPageSize.height)
        let strokes = page["s"]?.array ?? []
        guard strokes.count <= ReadLimits.maxStrokesPerPage else {
            throw ReadError("page \(index + 1): more than \(ReadLimits.maxStrokesPerPage) strokes")
        }
        var drawn: [Stroke] = []
        for (k, value) in strokes.enumerated() {
            do {
                if let stroke = try SaberStroke.decode(value, id: ids.id(page: index, index: k)) {
                    drawn.append(stroke)
                }
            } catch {
                throw ReadError("page \(index + 1): stroke \(k + 1): \(error.description)")
            }
        }
        return Page(drawing: Drawing(strokes: drawn), texts: quillText(page["q"]), size: size)
    }

    /// The typed lines of a Quill delta: its text inserts joined, split at newlines.
    static func quillText(_ delta: DocumentTree?) -> [TextElement] {
        let text = (delta?.array ?? []).compactMap { $0["insert"]?.string }.joined()
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .map { TextElement(text: $0) }
    }
}
