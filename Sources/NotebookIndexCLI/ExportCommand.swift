import DrawingModel
import Foundation
import NotebookFormats
import Recognition
import SearchIndex

/// `notebook-index export PATH...` (`CommandSpecs.export`): one notebook as a searchable PDF
/// (`--pdf`, here), or the indexed notebooks under PATHs as Markdown files (`--markdown`,
/// `MarkdownExport`).
struct ExportCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    func run() async throws -> Int32 {
        let usage = CommandSpecs.export.usage
        let pdf = try arguments.value(Options.pdf)
        let markdown = try arguments.value(Options.markdown)
        switch (pdf, markdown) {
        case (nil, nil):
            throw UsageError(message: "missing '--pdf FILE' or '--markdown DIR'", usage: usage)
        case (.some, .some):
            throw UsageError(message: "'--pdf' and '--markdown' cannot be used together", usage: usage)
        case (let pdf?, nil):
            if try arguments.value(Options.index) != nil {
                throw UsageError(message: "'--index' is read with '--markdown' only", usage: usage)
            }
            if arguments.positionals.count > 1 {
                throw UsageError(
                    message: "unexpected argument '\(arguments.positionals[1])': '--pdf' writes one notebook",
                    usage: usage)
            }
            return try await exportPDF(to: pdf)
        case (nil, let folder?):
            let index = context.indexPath(option: try arguments.value(Options.index))
            return try MarkdownExport(roots: arguments.positionals, folder: folder, index: index, context: context)
                .run()
        }
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
