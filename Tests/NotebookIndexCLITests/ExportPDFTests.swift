import DrawingModel
import Foundation
import NotebookFormats
import SearchIndex
import Testing

@testable import NotebookIndexCLI

/// `export --pdf`: a PDF whose cross-reference table is right, the ink drawn as `render` draws
/// it and each recognized word invisible over its ink; the same bytes every time.
@Suite struct ExportPDFTests {
    func run(_ arguments: [String]) async -> InProcessTests.Run {
        await InProcessTests().run(arguments)
    }

    /// Exports `relative` (written with `contents`) and reads the PDF back.
    func export(_ runner: CommandRunner, _ relative: String, _ contents: String) async throws -> (PDFStructure, [UInt8])
    {
        runner.write(relative, contents)
        let output = runner.folder + "/out.pdf"
        let result = await run(["export", runner.folder + "/" + relative, "--pdf", output])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        return (try PDFStructure(bytes), bytes)
    }

    @Test func theXrefTablePointsAtEveryObjectAndStreamLengthsAreExact() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let (pdf, _) = try await export(runner, "notes/a.xopp", xournalPage("typed", strokes: 3))
        // catalog, page tree, two fonts, information, then a page object and its content stream
        #expect(pdf.objects.count == 7)
        #expect(pdf.objects[1] == "<< /Type /Catalog /Pages 2 0 R >>")
        #expect(pdf.objects[2] == "<< /Type /Pages /Kids [6 0 R] /Count 1 >>")
        #expect(pdf.objects[3] == "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        let evenWidths = Array(repeating: "500", count: 224).joined(separator: " ")
        #expect(
            pdf.objects[4]?.hasSuffix("/WinAnsiEncoding /FirstChar 32 /LastChar 255 /Widths [\(evenWidths)] >>") == true
        )
        #expect(pdf.trailer.contains("/Root 1 0 R /Info 5 0 R /ID [<"))
        #expect(
            pdf.pages == [
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents 7 0 R >>"
            ])
        #expect(pdf.streams.keys.sorted() == [7])
    }

    @Test func eachWordIsInvisibleTextSizedAndStretchedOverItsInk() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let (pdf, _) = try await export(runner, "notes/a.xopp", xournalPage("typed", strokes: 2))
        let stream = try #require(pdf.streams[7])
        // the typed text is drawn, visible, where render puts it
        #expect(stream.contains("0 g\nBT\n/F1 "))
        #expect(stream.contains("(typed) Tj"))
        let words = PDFStructure.hiddenText(stream)
        #expect(words.map(\.text) == ["ink0 ", "ink1 "])
        let notebook = try RegistryNotebookSource().read(at: URL(fileURLWithPath: runner.folder + "/notes/a.xopp"))
        let boxes = try notebook.pages[0].drawing.strokes.map { try #require($0.pathBounds) }
        for (word, box) in zip(words, boxes) {
            // Helvetica's ascent (0.718) to descent (-0.207) spans the box, flipped on a 792 pt page
            #expect(abs(word.size - box.height / 0.925) < 0.002)
            #expect(abs(word.x - box.minX) < 0.001)
            #expect(abs(word.y - (792 - box.maxY + 0.207 * word.size)) < 0.002)
            // "ink0" is 4 half-ems wide at 100 %, stretched to the box's width
            #expect(abs(2 * word.size * word.stretch / 100 - box.width) < 0.01)
        }
    }

    @Test func theSameNotebookGivesTheSameBytes() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let (_, first) = try await export(runner, "notes/a.xopp", xournalPage("typed", strokes: 3))
        let (_, second) = try await export(runner, "notes/a.xopp", xournalPage("typed", strokes: 3))
        #expect(first == second)
        let (_, other) = try await export(runner, "notes/a.xopp", xournalPage("typed", strokes: 4))
        #expect(other != first)
    }

    @Test func erasedInkIsLeftOutAndHighlightersAreTranslucent() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        // A pen stroke, x 0…100, whose middle is erased (two pieces), and a highlighter; no page size.
        let points = (0...20).map { "[\($0 * 5),10]" }.joined(separator: ",")
        let json = """
            {"format":"notebook-index","version":1,"pages":[{"strokes":[
            {"id":"6F1C0000-0000-4000-8000-000000000001","ink":{"kind":"pen","color":[0,0,1,1],"width":2},
             "points":[\(points)],"mask":{"sweeps":[{"radius":5,"points":[[50,0],[50,20]]}]}},
            {"id":"6F1C0000-0000-4000-8000-000000000002","ink":{"kind":"highlighter","color":[1,1,0,1],"width":8},
             "points":[[0,30],[100,30]]}]}]}
            """
        let (pdf, _) = try await export(runner, "notes/erased.json", json)
        let stream = try #require(pdf.streams[7])
        let notebook = try RegistryNotebookSource().read(at: URL(fileURLWithPath: runner.folder + "/notes/erased.json"))
        #expect(stream.components(separatedBy: " S\n").count - 1 == 3)
        #expect(stream.contains("0 0 1 RG\n2 w\n"))
        #expect(stream.contains("/A0 gs\n1 1 0 RG\n8 w\n"))
        let page = try #require(pdf.pages.first)
        #expect(page.contains("/ExtGState << /A0 << /Type /ExtGState /CA 0.5 /ca 0.5 >> >>"))
        // without a page size the page is render's frame, the ink with a margin, flipped by the cm
        let frame = SVGWriter.fragment(notebook.pages[0]).frame
        #expect(page.contains("/MediaBox [0 0 \(SVGWriter.number(frame.width)) \(SVGWriter.number(frame.height))]"))
        #expect(
            stream.hasPrefix(
                "1 J 1 j\nq 1 0 0 -1 \(SVGWriter.number(-frame.minX)) \(SVGWriter.number(frame.maxY)) cm\n"))
    }

    @Test func anUnreadableNotebookExitsOneAndAnUnwritableOutputTwo() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let missing = await run(["export", runner.folder + "/notes/none.xopp", "--pdf", runner.folder + "/out.pdf"])
        #expect(missing.status == NotebookIndexCLI.ExitCode.partial)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: runner.folder + "/out.pdf"))

        runner.write("notes/a.xopp", xournalPage("typed"))
        let unwritable = await run([
            "export", runner.folder + "/notes/a.xopp", "--pdf", runner.folder + "/no/such/out.pdf",
        ])
        #expect(unwritable.status == NotebookIndexCLI.ExitCode.failure)
        #expect(unwritable.stderr.hasPrefix("notebook-index: \(runner.folder)/no/such/out.pdf: cannot write"))

        let written = await run(["export", runner.folder + "/notes/a.xopp", "--pdf", runner.folder + "/a.pdf"])
        #expect(written.stdout == "Wrote \(runner.folder)/a.pdf: 1 page, 2 words recognized\n")
    }
}
