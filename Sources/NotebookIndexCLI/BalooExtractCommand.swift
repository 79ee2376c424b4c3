import DrawingModel
import Foundation
import Recognition
import SearchIndex

/// `notebook-index baloo-extract` (`CommandSpecs.balooExtract`): KDE Baloo's external extractor
/// protocol (KFileMetaData's `ExternalExtractor`), for `contrib/baloo/`.
///
/// Baloo starts the extractor named by a plugin's `manifest.json` without arguments, writes
/// `{"path": …, "mimetype": …}` to its standard input and closes it, waits up to 30 seconds and
/// reads one JSON object from its standard output: `{"properties": {"text": …, …}, "status":
/// "OK"}`, or a status other than "OK" with an `"error"`. Output that is not complete JSON when
/// the time is up is thrown away, so this command recognizes pages only until its own time limit
/// (`--time-limit`, 25 s from its start by default), then answers with the pages read by then (and every page's
/// typed text), naming the others on standard error.
struct BalooExtractCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    static let defaultTimeLimit = 25.0

    func run() async throws -> Int32 {
        // from the start: reading the file and loading the model count against Baloo's 30 s too
        let started = Date()
        let timeLimit = try arguments.value(Options.timeLimit) ?? Self.defaultTimeLimit
        let request = context.readStandardInput()
        guard let object = try? JSONSerialization.jsonObject(with: request) as? [String: Any],
            let argument = object["path"] as? String, !argument.isEmpty
        else {
            return answer(error: "baloo-extract: standard input is not {\"path\": …, \"mimetype\": …}")
        }
        // Baloo may pass a file URL where it means a path
        let path = argument.hasPrefix("file://") ? (URL(string: argument)?.path ?? argument) : argument
        let absolute = Crawler.absolutePath(path)
        let notebook: Notebook
        do {
            notebook = try context.source.read(at: URL(fileURLWithPath: absolute))
        } catch {
            let reason = "\(Formatting.shown(absolute)): \(Formatting.shown(String(describing: error)))"
            context.printError(reason)
            return answer(error: reason)
        }
        let transcriber = try context.makeTranscriber(try context.recognitionLanguages(option: nil))
        let drawings = notebook.pages.map(\.drawing)
        let transcripts = await Self.transcribe(drawings, with: transcriber, until: started + timeLimit)
        var pages: [String] = []
        for (number, page) in notebook.pages.enumerated() {
            var lines: [String] = []
            if let transcript = transcripts[number] {
                lines += transcript.lines.map(\.text).filter { !$0.isEmpty }
            } else {
                context.printError(
                    "\(Formatting.shown(absolute)): page \(number + 1): not recognized within the time limit (\(timeLimit) s); its typed text only"
                )
            }
            lines += page.texts.map(\.text).filter { !$0.allSatisfy(\.isWhitespace) }
            pages.append(lines.joined(separator: "\n"))
        }
        var properties: [(String, JSONValue)] = [
            ("text", .string(pages.joined(separator: "\n\n"))), ("pageCount", .int(notebook.pages.count)),
            ("typeInfo", .string("Document")),
        ]
        if let title = notebook.title, !title.allSatisfy(\.isWhitespace) {
            properties.append(("title", .string(title)))
        }
        context.print(JSONValue.object([("properties", .object(properties)), ("status", .string("OK"))]).rendered)
        return NotebookIndexCLI.ExitCode.success
    }

    /// The protocol's failure answer: no properties, a status other than "OK" and the reason.
    private func answer(error: String) -> Int32 {
        context.print(
            JSONValue.object([("properties", .object([])), ("status", .string("Failed")), ("error", .string(error))])
                .rendered)
        return NotebookIndexCLI.ExitCode.partial
    }

    /// Each drawing's transcript, recognized up to all cores at once, or nil for those not
    /// finished by `deadline`. Pages are handed out in order, so the first pages are read
    /// first; a page begun before the limit runs on in its thread, which the command's exit ends.
    static func transcribe(
        _ drawings: [Drawing], with transcriber: any DrawingTranscriber, until deadline: Date
    ) async -> [Transcript?] {
        let work = PageQueue(count: drawings.count)
        let width = max(1, min(ProcessInfo.processInfo.activeProcessorCount, drawings.count))
        // threads of their own: recognition blocks, and on the tasks' pool it would keep this
        // task from waking at the deadline
        for _ in 0..<width {
            let thread = Thread {
                while let index = work.claim() { work.finish(index, transcriber.transcribe(drawings[index])) }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        while !work.isDone, Date() < deadline { try? await Task.sleep(nanoseconds: 20_000_000) }
        return work.stop()
    }
}

/// The pages of one `baloo-extract` run: handed out in order, their transcripts collected; after
/// `stop()` no page is handed out and late results are dropped.
private final class PageQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var finished = 0
    private var stopped = false
    private var results: [Transcript?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func claim() -> Int? {
        lock.withLock {
            guard !stopped, next < results.count else { return nil }
            next += 1
            return next - 1
        }
    }

    func finish(_ index: Int, _ transcript: Transcript) {
        lock.withLock {
            guard !stopped else { return }
            results[index] = transcript
            finished += 1
        }
    }

    var isDone: Bool { lock.withLock { finished == results.count } }

    func stop() -> [Transcript?] {
        lock.withLock {
            stopped = true
            return results
        }
    }
}
