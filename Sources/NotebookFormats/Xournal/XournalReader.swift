import DrawingModel
import Foundation

/// Reads Xournal++ `.xopp`, Xournal `.xoj` and MrWriter `.moj` notebooks.
///
/// Containers (by magic bytes, whatever the extension): gzip of the XML (what Xournal++ writes),
/// plain XML, or a zip archive ("packaged xopp") whose `content.xml` holds the XML.
///
/// The XML (file versions 1–5 and Xournal 0.4):
/// ```
/// <xournal creator=… fileversion=N> | <xournal version=0.4.x> | <MrWriter docversion=…>
///   <page width= height=> <background …/>
///     <layer> <stroke tool= color= width="w [w1 … wn-1]" [pressures=…]>x0 y0 x1 y1 …</stroke>
///             <text x= y= size= font= [wrap=]>typed text</text>  <link … url=>text</link>
///             <teximage left= top= right= bottom= text="LaTeX">base64</teximage>  <image …>base64</image>
/// ```
/// What becomes what:
/// * `pen` strokes → `Ink.Kind.pen`, `highlighter` → `.highlighter`; per-segment widths (the numbers
///   after the first in `width`) become `StrokePoint.size`, repaired as Xournal++ does (see
///   `XournalStrokeBuilder`); MrWriter's per-point `pressures` scale the nominal width.
/// * `eraser` strokes are white-out painted over what lies below; they are **never ink**. Each
///   becomes a mask sweep (`StrokeMask.Sweep`, radius = half its width) on every earlier stroke of
///   the page whose bounds it touches, so the covered ink is not recognized. Strokes drawn after it
///   stay visible, as in Xournal.
/// * `text` and `link` → `TextElement` (bounds estimated from the font size: Xournal++ stores only
///   the top-left corner); `teximage` → `TextElement` with its LaTeX source and its box.
/// * Images, previews, backgrounds (PDF, pixmaps, attachments) and audio are skipped unread.
///
/// Stroke IDs: `StableStrokeID` of the file bytes with key `page/layer/index` (index of the
/// `<stroke>` element in its layer; `.k` appended for the k-th extra part of a split stroke).
package struct XournalReader: NotebookReader {
    package static let formatName = "xopp"
    package static let displayName = "Xournal++ (with Xournal and MrWriter)"
    package static let fileExtensions = ["xopp", "xoj", "moj"]

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let (document, _) = try Containers.unwrap(contents) { archive in
            archive.entry(named: "content.xml") ?? archive.entries.first { $0.name.hasSuffix(".xml") }
        }
        var parser = XournalParser(document: document, ids: StableStrokeID(fileContents: contents))
        var notebook = try parser.parse()
        if fileExtension == "xoj" || fileExtension == "moj" { notebook.format = fileExtension }
        return notebook
    }

    package static func canRead(_ probe: FormatProbe) -> Bool {
        probe.xmlRoot == "xournal" || probe.xmlRoot == "MrWriter"
    }
}
