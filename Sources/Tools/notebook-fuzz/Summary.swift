import DrawingModel
import Foundation
import NotebookFormats

/// `notebook-fuzz summary`: what each reader makes of each file, one line per file.
enum Summary {
    static func run(_ paths: [String]) -> Int32 {
        var refused = 0
        for item in Inputs.items(paths) {
            do {
                let notebook = try NotebookFormats.read(at: item.url)
                let strokes = notebook.pages.map(\.drawing.strokes.count)
                let ink = notebook.pages.flatMap(\.drawing.strokes)
                let points = ink.reduce(0) { $0 + $1.path.count }
                let highlighters = ink.filter { $0.ink.kind == .highlighter }.count
                let masked = ink.filter { $0.mask != nil }.count
                let texts = notebook.pages.reduce(0) { $0 + $1.texts.count }
                print(
                    "\(item.url.path): \(notebook.format) pages=\(notebook.pages.count) strokes=\(strokes.reduce(0, +))"
                        + " (highlighter \(highlighters), masked \(masked)) points=\(points) texts=\(texts)"
                        + (strokes.count > 1 ? " per-page=\(strokes)" : ""))
            } catch {
                refused += 1
                print("\(item.url.path): \(error.description)")
            }
        }
        return refused == 0 ? 0 : 1
    }
}
