import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// PDF ink annotations: paths become strokes on the page as it is shown, comments become typed
/// text, and broken or hostile files are refused with one line or repaired by scanning.
@Suite struct PDFReaderTests {
    static let ink =
        "<< /Type /Annot /Subtype /Ink /Rect [90 90 220 710] /InkList [[100 700 110 690 120 680] [200 100 210 110]]"
        + " /BS << /W 3 >> /C [1 0 0] /CA 0.5 >>"

    func read(_ pdf: TestPDFWriter, startxrefShift: Int = 0) throws -> Notebook {
        try NotebookFormats.read(contents: pdf.bytes(startxrefShift: startxrefShift), fileExtension: "pdf")
    }

    @Test func inkPathsAreStrokesWithYDown() throws {
        let notebook = try read(.onePage("", annotations: [Self.ink]))
        #expect(notebook.format == "pdf")
        let page = try #require(notebook.pages.first)
        #expect(page.size == Size(width: 600, height: 800))
        let strokes = page.drawing.strokes
        #expect(strokes.map(\.path.count) == [3, 2])
        #expect(strokes[0].path[0].location == Point(x: 100, y: 100))
        #expect(strokes[1].path[1].location == Point(x: 210, y: 690))
        #expect(strokes[0].ink == Ink(kind: .pen, color: Ink.Color(red: 1, green: 0, blue: 0, alpha: 0.5), width: 3))
        #expect(strokes[0].id != strokes[1].id)
    }

    /// The crop box is the page; `/Rotate 90` turns it clockwise, as viewers show it.
    @Test(arguments: [
        (0, Point(x: 50, y: 50)), (90, Point(x: 650, y: 50)), (180, Point(x: 450, y: 650)),
        (270, Point(x: 50, y: 450)),
    ])
    func cropBoxAndPageRotation(_ rotation: Int, _ expected: Point) throws {
        let pdf = TestPDFWriter.onePage("/CropBox [50 50 550 750] /Rotate \(rotation)", annotations: [Self.ink])
        let page = try #require(try read(pdf).pages.first)
        let turned = rotation % 180 != 0
        #expect(page.size == (turned ? Size(width: 700, height: 500) : Size(width: 500, height: 700)))
        #expect(page.drawing.strokes.first?.path[0].location == expected)
    }

    @Test func highlighterHiddenAndCommentsInAnnotations() throws {
        let pdf = TestPDFWriter.onePage(
            "",
            annotations: [
                "<< /Subtype /Ink /IT /InkHighlight /InkList [[0 0 10 0]] /Border [0 0 12] >>",
                "<< /Subtype /Ink /F 2 /InkList [[0 0 10 0]] /Contents (hidden) >>",
                "<< /Subtype /Text /Rect [10 780 30 800] /Contents <FEFF00480069> >>",
                "<< /Subtype /FreeText /Rect [0 0 100 20] /Contents (caf\\351 \\(ok\\)) >>",
                "<< /Subtype /Popup /Contents (a popup repeats its parent) >>",
                "<< /Subtype /Link /Contents (not a comment) >>",
                "<< /Subtype /Caret /Contents (  ) >>",
            ])
        let page = try #require(try read(pdf).pages.first)
        #expect(page.drawing.strokes.map(\.ink.kind) == [.highlighter])
        #expect(page.drawing.strokes.first?.ink.width == 12)
        #expect(page.texts.map(\.text) == ["Hi", "café (ok)"])
        #expect(page.texts.first?.bounds == Rect(x: 10, y: 0, width: 20, height: 20))
    }

    @Test func aPDFWithoutAnnotationsIsPagesWithoutInk() throws {
        var pdf = TestPDFWriter()
        pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>")
        pdf.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 200] >>")
        pdf.add("<< /Type /Page /Parent 2 0 R >>")
        let notebook = try read(pdf)
        #expect(notebook.pages.map(\.size) == [Size(width: 100, height: 200), Size(width: 612, height: 792)])
        #expect(notebook.pages.allSatisfy { $0.drawing.isEmpty && $0.texts.isEmpty })
    }

    /// A startxref into nowhere: the objects are found by scanning, and read the same.
    @Test func brokenCrossReferenceIsRepairedByScanning() throws {
        let pdf = TestPDFWriter.onePage("", annotations: [Self.ink])
        let good = try read(pdf)
        for shift in [7, -3, 1_000_000] {
            let repaired = try read(pdf, startxrefShift: shift)
            #expect(repaired.pages.map(\.drawing.strokes.count) == good.pages.map(\.drawing.strokes.count))
            #expect(repaired.pages.first?.drawing.strokes.first?.path == good.pages.first?.drawing.strokes.first?.path)
        }
        let document = try PDFDocument(pdf.bytes(startxrefShift: 7))
        #expect(document.table.isScanned)
    }

    @Test(arguments: [
        (
            "<< /Subtype /Ink /InkList [[1 2 3]] >>",
            "page 1: annotation 1: /InkList path 1 has an odd number of coordinates"
        ),
        (
            "<< /Subtype /Ink /InkList [[1 (x)]] >>",
            "page 1: annotation 1: /InkList path 1 has a coordinate that is not a number"
        ),
        ("<< /Subtype /Ink /InkList 5 >>", "page 1: annotation 1: /InkList is not a list"),
    ])
    func badInkIsRefusedInOneLine(_ annotation: String, _ message: String) {
        #expect(throws: ReadError(message)) { try read(.onePage("", annotations: [annotation])) }
    }

    @Test func refusals() {
        let encrypted = TestPDFWriter.onePage("", annotations: []).bytes(
            trailerExtra: "/Encrypt << /Filter /Standard >> ")
        #expect(throws: ReadError("PDF is encrypted; its annotations cannot be read without decrypting it")) {
            try NotebookFormats.read(contents: encrypted, fileExtension: "pdf")
        }
        #expect(throws: ReadError("not a PDF (no %PDF- header)")) {
            try NotebookFormats.read(contents: Array("hello".utf8), fileExtension: "pdf")
        }
        // A page tree that contains itself.
        var cycle = TestPDFWriter()
        cycle.add("<< /Type /Catalog /Pages 2 0 R >>")
        cycle.add("<< /Type /Pages /Kids [2 0 R] >>")
        #expect(throws: ReadError("PDF page tree lists object 2 0 twice")) {
            try NotebookFormats.read(contents: cycle.bytes(), fileExtension: "pdf")
        }
        // Nesting past the cap.
        let deep = TestPDFWriter.onePage(
            "", annotations: ["<< /Subtype /Ink /InkList " + String(repeating: "[", count: 80) + " >>"])
        #expect(throws: ReadError.self) { try NotebookFormats.read(contents: deep.bytes(), fileExtension: "pdf") }
    }

    /// Regression: each stream's /Length names the next stream, thousands deep. Reading one
    /// length used to load the next object recursively until the stack ran out; now the chain
    /// stops at 32 and the data ends at its `endstream`.
    /// Incremental updates (what macOS Preview saves): the newest revision of an object wins, and
    /// an object a later section marks free is gone.
    @Test func incrementalUpdatesReplaceAndDelete() throws {
        let base = TestPDFWriter.onePage("", annotations: [Self.ink]).bytes()
        func update(_ bytes: [UInt8], object: String?, entry: (Int) -> String) throws -> [UInt8] {
            let previous = try #require(PDFCrossReference.startOffset(bytes))
            var out = bytes
            let offset = out.count
            if let object { out += Array("4 0 obj\n\(object)\nendobj\n".utf8) }
            let xref = out.count
            out += Array(
                "xref\n0 1\n0000000000 65535 f \n4 1\n\(entry(offset))\ntrailer\n<< /Size 5 /Root 1 0 R /Prev \(previous) >>\nstartxref\n\(xref)\n%%EOF\n"
                    .utf8)
            return out
        }
        let replaced = try update(base, object: "<< /Subtype /Ink /InkList [[1 1 2 2]] >>") {
            String(format: "%010d 00000 n ", $0)
        }
        let notebook = try NotebookFormats.read(contents: replaced, fileExtension: "pdf")
        #expect(notebook.pages.first?.drawing.strokes.map(\.path.count) == [2])
        let deleted = try update(replaced, object: nil) { _ in "0000000000 00001 f " }
        #expect(try NotebookFormats.read(contents: deleted, fileExtension: "pdf").pages.first?.drawing.isEmpty == true)
    }

    @Test func aChainOfIndirectLengthsDoesNotRecurseWithoutEnd() throws {
        // Annotation k is object 5 + k; its /Length names object 6 + k, the next one.
        let chain = (0..<5_000).map { k in "<< /Length \(k + 6) 0 R >>\nstream\nxy\nendstream" }
        let pdf = TestPDFWriter.onePage("", annotations: [Self.ink] + chain + ["2"])
        let notebook = try NotebookFormats.read(contents: pdf.bytes(), fileExtension: "pdf")
        #expect(notebook.pages.first?.drawing.strokes.count == 2)
    }

    /// One long ink annotation listed 200,000 times is refused by the point budget, quickly.
    @Test func repeatedBigValuesAreBounded() throws {
        var pdf = TestPDFWriter()
        pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        let annotations = String(repeating: "4 0 R ", count: 200_000)
        pdf.add("<< /Type /Pages /Kids [3 0 R] >>")
        pdf.add("<< /Type /Page /Annots [\(annotations)] >>")
        pdf.add("<< /Subtype /Ink /InkList [[" + String(repeating: "1 2 ", count: 20_000) + "]] >>")
        let started = Date()
        _ = try? NotebookFormats.read(contents: pdf.bytes(), fileExtension: "pdf")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func detectedByContentWithoutExtension() throws {
        let bytes = TestPDFWriter.onePage("", annotations: [Self.ink]).bytes()
        #expect(NotebookFormats.detect(contents: bytes, fileExtension: "") == PDFReader.self)
        #expect(NotebookFormats.reader(forExtension: "pdf") == PDFReader.self)
    }

    /// pdf.js's Acrobat file (xref and object streams): the loop and its dot, and the comment.
    @Test func acrobatFixtureWithObjectStreams() throws {
        let notebook = try NotebookFormats.read(at: FormatFixtures.url("pdfjs__rotated_ink.pdf"))
        let page = try #require(notebook.pages.first)
        #expect(page.drawing.strokes.map(\.path.count) == [100, 7])
        #expect(page.texts.map(\.text) == ["Hello world"])
        // The crop box [213.225 222.731 416.942 448.179] is the page.
        #expect(abs((page.size?.width ?? 0) - 203.717) < 1e-6 && abs((page.size?.height ?? 0) - 225.448) < 1e-6)
        let first = try #require(page.drawing.strokes.first?.path[0].location)
        #expect(abs(first.x - (224.09 - 213.225)) < 1e-6 && abs(first.y - (448.179 - 226.806)) < 1e-6)
        #expect(try PDFDocument(FormatFixtures.bytes("pdfjs__rotated_ink.pdf")).table.isScanned == false)
    }

    static func seeds() throws -> [(name: String, fileExtension: String, bytes: [UInt8])] {
        [
            ("rotated_ink", "pdf", try FormatFixtures.bytes("pdfjs__rotated_ink.pdf")),
            ("highlight", "pdf", try FormatFixtures.bytes("pdfjs__highlight.pdf")),
            ("table", "pdf", TestPDFWriter.onePage("/Rotate 90", annotations: [Self.ink]).bytes()),
        ]
    }

    @Test func truncationsAndFlips() throws {
        #expect(FormatFuzzTests.truncate(try Self.seeds()) { $0 / 200 } > 300)
        FormatFuzzTests.flip(try Self.seeds(), seed: 28, perSeed: 60, inserted: "<>[]()/%0-9 Rj", absurdSizes: false)
    }
}

/// The PDFs of `../shared/corpus/pdf` against qpdf 11.3's view of them (`qpdf --json=1`: per
/// page, the `/InkList` paths of `/Ink` annotations and their points, `/IT`, `/Contents`).
@Suite(.enabled(if: FormatFixtures.corpus != nil, "../shared/corpus is absent"))
struct PDFCorpusTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var file: String
        var strokes: Int
        var points: Int
        var highlighters = 0
        var texts: [String] = []
        var size: Size
        var testDescription: String { file }
    }

    static let expected: [Expected] = [
        Expected(
            file: "pdfjs__annotation-caret-ink.pdf", strokes: 6, points: 152, texts: ["Caret content", "Ink content"],
            size: Size(width: 595.32, height: 841.92)),
        Expected(
            file: "pdfjs__highlight.pdf", strokes: 1, points: 6, highlighters: 1, size: Size(width: 328.5, height: 204)),
        Expected(file: "pdfjs__inks.pdf", strokes: 18, points: 961, size: Size(width: 612, height: 792)),
        Expected(
            file: "pdfjs__rotated_ink.pdf", strokes: 2, points: 107, texts: ["Hello world"],
            size: Size(width: 416.942 - 213.225, height: 448.179 - 222.731)),
        // Supernote's export: the ink is one /Stamp's appearance, not annotations.
        Expected(
            file: "supernote-typescript__turkish-a6x-20230015-handwriting-erase.pdf", strokes: 0, points: 0,
            size: Size(width: 1404, height: 1872)),
    ]

    @Test(arguments: expected)
    func readsWhatQpdfShows(_ expected: Expected) throws {
        let url = try #require(FormatFixtures.corpus).appendingPathComponent("pdf/" + expected.file)
        #expect(NotebookFormats.isNotebookFile(url))
        let notebook = try NotebookFormats.read(at: url)
        #expect(notebook.pages.count == 1)
        let page = try #require(notebook.pages.first)
        #expect(page.drawing.strokes.count == expected.strokes)
        #expect(page.drawing.strokes.reduce(0) { $0 + $1.path.count } == expected.points)
        #expect(page.drawing.strokes.filter { $0.ink.kind == .highlighter }.count == expected.highlighters)
        #expect(page.texts.map(\.text) == expected.texts)
        let size = try #require(page.size)
        #expect(abs(size.width - expected.size.width) < 1e-6 && abs(size.height - expected.size.height) < 1e-6)
        // Read through the file's own cross-reference sections, not the scanning repair.
        #expect(try PDFDocument([UInt8](Data(contentsOf: url))).table.isScanned == false)
        // Every point lies on the page or within a few points of it (ink may overhang the crop box).
        for stroke in page.drawing.strokes {
            for point in stroke.path.controlPoints {
                #expect(point.location.x > -20 && point.location.x < size.width + 20, "\(point.location)")
                #expect(point.location.y > -20 && point.location.y < size.height + 20, "\(point.location)")
            }
        }
    }
}
