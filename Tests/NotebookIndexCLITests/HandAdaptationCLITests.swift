import DrawingModel
import Foundation
import Recognition
import Testing

@testable import NotebookIndexCLI
@testable import SearchIndex

/// `StrokeWordsTranscriber` that reads "inkN" barely surely (0.2), and "handN" surely once given
/// a writer's hand, so a test sees whether a command read with the index's hand.
struct HandReadingTranscriber: DrawingTranscriber {
    var recognitionVersion = 1
    var recognitionLanguages = [RecognitionLanguage.english]
    var adaptation: HandAdaptation?

    func transcribe(_ drawing: Drawing) -> Transcript {
        var transcript = StrokeWordsTranscriber(
            recognitionVersion: recognitionVersion, recognitionLanguages: recognitionLanguages
        ).transcribe(drawing)
        for l in transcript.lines.indices {
            for w in transcript.lines[l].words.indices {
                guard adaptation != nil else {
                    transcript.lines[l].words[w].confidence = 0.2
                    continue
                }
                let text = transcript.lines[l].words[w].text.replacingOccurrences(of: "ink", with: "hand")
                transcript.lines[l].words[w].candidates = [WordCandidate(text: text, score: 0)]
                transcript.lines[l].words[w].confidence = 0.95
            }
        }
        return transcript
    }

    func transcriber(
        adaptedBy adaptation: HandAdaptation?, collectingInto collector: AdaptationCollector?
    ) throws
        -> any DrawingTranscriber
    {
        var copy = self
        copy.adaptation = adaptation
        return copy
    }
}

/// The writer's hand at the command line: `status` and `status --json` show it, `text --index`
/// reads with it when it fits this recognizer, `build --rebuild` starts without it.
@Suite struct HandAdaptationCLITests {
    func run(_ arguments: [String], version: Int = 1) async -> (status: Int32, stdout: String) {
        let out = StringSink()
        let context = CLIContext(
            environment: [:], standardOutput: out, standardError: StringSink(), outputIsTerminal: false,
            source: RegistryNotebookSource(), recognitionVersion: version,
            makeTranscriber: { HandReadingTranscriber(recognitionVersion: version, recognitionLanguages: $0) })
        return (await NotebookIndexCLI.run(arguments, context: context), out.text)
    }

    static let hand = IndexStore.StoredHandAdaptation(
        adaptation: HandAdaptation(part: .bias, classCount: 3, width: 0, weights: [], bias: [0, 1, 0]),
        recognitionVersion: 1, languages: ["en"], words: 56, heldOut: 14, lossBefore: 0.5, lossAfter: 0.25)

    @Test func statusShowsTheHandAndTextReadsWithIt() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed", strokes: 2))
        let notes = runner.folder + "/notes", file = notes + "/a.xopp"
        #expect(await run(["build", notes, "--index", runner.index]).status == 0)
        #expect(
            await run(["status", "--index", runner.index]).stdout.contains(
                "writer's hand:      not learned (the shipped recognizer reads)\n"))
        #expect(await run(["status", "--index", runner.index, "--json"]).stdout.contains("\"handAdaptation\": null"))
        try IndexStore(path: runner.index, access: .write).setHandAdaptation(Self.hand)

        let status = await run(["status", "--index", runner.index]).stdout
        #expect(
            status.contains(
                "writer's hand:      learned (bias, 56 sure words, 14 held out, held-out loss 0.500 -> 0.250; recognizer 1, en, "
            ))
        let json = await run(["status", "--index", runner.index, "--json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let hand = try #require(object["handAdaptation"] as? [String: Any])
        #expect(hand["part"] as? String == "bias" && hand["words"] as? Int == 56 && hand["heldOut"] as? Int == 14)
        #expect(hand["recognitionVersion"] as? Int == 1 && hand["languages"] as? [String] == ["en"])

        #expect(await run(["text", file]).stdout == "page 1\nink0 ink1\n")
        #expect(await run(["text", file, "--index", runner.index]).stdout == "page 1\nhand0 hand1\n")
        // a hand learned by another recognizer version, or for other languages, is not used
        #expect(await run(["text", file, "--index", runner.index], version: 2).stdout == "page 1\nink0 ink1\n")
        #expect(
            await run(["text", file, "--index", runner.index, "--language", "de"]).stdout == "page 1\nink0 ink1\n")
        // a missing index is an error, not a silent shipped reading
        #expect(await run(["text", file, "--index", runner.folder + "/none.sqlite"]).status == 2)

        // build --adapt reads with it; --rebuild starts afresh, without it
        #expect(await run(["build", notes, "--index", runner.index, "--adapt"]).status == 0)
        #expect(try IndexStore(path: runner.index, access: .read).handAdaptation()?.words == 56)
        #expect(await run(["build", notes, "--index", runner.index, "--rebuild", "--adapt"]).status == 0)
        #expect(try IndexStore(path: runner.index, access: .read).handAdaptation() == nil)
        #expect(await run(["query", "ink1", "--index", runner.index]).status == 0)
    }
}
