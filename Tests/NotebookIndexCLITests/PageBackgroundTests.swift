import Foundation
import SearchIndex
import Testing

@testable import NotebookIndexCLI

/// Regression: a dark Xournal++ page written in white ink rendered white on white in `render`,
/// `query --html`, `export --pdf` and the search page; each now draws the page's own colour.
@Suite struct PageBackgroundTests {
    let cli = InProcessTests()

    /// A dark page (#1e1e1e) with three white strokes, indexed by the test transcriber.
    func darkNotebook(_ runner: CommandRunner) -> String {
        let page = xournalPage("dark", strokes: 3)
            .replacingOccurrences(
                of: "color=\"#ffffffff\" style=\"plain\"", with: "color=\"#1e1e1eff\" style=\"plain\""
            )
            .replacingOccurrences(
                of: "<stroke tool=\"pen\" color=\"#000000ff\"", with: "<stroke tool=\"pen\" color=\"#ffffffff\"")
        runner.write("notes/dark.xopp", page)
        return runner.folder + "/notes/dark.xopp"
    }

    static let darkPaper = "fill=\"#1e1e1e\""

    @Test func renderDrawsTheDarkPageUnderItsWhiteInk() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let path = darkNotebook(runner)
        let svg = await cli.run(["render", path]).stdout
        #expect(svg.contains(Self.darkPaper) && svg.contains("stroke=\"#ffffff\""))
        #expect(svg.range(of: Self.darkPaper)!.lowerBound < svg.range(of: "<path")!.lowerBound, "paper under the ink")
    }

    @Test func queryHTMLAndTheSearchPageDrawTheDarkPage() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let path = darkNotebook(runner)
        #expect(await cli.run(["build", runner.folder + "/notes", "--index", runner.index]).status == 0)
        let output = runner.folder + "/hits.html"
        #expect(await cli.run(["query", "ink1", "--index", runner.index, "--html", output]).status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains(Self.darkPaper))

        let server = try ServeCommand.start(
            indexPath: runner.index, address: .loopback, port: 0, context: ServeTests.context(),
            opener: NotebookOpener(launch: { _ in }))
        defer { server.stop() }
        let target = "/picture?" + SearchForm.queryString([("path", path), ("page", "1")])
        let picture = try HTTPTestClient.request(port: server.port, target)
        #expect(picture.status == 200 && picture.text.contains(Self.darkPaper))
        let page = try HTTPTestClient.request(
            port: server.port, "/page?" + SearchForm.queryString([("path", path), ("page", "1")]))
        #expect(page.text.contains(Self.darkPaper))
    }

    @Test func exportPDFPaintsThePaperFirst() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let path = darkNotebook(runner)
        let pdf = runner.folder + "/dark.pdf"
        #expect(await cli.run(["export", path, "--pdf", pdf]).status == 0)
        // the content streams are written uncompressed
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
        #expect(text.contains("0.118 0.118 0.118 rg 0 0 612 792 re f\n1 J 1 j"))
    }
}
