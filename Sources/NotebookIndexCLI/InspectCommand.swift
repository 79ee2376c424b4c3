import DrawingModel
import Foundation
import SearchIndex

/// `notebook-index inspect FILE` (`CommandSpecs.inspect`): what the reader sees, without recognition.
struct InspectCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    func run() -> Int32 {
        guard let (path, notebook) = context.readNotebook(arguments.positionals[0]) else {
            return NotebookIndexCLI.ExitCode.partial
        }
        if arguments[Options.json] {
            context.print(Self.json(path: path, notebook: notebook).rendered)
            return NotebookIndexCLI.ExitCode.success
        }
        let title = notebook.title.map { " \"\(Formatting.shown($0))\"" } ?? ""
        let pages = notebook.pages.count == 1 ? "1 page" : "\(notebook.pages.count) pages"
        context.print("\(Formatting.shown(path)): \(notebook.format)\(title), \(pages)")
        for (index, page) in notebook.pages.enumerated() {
            let bounds = page.drawing.bounds.map { "bounds " + Formatting.box($0) } ?? "no visible ink"
            context.print(
                "page \(index + 1): \(page.drawing.strokes.count) strokes, \(Self.points(page.drawing)) points, \(bounds)"
            )
            for text in page.texts { context.print("  text: \"\(Formatting.shown(text.text))\"") }
        }
        return NotebookIndexCLI.ExitCode.success
    }

    static func points(_ drawing: Drawing) -> Int {
        drawing.strokes.reduce(0) { $0 + $1.path.count }
    }

    /// The contract: `{"path", "format", "pages": [{"page", "strokes", "points", "bounds", "texts"}]}`.
    static func json(path: String, notebook: Notebook) -> JSONValue {
        .object([
            ("path", .string(path)), ("format", .string(notebook.format)),
            (
                "pages",
                .array(
                    notebook.pages.enumerated().map { index, page in
                        .object([
                            ("page", .int(index)), ("strokes", .int(page.drawing.strokes.count)),
                            ("points", .int(points(page.drawing))), ("bounds", .rect(page.drawing.bounds)),
                            ("texts", .array(page.texts.map { .string($0.text) })),
                        ])
                    })
            ),
        ])
    }
}
