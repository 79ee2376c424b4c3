import DrawingModel
import Foundation

/// Reads SVG drawings and Stylus Labs Write notes (`.svg`, gzip `.svgz`, legacy XHTML `.html`).
///
/// * Write documents (root `<svg id="write-document">` or an XHTML page): every nested `<svg>` —
///   or, in very old files, every `<g id="page_N">` — is a page with its own coordinates (its
///   position in the document is dropped). Page furniture is skipped: ruling (`ruleline`,
///   `xrule*`, `yrule*`, `leftmargin`, `pagerect`), bookmarks and inserted icons. Strokes are paths
///   with a pen class or, in legacy files, stroked paths without a class.
/// * Other SVG files are one page; every painted `path`, `line`, `polyline` and `polygon` is ink
///   (rectangles, circles and images are not handwriting and are skipped). `<text>` becomes a
///   `TextElement` with a box estimated from its position and font size.
/// * Path data: every command, absolute and relative; arcs become cubics; Bézier paths become
///   B-splines through `StrokePath(approximating:tolerance:)`; see `SVGStrokeBuilder` for
///   centrelines, Write's outline pens and widths.
/// * Transforms (`matrix`, `translate`, `scale`, `rotate`, `skewX`, `skewY`) compose down the tree
///   into each stroke's `transform`; the path keeps the file's own coordinates.
/// * Write's `__timestamp` (hex milliseconds) becomes the path's `creationDate`.
/// * A document that stops mid-element (one of Write's own test files does) gives the strokes
///   before the cut.
///
/// Stroke IDs: `StableStrokeID` of the file bytes with key `page/0/index`.
package struct SVGReader: NotebookReader {
    package static let formatName = "svg"
    package static let displayName = "SVG"
    package static let fileExtensions = ["svg", "svgz"]

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let (document, _) = try Containers.unwrap(contents) { archive in
            archive.entries.first { $0.name.hasSuffix(".svg") }
        }
        var parser = SVGParser(document: document, ids: StableStrokeID(fileContents: contents))
        return try parser.parse()
    }

    package static func canRead(_ probe: FormatProbe) -> Bool {
        if probe.xmlRoot == "svg" { return true }
        // Write's legacy XHTML notes: an html page holding inline SVG.
        guard probe.xmlRoot == "html" else { return false }
        let text = String(decoding: probe.contentHead, as: UTF8.self)
        return text.contains("<svg") || text.contains("text/writeconfig")
    }
}
