import DrawingModel
import Foundation
import Recognition
import SearchIndex
import Testing

@testable import NotebookIndexCLI

/// `render`: a page as SVG that our own reader reads back, hits outlined, errors in one line.
@Suite struct RenderCommandTests {
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleNotebooks")

    func run(_ arguments: [String]) async -> InProcessTests.Run {
        let out = StringSink()
        let err = StringSink()
        let context = CLIContext(
            environment: [:], standardOutput: out, standardError: err, source: RegistryNotebookSource(),
            recognitionVersion: 1, makeTranscriber: { StrokeWordsTranscriber(recognitionLanguages: $0) })
        let status = await NotebookIndexCLI.run(arguments, context: context)
        return InProcessTests.Run(status: status, stdout: out.text, stderr: err.text)
    }

    /// The visible pieces of a page's strokes: what a reader of the picture should find.
    static func visibleStrokes(_ page: Page) -> Int {
        page.drawing.strokes.reduce(0) { $0 + $1.maskedPathRanges.count }
    }

    @Test(arguments: [("xournal/lecture-notes.xopp", 1), ("json/journal.json", 2), ("svg/write-notes.svg", 1)])
    func samplePageReadsBackWithTheSameVisibleStrokes(file: String, page: Int) async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let input = Self.samples.appendingPathComponent(file)
        let original = try RegistryNotebookSource().read(at: input)
        try #require(original.pages.count >= page)
        let output = runner.folder + "/page.svg"
        let result = await run(["render", input.path, "--page", String(page), "--output", output])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        let back = try RegistryNotebookSource().read(at: URL(fileURLWithPath: output))
        #expect(back.format == "svg")
        #expect(back.pages.count == 1)
        let expected = Self.visibleStrokes(original.pages[page - 1])
        #expect(expected > 0)
        #expect(back.pages.first?.drawing.strokes.count == expected)
    }

    @Test func highlightOutlinesEachMatchOnStandardOutput() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed", strokes: 3))
        let result = await run(["render", runner.folder + "/notes/a.xopp", "--highlight", "ink1"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<?xml"))
        // StrokeWordsTranscriber reads stroke 1 as "ink1": its box is the stroke's, (30, 10) 20×6.67.
        #expect(result.stdout.contains("<rect class=\"hit\" x=\"30\" y=\"10\" width=\"20\" height=\"6.667\""))
        #expect(result.stdout.components(separatedBy: "class=\"hit\"").count == 2)
        #expect(result.stdout.contains(">typed</text>"))

        let none = await run(["render", runner.folder + "/notes/a.xopp", "--highlight", "nowhere"])
        #expect(none.status == 0)
        #expect(!none.stdout.contains("class=\"hit\""))
        #expect(none.stderr == "\(runner.folder)/notes/a.xopp: page 1: no match for \"nowhere\"\n")
    }

    @Test func erasedInkIsLeftOut() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        // A native JSON page whose one stroke, x 0…100, has its middle (x 45…55) erased: two pieces.
        let points = (0...20).map { "[\($0 * 5),10]" }.joined(separator: ",")
        runner.write(
            "notes/erased.json",
            """
            {"format":"notebook-index","version":1,"pages":[{"strokes":[
            {"id":"6F1C0000-0000-4000-8000-000000000001","ink":{"kind":"pen","color":[0,0,0,1],"width":2},
             "points":[\(points)],"mask":{"sweeps":[{"radius":5,"points":[[50,0],[50,20]]}]}}]}]}
            """)
        let input = runner.folder + "/notes/erased.json"
        let original = try RegistryNotebookSource().read(at: URL(fileURLWithPath: input))
        #expect(original.pages.first?.drawing.strokes.first?.mask != nil)
        let result = await run(["render", input, "--output", runner.folder + "/out.svg"])
        #expect(result.status == 0)
        let back = try RegistryNotebookSource().read(at: URL(fileURLWithPath: runner.folder + "/out.svg"))
        let strokes = try #require(back.pages.first?.drawing.strokes)
        #expect(strokes.count == 2)
        let xs = strokes.flatMap { $0.path.controlPoints.map(\.location.x) }
        #expect(!xs.contains { $0 > 45.01 && $0 < 54.99 })
    }

    @Test func aPageThatIsNotThereIsOneLineAndExitTwo() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed"))
        let path = runner.folder + "/notes/a.xopp"
        let result = await run(["render", path, "--page", "3"])
        #expect(result.status == NotebookIndexCLI.ExitCode.failure)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "notebook-index: \(path): no page 3; the notebook has 1 page\n")

        let missing = await run(["render", runner.folder + "/notes/none.xopp"])
        #expect(missing.status == NotebookIndexCLI.ExitCode.partial)
        #expect(missing.stderr.split(separator: "\n").count == 1)
    }
}
