import DrawingModel
import Foundation

/// Writes a notebook as a searchable PDF (PDF 1.4): every page drawn as `render` draws it, with
/// each recognized word as invisible text over its ink (`PDFPageContent`).
///
/// The file, byte for byte the same for the same input (no dates; the trailer's `/ID` is a
/// digest of the body):
///
///     %PDF-1.4                                  header, then a comment of four bytes over 127
///     1 0 obj  << /Type /Catalog /Pages 2 0 R >>
///     2 0 obj  << /Type /Pages /Kids [6 0 R 8 0 R …] /Count N >>
///     3 0 obj  << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>
///     4 0 obj  the same with /FirstChar 32 /LastChar 255 /Widths [500 …]  for the invisible words (`PDFText`)
///     5 0 obj  << /Title <FEFF…> /Producer (notebook-index) >>         the document information
///     6 0 obj  << /Type /Page /Parent 2 0 R /MediaBox [0 0 w h]
///                 /Resources << /Font << /F1 3 0 R /F2 4 0 R >> /ExtGState << /A0 << /CA a /ca a >> … >> >>
///                 /Contents 7 0 R >>
///     7 0 obj  << /Length n >> stream … endstream                      the page's content, uncompressed
///     …        two objects a page
///     xref     one 20-byte entry an object: its offset from the file's start
///     trailer  << /Size … /Root 1 0 R /Info 5 0 R /ID [<…> <…>] >>
///     startxref, the offset of `xref`, %%EOF
///
/// Everything but the header's comment is ASCII: text strings are escaped (`PDFText`).
package enum PDFWriter {
    /// A recognized word, laid invisibly over its ink.
    package struct Word: Sendable, Hashable {
        /// The reading to find (the recognizer's best).
        package var text: String
        /// The ink's box, in the page's coordinates.
        package var bounds: Rect

        package init(text: String, bounds: Rect) {
            self.text = text
            self.bounds = bounds
        }
    }

    /// One page to write and the words recognized on it, in reading order.
    package struct PageContent: Sendable {
        package var page: Page
        package var words: [Word]

        package init(page: Page, words: [Word]) {
            self.page = page
            self.words = words
        }
    }

    /// The PDF's bytes.
    /// - Parameters:
    ///   - pages: the pages in order; none gives one blank page, as a PDF needs one.
    ///   - title: the document's title (a viewer's window shows it).
    package static func encode(_ pages: [PageContent], title: String) -> [UInt8] {
        let drawn = (pages.isEmpty ? [PageContent(page: Page(drawing: Drawing()), words: [])] : pages)
            .map { PDFPageContent($0.page, words: $0.words) }
        var file = ObjectFile()
        let firstPage = 6
        let kids = drawn.indices.map { "\(firstPage + 2 * $0) 0 R" }.joined(separator: " ")
        file.add("<< /Type /Catalog /Pages 2 0 R >>")
        file.add("<< /Type /Pages /Kids [\(kids)] /Count \(drawn.count) >>")
        let helvetica = "/Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding"
        file.add("<< \(helvetica) >>")
        let widths = Array(repeating: String(PDFText.hiddenWidth), count: PDFText.lastCode - PDFText.firstCode + 1)
            .joined(separator: " ")
        file.add("<< \(helvetica) /FirstChar \(PDFText.firstCode) /LastChar \(PDFText.lastCode) /Widths [\(widths)] >>")
        file.add("<< /Title \(PDFText.textString(title)) /Producer (notebook-index) >>")
        for (index, page) in drawn.enumerated() {
            let states = page.opacities.enumerated().map { k, alpha in
                "/A\(k) << /Type /ExtGState /CA \(SVGWriter.number(alpha)) /ca \(SVGWriter.number(alpha)) >>"
            }
            let graphics = states.isEmpty ? "" : " /ExtGState << \(states.joined(separator: " ")) >>"
            let fonts = "/Font << /\(PDFText.fontName) 3 0 R /\(PDFText.hiddenFontName) 4 0 R >>"
            file.add(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(SVGWriter.number(page.width)) \(SVGWriter.number(page.height))]"
                    + " /Resources << \(fonts)\(graphics) >> /Contents \(firstPage + 2 * index + 1) 0 R >>")
            let stream = Array(page.stream.utf8)
            file.add("<< /Length \(stream.count) >>\nstream\n", stream: stream)
        }
        return file.finish(root: 1, info: 5)
    }

    /// The objects written so far and where each starts.
    private struct ObjectFile {
        var bytes: [UInt8] = Array("%PDF-1.4\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        var offsets: [Int] = []

        /// Adds the next object (numbered from 1), a dictionary and optionally its stream.
        mutating func add(_ dictionary: String, stream: [UInt8]? = nil) {
            offsets.append(bytes.count)
            bytes += Array("\(offsets.count) 0 obj\n\(dictionary)".utf8)
            if let stream { bytes += stream + Array("\nendstream".utf8) }
            bytes += Array("\nendobj\n".utf8)
        }

        /// The file: the objects, their cross-reference table and the trailer.
        func finish(root: Int, info: Int) -> [UInt8] {
            let digest = SHA1.hash(bytes).prefix(16).map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }
                .joined()
            var out = bytes
            let xref = out.count
            var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
            for offset in offsets { table += String(offset).leftPadded(to: 10) + " 00000 n \n" }
            table += "trailer\n<< /Size \(offsets.count + 1) /Root \(root) 0 R /Info \(info) 0 R"
            table += " /ID [<\(digest)> <\(digest)>] >>\n"
            table += "startxref\n\(xref)\n%%EOF\n"
            out += Array(table.utf8)
            return out
        }
    }
}
