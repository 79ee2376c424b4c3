import DrawingModel
import Foundation

/// Reads W3C InkML (`.inkml`, REC 2011): CROHME, MathWriting and Office flavours.
///
/// * Elements are matched on local names, so the InkML namespace may be absent or prefixed
///   (`inkml:trace`); `xml:id` and plain `id` are both accepted.
/// * `<traceFormat>` channels give each point's values: `X`, `Y` → location, `T` → `timeOffset`
///   (relative to the trace's first point; milliseconds unless `units="s"`), `F` → `force`
///   (divided by the channel's `max`, or by the trace's largest value when no max is given and
///   values exceed 1); other channels are read and dropped. No traceFormat means X Y.
///   A traceFormat directly under `<ink>` (as CROHME writes it) or inside a `<context>` among the
///   traces becomes the current format; ones inside `<definitions>` are used through references.
/// * Traces may be difference-encoded (`'` first and `"` second differences, `!` explicit; see
///   `InkMLTraceDecoder`).
/// * `<brush>` properties `width`, `color`, `transparency` and `rasterOp="maskPen"` (highlighter)
///   give the ink; `brushRef`/`contextRef` on traces, trace groups and contexts are honoured.
/// * `<traceGroup>` only groups: every trace (pen-down; `type="penUp"` hover traces are skipped)
///   becomes one stroke, in document order, on a single page: an InkML file is one page (one
///   sample, one expression or one document canvas). Annotations are dataset metadata, not typed
///   text, and are not indexed. `canvasTransform` mappings are not applied (none seen in practice).
///
/// Stroke IDs: `StableStrokeID` of the file bytes with the trace's id as key (`trace:<id>`), or its
/// position (`trace#<n>`) when it has none or repeats an earlier id.
package struct InkMLReader: NotebookReader {
    package static let formatName = "inkml"
    package static let displayName = "InkML"
    package static let fileExtensions = ["inkml"]

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let (document, _) = try Containers.unwrap(contents) { archive in
            archive.entries.first { $0.name.hasSuffix(".inkml") || $0.name.hasSuffix(".xml") }
        }
        var parser = InkMLParser(document: document, ids: StableStrokeID(fileContents: contents))
        return try parser.parse()
    }

    package static func canRead(_ probe: FormatProbe) -> Bool {
        probe.xmlRoot == "ink"
    }
}
