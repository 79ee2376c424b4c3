import DrawingModel
import Foundation
import NotebookFormats
import Recognition
import SearchIndex

/// `notebook-index export PATH...` (`CommandSpecs.export`): one notebook as a searchable PDF
/// (`--pdf`, here), the indexed notebooks under PATHs as Markdown files (`--markdown`,
/// `MarkdownExport`), or the index's readings as NDJSON (`--ndjson`, `NDJSONExport`).
struct ExportCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    func run() async throws -> Int32 {
        let usage = CommandSpecs.export.usage
        let pdf = try arguments.value(Options.pdf)
        let markdown = try arguments.value(Options.markdown)
        let ndjson = arguments[Options.ndjson]
        let chosen = [pdf.map { _ in "--pdf" }, markdown.map { _ in "--markdown" }, ndjson ? "--ndjson" : nil]
            .compactMap { $0 }
        guard chosen.count == 1 else {
            throw UsageError(
                message: chosen.isEmpty
                    ? "missing '--pdf FILE', '--markdown DIR' or '--ndjson'"
                    : "'\(chosen[0])' and '\(chosen[1])' cannot be used together", usage: usage)
        }
        if arguments.positionals.isEmpty, !ndjson {
            throw UsageError(message: "missing expected argument 'PATH'", usage: usage)
        }
        if let pdf {
            if try arguments.value(Options.index) != nil {
                throw UsageError(message: "'--index' is read with '--markdown' and '--ndjson' only", usage: usage)
            }
            if arguments.positionals.count > 1 {
                throw UsageError(
                    message: "unexpected argument '\(arguments.positionals[1])': '--pdf' writes one notebook",
                    usage: usage)
            }
            return try await exportPDF(to: pdf)
        }
        let index = context.indexPath(option: try arguments.value(Options.index))
        if let markdown {
            return try MarkdownExport(roots: arguments.positionals, folder: markdown, index: index, context: context)
                .run()
        }
        return try NDJSONExport(roots: arguments.positionals, index: index, context: context).run()
    }

    /// Recognizes every page as `text` does and writes them with their words (`PDFWriter`).
    private func exportPDF(to output: String) async throws -> Int32 {
        guard let (path, notebook) = context.readNotebook(arguments.positionals[0]) else {
            return NotebookIndexCLI.ExitCode.partial
        }
        let transcriber = try context.makeTranscriber(try context.recognitionLanguages(option: nil))
        let transcripts = await TextCommand.transcribe(notebook.pages.map(\.drawing), with: transcriber)
        var pages: [PDFWriter.PageContent] = []
        for (number, (page, transcript)) in zip(notebook.pages, transcripts).enumerated() {
            if let note = transcript.budgetNote {
                context.printError("\(Formatting.shown(path)): page \(number + 1): \(note)")
            }
            let words = transcript.lines.flatMap(\.words).map { PDFWriter.Word(text: $0.text, bounds: $0.bounds) }
            pages.append(PDFWriter.PageContent(page: page, words: words))
        }
        let title = notebook.title ?? (path as NSString).lastPathComponent
        guard context.write(Data(PDFWriter.encode(pages, title: title)), toFile: output) else {
            return NotebookIndexCLI.ExitCode.failure
        }
        let words = pages.reduce(0) { $0 + $1.words.count }
        let pageCount = pages.count == 1 ? "1 page" : "\(pages.count) pages"
        context.print(
            "Wrote \(Formatting.shown(output)): \(pageCount), \(words == 1 ? "1 word" : "\(words) words") recognized")
        return NotebookIndexCLI.ExitCode.success
    }
}
