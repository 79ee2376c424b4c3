import DrawingModel
import Foundation

/// Reads the ink people add to PDFs with a pen (docs/formats.md#pdf-ink): `/Ink` annotations, from
/// Acrobat, pdf.js, Edge, macOS Preview and the like, and the comments typed into annotations.
/// The PDF's own text and graphics are left to other tools: ink drawn into page content
/// (Xournal++'s export, Supernote's `/Stamp`) is not handwriting this reader can tell apart.
///
/// Pipeline: `PDFDocument` (cross-reference sections or their scanned repair, object streams,
/// Flate through `PDFStreamFilter`, all parsed by `PDFParser` within one `PDFBudget`) →
/// `PDFPageTree` (pages with inherited boxes and `/Rotate`) → `PDFAnnotations` (strokes and
/// texts per page). A PDF without ink reads as its pages without strokes.
///
/// Units: PDF points (1/72 in), origin at the top left of the page's crop box, y down, the page
/// turned as its `/Rotate` shows it. Stroke IDs: `StableStrokeID` of the file, keyed by page,
/// annotation and path. Encrypted PDFs are refused.
package struct PDFReader: NotebookReader {
    package static let formatName = "pdf"
    package static let displayName = "annotated PDF"
    package static let fileExtensions = ["pdf"]

    package static func canRead(_ probe: FormatProbe) -> Bool {
        probe.container == .none && PDFDocument.headerOffset(probe.head) != nil
    }

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let document = try PDFDocument(contents)
        let pages = try PDFPageTree.pages(document)
        let ids = StableStrokeID(fileContents: contents)
        var read: [Page] = []
        read.reserveCapacity(pages.count)
        for (k, info) in pages.enumerated() {
            do {
                read.append(try PDFAnnotations.page(info, index: k, document: document, ids: ids))
            } catch {
                throw ReadError("page \(k + 1): \(error.description)")
            }
        }
        return Notebook(format: formatName, pages: read)
    }
}
