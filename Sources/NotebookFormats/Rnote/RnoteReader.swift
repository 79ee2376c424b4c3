import DrawingModel
import Foundation

/// Reads Rnote notes (`.rnote`), file versions 0.5.5 to 0.15 (docs/formats.md#rnote-file).
///
/// Container: gzip of one JSON object `{"version": "0.x.y", "data": {…}}` (the JSON alone is read
/// too), parsed whole into a
/// `DocumentTree` (the component arrays are parallel, so the tree is needed at once). The JSON may
/// expand to `maxDocumentSize` and to `ReadLimits.maxExpansionRatio` times the file, no more.
///
/// Layouts read:
/// * 0.5.10 and later: `data.engine_snapshot` {`document`, `stroke_components`, `chrono_components`};
///   the page format and layout in `document.config` (0.13+) or in `document` itself (older).
/// * 0.5.0–0.5.9: `data.document` (or `data.sheet`) and `data.store_snapshot`, whose
///   `trash_components` mark strokes that were deleted (skipped).
/// Enum spellings of both eras (`UserLayer`, `user_layer`) are accepted.
///
/// Strokes (`RnoteStroke`): slot `i` of `stroke_components` is a stroke or null (erased), with
/// `chrono_components[i]` = `{"t", "layer"}`. Draw order is Rnote's: by layer (document, image,
/// highlighter, user layers 0, 1, …), then by `t`. Brush strokes on the highlighter layer are
/// `.highlighter` ink (kept, not recognized).
///
/// Pages: Rnote draws on one canvas; `document.x/y/width/height` bound it and `format` gives the
/// page size (document pixels at `format.dpi`, 96). The canvas is cut into format-sized pages
/// from the origin, where Rnote draws its page grid, row by row: `fixed_size` and `continuous_vertical`
/// documents keep every page, blank ones included (the app shows them); `infinite` and
/// `semi_infinite` canvases keep only the pieces that hold something. A stroke or text goes
/// wholly to the page that holds the centre of its bounds. Coordinates are document pixels
/// relative to that page's top-left corner (a translation in `Stroke.transform`).
///
/// Stroke IDs: Rnote has none; `StableStrokeID` of the file with key `rnote/<slot>`.
package struct RnoteReader: NotebookReader {
    package static let formatName = "rnote"
    package static let displayName = "Rnote"
    package static let fileExtensions = ["rnote"]
    /// Largest JSON accepted after decompression: corpus files expand to 6 MB, and the tree
    /// costs several times its text.
    package static let maxDocumentSize = 256 << 20

    /// Recognises the gzip-wrapped JSON with a `version` and `data` near its start.
    package static func canRead(_ probe: FormatProbe) -> Bool {
        guard probe.container == .gzip else { return false }
        let head = String(decoding: probe.contentHead.prefix(256), as: UTF8.self)
        return head.hasPrefix("{") && head.contains("\"version\"") && head.contains("\"data\"")
    }

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let ids = StableStrokeID(fileContents: contents)
        if Gzip.hasMagic(contents) {
            let limit = ReadLimits.expansionLimit(compressedSize: contents.count, cap: maxDocumentSize)
            return try notebook(json: try Gzip.decompress(contents, limit: limit), ids: ids)
        }
        // Rnote always compresses; the JSON alone is read too (an unpacked file, the fuzzer).
        guard contents.drop(while: { [0x20, 0x09, 0x0A, 0x0D].contains($0) }).first == UInt8(ascii: "{"),
            contents.count <= maxDocumentSize
        else { throw ReadError("not an Rnote file (neither gzip nor JSON)") }
        return try notebook(json: contents, ids: ids)
    }

    /// Reads the JSON inside the gzip.
    static func notebook(json: [UInt8], ids: StableStrokeID) throws(ReadError) -> Notebook {
        let root = try JSONTree.parse(json)
        guard let version = root["version"]?.string, let data = root["data"] else {
            throw ReadError("not an Rnote file (no \"version\" and \"data\")")
        }
        guard version.hasPrefix("0.") else {
            throw ReadError("unsupported Rnote file version \(version) (this build reads 0.5 to 0.15)")
        }
        guard let snapshot = data["engine_snapshot"] ?? data["store_snapshot"],
            let document = snapshot["document"] ?? data["document"] ?? data["sheet"]
        else { throw ReadError("Rnote \(version) file has no engine snapshot and document") }
        let canvas = try RnoteCanvas(document: document)
        var pages = RnotePages(canvas: canvas)
        for (slot, stroke) in try orderedStrokes(snapshot) {
            do {
                switch try RnoteStroke.decode(stroke.value, highlighter: stroke.isHighlighter) {
                case .ink(let ink, let path, let transform)?:
                    try pages.add(Stroke(id: ids.id(key: "rnote/\(slot)"), ink: ink, transform: transform, path: path))
                case .text(let text)?:
                    try pages.add(text)
                case nil:
                    break
                }
            } catch {
                throw ReadError("stroke slot \(slot): \(error.description)")
            }
        }
        return Notebook(format: formatName, pages: try pages.pages())
    }

    private struct Component {
        var value: DocumentTree
        var layer: Int
        var time: Double
        var isHighlighter: Bool
    }

    /// The live strokes by slot, in Rnote's draw order.
    private static func orderedStrokes(_ snapshot: DocumentTree) throws(ReadError) -> [(Int, Component)] {
        guard let slots = snapshot["stroke_components"]?.array else { throw ReadError("no stroke_components") }
        guard slots.count <= ReadLimits.maxStrokesPerPage else {
            throw ReadError("more than \(ReadLimits.maxStrokesPerPage) strokes")
        }
        let chrono = snapshot["chrono_components"]?.array ?? []
        let trash = snapshot["trash_components"]?.array ?? []
        var live: [(Int, Component)] = []
        for (slot, component) in slots.enumerated() {
            guard let value = component["value"], !value.isNull else { continue }
            if slot < trash.count, trash[slot]["value"]?["trashed"]?.bool == true { continue }
            let info = slot < chrono.count ? chrono[slot]["value"] : nil
            let (layer, highlighter) = rank(info?["layer"])
            live.append(
                (slot, Component(value: value, layer: layer, time: info?["t"]?.number ?? 0, isHighlighter: highlighter))
            )
        }
        live.sort { ($0.1.layer, $0.1.time, $0.0) < ($1.1.layer, $1.1.time, $1.0) }
        return live
    }

    /// The layer's place in draw order (document < image < highlighter < user layer 0 < 1 …).
    private static func rank(_ layer: DocumentTree?) -> (Int, Bool) {
        guard let (tag, body) = layer?.variant else { return (3, false) }
        switch tag.lowercased().replacingOccurrences(of: "_", with: "") {
        case "document": return (0, false)
        case "image": return (1, false)
        case "highlighter": return (2, true)
        default: return (3 + Int(min(max(body.number ?? 0, 0), 1_000_000)), false)
        }
    }
}
