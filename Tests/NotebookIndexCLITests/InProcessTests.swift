import DrawingModel
import Foundation
import Recognition
import SearchIndex
import Testing

@testable import NotebookIndexCLI

/// Reads every stroke of a drawing as one word "inkN" on a single line: a test double that gives
/// the commands handwriting with real stroke IDs and bounds.
struct StrokeWordsTranscriber: DrawingTranscriber {
    var recognitionVersion = 1

    func transcribe(_ drawing: Drawing) -> Transcript {
        let words = drawing.strokes.enumerated().compactMap { index, stroke -> RecognizedWord? in
            guard let bounds = stroke.pathBounds else { return nil }
            return RecognizedWord(
                candidates: [WordCandidate(text: "ink\(index)", score: 0)], strokeIDs: [stroke.id], bounds: bounds,
                confidence: 0.8)
        }
        guard let first = words.first else { return Transcript(lines: []) }
        return Transcript(lines: [RecognizedLine(words: words, bounds: words.reduce(first.bounds) { $0.union($1.bounds) })])
    }
}

/// Commands run in-process with captured streams and the test transcriber.
@Suite struct InProcessTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func run(_ arguments: [String], version: Int = 1, terminal: Bool = false) async -> Run {
        let out = StringSink()
        let err = StringSink()
        let context = CLIContext(
            environment: [:], standardOutput: out, standardError: err, outputIsTerminal: terminal,
            source: RegistryNotebookSource(), recognitionVersion: version,
            makeTranscriber: { StrokeWordsTranscriber(recognitionVersion: version) })
        let status = await NotebookIndexCLI.run(arguments, context: context)
        return Run(status: status, stdout: out.text, stderr: err.text)
    }

    @Test func textPrintsWordsWithBoundsAndStrokeIDs() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed", strokes: 2))
        let path = runner.folder + "/notes/a.xopp"
        let json = await run(["text", path, "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let line = try #require(((object["pages"] as? [[String: Any]])?.first?["lines"] as? [[String: Any]])?.first)
        #expect(line["text"] as? String == "ink0 ink1")
        let word = try #require((line["words"] as? [[String: Any]])?.first)
        #expect(word["text"] as? String == "ink0")
        #expect((word["strokeIDs"] as? [String])?.count == 1)
        #expect((word["bounds"] as? [String: Double])?["x"] == 10)
        let human = await run(["text", path])
        #expect(human.stdout == "page 1\nink0 ink1\n")
    }

    @Test func queryFindsHandwritingWithItsStrokesAndBox() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed", strokes: 3))
        #expect(await run(["build", runner.folder + "/notes", "--index", runner.index]).status == 0)
        let human = await run(["query", "ink1", "--index", runner.index])
        #expect(human.stdout == "\(runner.folder)/notes/a.xopp\npage 1  \"ink1\"  at (30, 10) 20×7\n")
        let phrase = await run(["query", "ink1 ink2", "--index", runner.index, "--json"])
        #expect(phrase.stdout.contains("\"text\": \"ink1 ink2\""))
        #expect(phrase.stdout.contains("\"bounds\": {\"x\": 30.0, \"y\": 10.0, \"width\": 40.0, \"height\": 6.66666"))
        let coloured = await run(["query", "ink1", "--index", runner.index], terminal: true)
        #expect(coloured.stdout.contains("\u{1B}[1;31m\"ink1\"\u{1B}[0m"))

        let stale = await run(["status", "--index", runner.index], version: 2)
        #expect(stale.stdout.contains("drawings:           1 (1 stale)"))
        #expect(await run(["build", runner.folder + "/notes", "--index", runner.index], version: 2).status == 0)
        let fresh = await run(["status", "--index", runner.index], version: 2)
        #expect(fresh.stdout.contains("drawings:           1 (0 stale)"))
        #expect(fresh.stdout.contains("recognizer version: 2 (this notebook-index: 2)"))
    }

    @Test func progressBarDrawsFilesPagesRateAndETA() {
        let sink = StringSink()
        let bar = ProgressBar(sink: sink)
        bar.update(BuildProgress(filesTotal: 4, filesDone: 2, pagesSeen: 10, pagesDone: 8, elapsed: 4))
        bar.finish()
        #expect(sink.text.contains("2/4 files  8 pages  2.0 pages/s  ETA 0:04"))
        #expect(sink.text.hasSuffix("\r\u{1B}[2K"))
    }
}
