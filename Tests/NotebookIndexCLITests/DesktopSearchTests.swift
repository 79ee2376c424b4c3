import DrawingModel
import Foundation
import NotebookFormats
import Recognition
import SearchIndex
import Testing

@testable import NotebookIndexCLI

/// `text --html` (Recoll's exec handler), `baloo-extract` (KDE Baloo's external extractor) and
/// the configuration under contrib/ naming every format the readers take.
@Suite struct DesktopSearchTests {
    let cli = InProcessTests()
    static let contrib = RenderCommandTests.samples.deletingLastPathComponent().appendingPathComponent("contrib")

    func run(_ arguments: [String], input: String) async -> InProcessTests.Run {
        let out = StringSink()
        let err = StringSink()
        var context = CLIContext(
            environment: [:], standardOutput: out, standardError: err, source: RegistryNotebookSource(),
            recognitionVersion: 1, makeTranscriber: { StrokeWordsTranscriber(recognitionLanguages: $0) })
        context.readStandardInput = { Data(input.utf8) }
        let status = await NotebookIndexCLI.run(arguments, context: context)
        return InProcessTests.Run(status: status, stdout: out.text, stderr: err.text)
    }

    @Test func htmlHasCharsetTitleAPageSectionEachAndEscapedText() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a <b> & \"c\".xopp", xournalPage("x &lt; y &amp; &quot;z&quot;\n second", strokes: 2))
        let result = await cli.run(["text", runner.folder + "/notes/a <b> & \"c\".xopp", "--html"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                <!DOCTYPE html>
                <html>
                <head>
                <meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
                <title>a &lt;b&gt; &amp; &quot;c&quot;</title>
                <meta name="generator" content="notebook-index">
                </head>
                <body>
                <section id="page-1">
                <h2>Page 1</h2>
                <p>ink0 ink1</p>
                <p class="typed">x &lt; y &amp; &quot;z&quot;<br>
                 second</p>
                </section>
                </body>
                </html>

                """)
    }

    @Test func everySamplePageIsASectionAndTheTitleIsTheNotebooks() async throws {
        let journal = RenderCommandTests.samples.appendingPathComponent("json/journal.json").path
        let result = await cli.run(["text", journal, "--html"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("<title>Journal</title>"))
        #expect(result.stdout.components(separatedBy: "<section id=\"page-").count - 1 == 2)
        let xopp = await cli.run(
            ["text", RenderCommandTests.samples.appendingPathComponent("xournal/lecture-notes.xopp").path, "--html"])
        #expect(xopp.stdout.contains("<title>lecture-notes</title>"))
        #expect(xopp.stdout.contains("<p class=\"typed\">Lecture notes, week 3</p>"))
        #expect(xopp.stdout.contains("<section id=\"page-3\">"))
    }

    /// Recoll reads a failure from the exit status: nothing on standard output, never 127.
    @Test func anUnreadableFileExitsOneWithNothingOnStandardOutput() async {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/broken.xopp", "<xournal><page>")
        let result = await cli.run(["text", runner.folder + "/notes/broken.xopp", "--html"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(runner.folder + "/notes/broken.xopp: "))
        #expect(!result.stderr.dropLast().contains("\n"))
        let both = await cli.run(["text", "x.xopp", "--html", "--json"])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: '--html' and '--json' cannot be used together\n"))
    }

    @Test func balooExtractAnswersTheProtocol() async throws {
        let journal = RenderCommandTests.samples.appendingPathComponent("json/journal.json").path
        let request = try JSONSerialization.data(withJSONObject: ["path": journal, "mimetype": "application/json"])
        let result = await run(["baloo-extract"], input: String(decoding: request, as: UTF8.self))
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("}\n"))
        #expect(!result.stdout.dropLast().contains("\n"))
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(answer["status"] as? String == "OK")
        let properties = try #require(answer["properties"] as? [String: Any])
        let text = try #require(properties["text"] as? String)
        #expect(text.hasPrefix("ink0 ink1"))
        #expect(properties["title"] as? String == "Journal")
        #expect(properties["pageCount"] as? Int == 2)
    }

    @Test(arguments: [
        ("not json", "baloo-extract: standard input is not {\"path\": …, \"mimetype\": …}"),
        (
            "{\"mimetype\": \"application/x-xopp\"}",
            "baloo-extract: standard input is not {\"path\": …, \"mimetype\": …}"
        ),
        ("{\"path\": \"/nonexistent/a.xopp\"}", "/nonexistent/a.xopp: no such file"),
    ])
    func balooExtractRefusesWithAStatusAndAnError(input: String, error: String) async throws {
        let result = await run(["baloo-extract"], input: input)
        #expect(result.status == 1)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(answer["status"] as? String == "Failed")
        #expect(answer["error"] as? String == error)
    }

    /// A recognizer that never finishes a page: the answer still comes at the time limit, with
    /// the typed text of every page and each page named on standard error. (When it comes is not
    /// timed here: other tests share this process's threads.)
    @Test func balooExtractAnswersAtItsTimeLimit() async throws {
        let out = StringSink()
        let err = StringSink()
        var context = CLIContext(
            environment: [:], standardOutput: out, standardError: err, source: RegistryNotebookSource(),
            recognitionVersion: 1, makeTranscriber: { _ in StuckTranscriber() })
        let path = RenderCommandTests.samples.appendingPathComponent("xournal/lecture-notes.xopp").path
        context.readStandardInput = { Data("{\"path\": \"\(path)\", \"mimetype\": \"application/x-xopp\"}".utf8) }
        let status = await NotebookIndexCLI.run(["baloo-extract", "--time-limit", "1"], context: context)
        #expect(status == 0)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        #expect(answer["status"] as? String == "OK")
        let text = try #require((answer["properties"] as? [String: Any])?["text"] as? String)
        #expect(text.hasPrefix("Lecture notes, week 3"), "typed text of pages not recognized in time")
        for page in 1...3 {
            #expect(err.text.contains("lecture-notes.xopp: page \(page): not recognized within the time limit (1.0 s)"))
        }
    }

    /// Every extension a reader claims is in Recoll's mimemap (or, for extensions other files
    /// share and for PDF, which Recoll reads itself, in its opt-in lines), in the shared-mime-info XML (by glob or, for .json, magic),
    /// and each type there is in the Baloo manifest and in Recoll's mimeconf.
    @Test func contribNamesEveryFormat() throws {
        let mimemap = try String(contentsOf: Self.contrib.appendingPathComponent("recoll/mimemap"), encoding: .utf8)
        let mimeconf = try String(contentsOf: Self.contrib.appendingPathComponent("recoll/mimeconf"), encoding: .utf8)
        let xml = try String(
            contentsOf: Self.contrib.appendingPathComponent("baloo/notebook-index-mime.xml"), encoding: .utf8)
        let manifestData = try Data(contentsOf: Self.contrib.appendingPathComponent("baloo/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
        let mimetypes = try #require(manifest["mimetypes"] as? [String])
        #expect(manifest["main"] as? String == "notebook-index-extractor")
        var types: [String: String] = [:]
        for line in mimemap.split(separator: "\n") {
            let entry = line.hasPrefix("# .") ? line.dropFirst(2) : line
            guard entry.hasPrefix(".") else { continue }
            let parts = entry.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            types[String(parts[0].dropFirst())] = parts[1]
        }
        for reader in NotebookFormats.readers {
            for fileExtension in reader.fileExtensions {
                let type = try #require(types[fileExtension], "mimemap lacks .\(fileExtension)")
                let active = mimemap.contains("\n.\(fileExtension) = ")
                #expect(
                    active == !(reader.extensionIsShared || ["svg", "svgz", "pdf"].contains(fileExtension)),
                    ".\(fileExtension)")
                #expect(mimeconf.contains("\n\(active ? "" : "# ")\(type) = exec notebook-index text --html;"))
                if active {
                    #expect(xml.contains("<glob pattern=\"*.\(fileExtension)\"/>"), ".\(fileExtension)")
                    #expect(mimetypes.contains(type), "\(type)")
                }
            }
        }
        #expect(xml.contains("<mime-type type=\"application/x-notebook-index+json\">"))
        for type in mimetypes { #expect(xml.contains("<mime-type type=\"\(type)\">"), "\(type)") }
    }
}

/// Never finishes a drawing: a recognizer too slow for any time limit. Its threads wait until
/// the test process ends.
struct StuckTranscriber: DrawingTranscriber {
    var recognitionVersion = 1
    var recognitionLanguages = [RecognitionLanguage.english]

    func transcribe(_ drawing: Drawing) -> Transcript {
        DispatchSemaphore(value: 0).wait()
        return Transcript(lines: [])
    }
}
