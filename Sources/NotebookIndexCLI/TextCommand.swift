import DrawingModel
import Foundation
import Recognition
import SearchIndex

/// `notebook-index text FILE` (`CommandSpecs.text`): reads and recognizes one notebook, pages in parallel.
struct TextCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    func run() async throws -> Int32 {
        if arguments[Options.json], arguments[Options.htmlText] {
            throw UsageError(message: "'--html' and '--json' cannot be used together", usage: CommandSpecs.text.usage)
        }
        guard let (path, notebook) = context.readNotebook(arguments.positionals[0]) else {
            return NotebookIndexCLI.ExitCode.partial
        }
        let languages = try context.recognitionLanguages(option: arguments.value(Options.language))
        var transcriber = try context.makeTranscriber(languages)
        if let indexPath = try arguments.value(Options.index) {
            let stored = try IndexError.reading(indexPath) {
                try IndexStore(path: indexPath, access: .read).handAdaptation()
            }
            // a hand learned by another recognizer or in other languages does not fit this one
            if let stored, stored.recognitionVersion == context.recognitionVersion,
                stored.languages == RecognitionLanguage.canonicalCodes(languages)
            {
                // as a build reads with it: the shipped reading, its unsure words read again by the hand
                let hand = try transcriber.transcriber(adaptedBy: stored.adaptation, collectingInto: nil)
                transcriber = HandBesideShippedTranscriber(shipped: transcriber, hand: hand)
            }
        }
        let transcripts = await Self.transcribe(notebook.pages.map(\.drawing), with: transcriber)
        for (page, transcript) in transcripts.enumerated() {
            if let note = transcript.budgetNote {
                context.printError("\(Formatting.shown(path)): page \(page + 1): \(note)")
            }
        }
        if arguments[Options.json] {
            context.print(Self.json(path: path, transcripts: transcripts).rendered)
        } else if arguments[Options.htmlText] {
            // all of it at once: a filter reading standard output gets the whole document or nothing
            context.standardOutput.write(NotebookHTML.render(path: path, notebook: notebook, transcripts: transcripts))
        } else {
            for (page, transcript) in transcripts.enumerated() {
                if page > 0 { context.print("") }
                context.print("page \(page + 1)")
                for line in transcript.lines { context.print(Formatting.shown(line.text)) }
            }
        }
        return NotebookIndexCLI.ExitCode.success
    }

    /// Every drawing's transcript, in order, recognized up to all cores at once.
    static func transcribe(_ drawings: [Drawing], with transcriber: any DrawingTranscriber) async -> [Transcript] {
        await withTaskGroup(of: (Int, Transcript).self) { group in
            var results = [Transcript](repeating: Transcript(lines: []), count: drawings.count)
            var next = 0
            let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
            while next < min(width, drawings.count) {
                let (index, drawing) = (next, drawings[next])
                group.addTask { (index, transcriber.transcribe(drawing)) }
                next += 1
            }
            while let (index, transcript) = await group.next() {
                results[index] = transcript
                if next < drawings.count {
                    let (index, drawing) = (next, drawings[next])
                    group.addTask { (index, transcriber.transcribe(drawing)) }
                    next += 1
                }
            }
            return results
        }
    }

    /// The contract: `{"path", "pages": [{"page", "lines": [{"text", "bounds", "words": [{"text", "bounds", "strokeIDs"}]}]}]}`.
    static func json(path: String, transcripts: [Transcript]) -> JSONValue {
        .object([
            ("path", .string(path)),
            (
                "pages",
                .array(
                    transcripts.enumerated().map { page, transcript in
                        .object([
                            ("page", .int(page)),
                            (
                                "lines",
                                .array(
                                    transcript.lines.map { line in
                                        .object([
                                            ("text", .string(line.text)), ("bounds", .rect(line.bounds)),
                                            (
                                                "words",
                                                .array(
                                                    line.words.map { word in
                                                        .object([
                                                            ("text", .string(word.text)),
                                                            ("bounds", .rect(word.bounds)),
                                                            (
                                                                "strokeIDs",
                                                                .uuids(word.strokeIDs.sorted(by: UUID.precedesAsString))
                                                            ),
                                                        ])
                                                    })
                                            ),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}
