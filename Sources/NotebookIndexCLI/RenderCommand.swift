import DrawingModel
import Foundation
import NotebookFormats
import Recognition
import SearchIndex

/// `notebook-index render FILE` (`CommandSpecs.render`): one page as SVG
/// (`SVGWriter`), with the boxes of TEXT's matches drawn over it.
///
/// Pages count from 1, as `text`, `inspect` and `query` print them. Matches come from recognizing
/// the page as `text` does and searching its transcript as `StrokeRecognizer.search` does (every
/// candidate of each word, case and diacritics ignored), so no index is needed and the boxes are
/// those of the file as it is now.
struct RenderCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    func run() throws -> Int32 {
        let pageNumber = try arguments.value(Options.page) ?? 1
        guard let (path, notebook) = context.readNotebook(arguments.positionals[0]) else {
            return NotebookIndexCLI.ExitCode.partial
        }
        guard pageNumber <= notebook.pages.count else {
            let pages = notebook.pages.count == 1 ? "1 page" : "\(notebook.pages.count) pages"
            context.printError(
                "notebook-index: \(Formatting.shown(path)): no page \(pageNumber); the notebook has \(pages)")
            return NotebookIndexCLI.ExitCode.failure
        }
        let page = notebook.pages[pageNumber - 1]
        var boxes: [Rect] = []
        if let query = try arguments.value(Options.highlight) {
            let transcriber = try context.makeTranscriber(try context.recognitionLanguages(option: nil))
            let transcript = transcriber.transcribe(page.drawing)
            if let note = transcript.budgetNote {
                context.printError("\(Formatting.shown(path)): page \(pageNumber): \(note)")
            }
            boxes = transcript.matches(of: query).map(\.bounds)
            if boxes.isEmpty {
                // Still drawn: the picture is what was asked for; the note says why it has no boxes.
                context.printError(
                    "\(Formatting.shown(path)): page \(pageNumber): no match for \"\(Formatting.shown(query))\"")
            }
        }
        let svg = SVGWriter.encode(page, highlights: boxes)
        guard let output = try arguments.value(Options.output) else {
            context.standardOutput.write(svg)
            return NotebookIndexCLI.ExitCode.success
        }
        guard context.write(svg, toFile: output) else { return NotebookIndexCLI.ExitCode.failure }
        return NotebookIndexCLI.ExitCode.success
    }
}
