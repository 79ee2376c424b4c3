import DrawingModel
import Foundation
import Recognition
import Testing

@testable import NotebookIndexCLI
@testable import SearchIndex

/// Reads every stroke of a drawing as one word "inkN" on a single line: a test double that gives
/// the commands handwriting with real stroke IDs and bounds.
struct StrokeWordsTranscriber: DrawingTranscriber {
    var recognitionVersion = 1
    var recognitionLanguages = [RecognitionLanguage.english]

    func transcribe(_ drawing: Drawing) -> Transcript {
        let words = drawing.strokes.enumerated().compactMap { index, stroke -> RecognizedWord? in
            guard let bounds = stroke.pathBounds else { return nil }
            return RecognizedWord(
                candidates: [WordCandidate(text: "ink\(index)", score: 0)], strokeIDs: [stroke.id], bounds: bounds,
                confidence: 0.8)
        }
        guard let first = words.first else { return Transcript(lines: []) }
        return Transcript(lines: [
            RecognizedLine(words: words, bounds: words.reduce(first.bounds) { $0.union($1.bounds) })
        ])
    }
}

/// Commands run in-process with captured streams and the test transcriber.
@Suite struct InProcessTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func run(
        _ arguments: [String], version: Int = 1, environment: [String: String] = [:], terminal: Bool = false
    ) async -> Run {
        let out = StringSink()
        let err = StringSink()
        let context = CLIContext(
            environment: environment, standardOutput: out, standardError: err, outputIsTerminal: terminal,
            source: RegistryNotebookSource(), recognitionVersion: version,
            makeTranscriber: { StrokeWordsTranscriber(recognitionVersion: version, recognitionLanguages: $0) })
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
        #expect(
            human.stdout == "\(runner.folder)/notes/a.xopp\npage 1  \"ink1\"  at (30, 10) 20×7\n    ink0 ink1 ink2\n")
        let phrase = await run(["query", "ink1 ink2", "--index", runner.index, "--json"])
        #expect(phrase.stdout.contains("\"text\": \"ink1 ink2\""))
        #expect(phrase.stdout.contains("\"bounds\": {\"x\": 30.0, \"y\": 10.0, \"width\": 40.0, \"height\": 6.67}"))
        let coloured = await run(["query", "ink1", "--index", runner.index], terminal: true)
        #expect(coloured.stdout.contains("\u{1B}[1;31m\"ink1\"\u{1B}[0m"))

        let stale = await run(["status", "--index", runner.index], version: 2)
        #expect(stale.stdout.contains("drawings:           1 (1 stale)"))
        #expect(await run(["build", runner.folder + "/notes", "--index", runner.index], version: 2).status == 0)
        let fresh = await run(["status", "--index", runner.index], version: 2)
        #expect(fresh.stdout.contains("drawings:           1 (0 stale)"))
        #expect(fresh.stdout.contains("recognizer version: 2 (this notebook-index: 2)"))
    }

    /// Typed CJK text in a Xournal++ file is found by character and as a phrase, with its box.
    @Test func typedCJKTextIsFoundByCharacterAndAsAPhrase() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/zh.xopp", xournalPage("PencilKit 手写笔记", strokes: 1))
        #expect(await run(["build", runner.folder + "/notes", "--index", runner.index]).status == 0)
        let json = await run(["query", "手写", "--index", runner.index, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect(results.first?["text"] as? String == "手写")
        #expect(((results.first?["line"] as? [String: Any])?["text"] as? String) == "PencilKit 手写笔记")
        let box = try #require(results.first?["bounds"] as? [String: Double])
        #expect((box["x"] ?? 0) > 50 && (box["width"] ?? 0) > 0)
        let human = await run(["query", "笔", "--index", runner.index, "--full-words"])
        #expect(human.status == 0)
        #expect(human.stdout.contains("page 1  \"笔\"  at ") && human.stdout.contains("\n    PencilKit 手写笔记\n"))
        #expect(await run(["query", "PencilKit 手写", "--index", runner.index]).stdout.contains("\"PencilKit 手写\""))
        #expect(await run(["query", "写手", "--index", runner.index]).status == 1)
    }

    /// Each hit's line: in JSON with its bounds beside every earlier field, and for people after
    /// the page, the matched words bold only on a terminal without NO_COLOR.
    @Test func queryShowsTheLineOfEachHit() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed", strokes: 3))
        #expect(await run(["build", runner.folder + "/notes", "--index", runner.index]).status == 0)
        let json = await run(["query", "ink1 ink2", "--index", runner.index, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let result = try #require((object["results"] as? [[String: Any]])?.first)
        #expect(
            Set(result.keys) == ["path", "page", "drawing", "text", "strokeIDs", "bounds", "score", "distance", "line"])
        #expect(result["distance"] as? Int == 0)
        let line = try #require(result["line"] as? [String: Any])
        #expect(line["text"] as? String == "ink0 ink1 ink2")
        let bounds = try #require(line["bounds"] as? [String: Double])
        #expect(bounds["x"] == 10 && bounds["width"] == 60)

        let bold = "    ink0 \u{1B}[1mink1\u{1B}[0m \u{1B}[1mink2\u{1B}[0m\n"
        #expect(await run(["query", "ink1 ink2", "--index", runner.index], terminal: true).stdout.hasSuffix(bold))
        let noColor = await run(
            ["query", "ink1 ink2", "--index", runner.index], environment: ["NO_COLOR": "1"], terminal: true)
        #expect(noColor.stdout.hasSuffix("\n    ink0 ink1 ink2\n") && !noColor.stdout.contains("\u{1B}"))
        #expect(await run(["query", "ink1 ink2", "--index", runner.index]).stdout.hasSuffix("\n    ink0 ink1 ink2\n"))
    }

    /// `--fuzzy`: a misread letter still finds the word, one edit off.
    @Test func queryFuzzyReportsTheDistance() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed", strokes: 2))
        #expect(await run(["build", runner.folder + "/notes", "--index", runner.index]).status == 0)
        #expect(await run(["query", "inkk1", "--full-words", "--index", runner.index]).status == 1)
        let json = await run(["query", "inkk1", "--full-words", "--fuzzy", "--index", runner.index, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.map { $0["text"] as? String } == ["ink1"] && results.map { $0["distance"] as? Int } == [1])
    }

    /// `--language`, else `NOTEBOOK_INDEX_LANGUAGES`, else `LANG` when supported, else English;
    /// stored in the index and shown by `status`; a change of languages re-recognizes.
    @Test(arguments: [
        ([String](), [String: String](), ["en"]), (["--language", "en,de"], [:], ["en", "de"]),
        ([], ["NOTEBOOK_INDEX_LANGUAGES": "fr"], ["fr"]), ([], ["LANG": "de_DE.UTF-8"], ["de"]),
        ([], ["LANG": "el_GR.UTF-8"], ["en"]), ([], ["LANG": "ko_KR.UTF-8"], ["ko"]), ([], ["LANG": "C.UTF-8"], ["en"]),
        (["--language=it"], ["NOTEBOOK_INDEX_LANGUAGES": "fr", "LANG": "de_DE.UTF-8"], ["it"]),
        ([], ["NOTEBOOK_INDEX_LANGUAGES": "nl,es", "LANG": "de_DE.UTF-8"], ["es", "nl"]),
    ])
    func buildChoosesAndStoresLanguages(options: [String], environment: [String: String], stored: [String]) async throws
    {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed", strokes: 1))
        let build = await run(
            ["build", runner.folder + "/notes", "--index", runner.index] + options, environment: environment)
        #expect(build.status == 0 && build.stderr.isEmpty)
        let json = await run(["status", "--index", runner.index, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["recognitionLanguages"] as? [String] == stored)
    }

    @Test func changedLanguagesReRecognizeAndStatusShowsThem() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed", strokes: 2))
        let notes = runner.folder + "/notes"
        #expect(await run(["build", notes, "--index", runner.index]).status == 0)
        #expect(await run(["status", "--index", runner.index]).stdout.contains("languages:          en (English)\n"))
        #expect(await run(["build", notes, "--index", runner.index, "--language", "de,en"]).status == 0)
        let status = await run(["status", "--index", runner.index])
        #expect(status.stdout.contains("languages:          en (English), de (German)\n"))
        #expect(status.stdout.contains("drawings:           1 (0 stale)"))
        let store = try IndexStore(path: runner.index, access: .read)
        #expect(try store.database.integer("SELECT min(recognition_version) FROM drawings") == 1)
    }

    @Test(arguments: [
        (["--language", "en,el"], [String: String](), "el"), (["--language", "klingon"], [:], "klingon"),
        ([], ["NOTEBOOK_INDEX_LANGUAGES": "zh-TW,el"], "el"),
    ])
    func unsupportedLanguageIsRefusedInOneLine(options: [String], environment: [String: String], named: String) async {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed", strokes: 1))
        let build = await run(
            ["build", runner.folder + "/notes", "--index", runner.index] + options, environment: environment)
        #expect(build.status == 2 && build.stdout.isEmpty)
        #expect(
            build.stderr == "notebook-index: unsupported recognition language: \(named) (supported: en (English), "
                + "fr (French), de (German), es (Spanish), it (Italian), pt (Portuguese), nl (Dutch), pl (Polish), "
                + "cs (Czech), sk (Slovak), sv (Swedish), da (Danish), nb (Norwegian Bokmål), hu (Hungarian), "
                + "ro (Romanian), tr (Turkish), hr (Croatian), sr (Serbian (Latin)), sl (Slovenian), ca (Catalan), "
                + "lt (Lithuanian), lv (Latvian), et (Estonian), id (Indonesian), zh (Chinese), "
                + "zh-Hant (Chinese (Traditional)), ja (Japanese), ko (Korean))\n")
        #expect(!FileManager.default.fileExists(atPath: runner.index))
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
