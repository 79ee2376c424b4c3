import DrawingModel
import Foundation
import SearchIndex

/// `export [PATH...] --ndjson`: every reading the index searches, one JSON document a line, for
/// bulk loading into OpenSearch or Elasticsearch (`contrib/opensearch/`).
///
/// A document: `{"id", "path", "page", "drawing", "source", "text", "reading", "score",
/// "strokeIDs", "bounds", "line": {"text", "bounds"}}`. `page` counts from 0 and `score`,
/// `strokeIDs`, `bounds` and `line` mean what they mean in `query --json`; `reading` is the
/// candidate's rank among the word's readings (0: the best) and `source` is "handwriting" or
/// "typed". `id` is stable for the same index (path, page, word place and rank), so loading a
/// new export over an old one replaces documents rather than adding copies. Notebooks come in
/// path order, a file at a time, so memory stays that of one notebook.
struct NDJSONExport {
    let roots: [String]
    let index: String
    let context: CLIContext

    func run() throws -> Int32 {
        let (store, notebooks) = try IndexError.reading(index) {
            let store = try IndexStore(path: index, access: .read)
            return (store, try store.storedNotebooks())
        }
        let roots = self.roots.map(Crawler.absolutePath)
        var status = NotebookIndexCLI.ExitCode.success
        for root in roots where !notebooks.contains(where: { Crawler.path($0.path, isWithin: root) }) {
            context.printError("\(Formatting.shown(root)): no notebook of the index lies here")
            status = NotebookIndexCLI.ExitCode.partial
        }
        for notebook in notebooks where notebook.error == nil {
            guard roots.isEmpty || roots.contains(where: { Crawler.path(notebook.path, isWithin: $0) }) else {
                continue
            }
            let drawings = try IndexError.reading(index) { try store.drawings(path: notebook.path) }
            var lines: [String] = []
            for drawing in drawings { lines += Self.documents(path: notebook.path, drawing: drawing) }
            if !lines.isEmpty { context.standardOutput.write(lines.joined(separator: "\n") + "\n") }
        }
        return status
    }

    /// One document per searched reading of every word of `drawing`, in place order.
    static func documents(path: String, drawing: IndexedDrawing) -> [String] {
        struct LineKey: Hashable {
            var source: IndexedWord.Source
            var line: Int
        }
        var lineWords: [LineKey: [IndexedWord]] = [:]
        for word in drawing.words { lineWords[LineKey(source: word.source, line: word.line), default: []].append(word) }
        var lineContext: [LineKey: JSONValue] = [:]
        for (key, words) in lineWords {
            let sorted = words.sorted { $0.position < $1.position }
            let boxes = sorted.compactMap(\.bounds)
            let bounds = boxes.dropFirst().reduce(boxes.first) { $0?.union($1) }
            lineContext[key] = .object([
                ("text", .string(sorted.map(\.text).joined(separator: " "))), ("bounds", .rect(bounds)),
            ])
        }
        var documents: [String] = []
        for word in drawing.words {
            let key = LineKey(source: word.source, line: word.line)
            let source = word.source == .handwriting ? "handwriting" : "typed"
            for (rank, reading) in word.searchedReadings.enumerated() {
                let id = "\(path)#\(drawing.page):\(source):\(word.line):\(word.position):\(rank)"
                let document = JSONValue.object([
                    ("id", .string(id)), ("path", .string(path)), ("page", .int(drawing.page)),
                    ("drawing", .string(drawing.key)), ("source", .string(source)), ("text", .string(reading.text)),
                    ("reading", .int(rank)), ("score", .double((reading.score * 10_000).rounded() / 10_000)),
                    ("strokeIDs", .uuids(word.strokeIDs)), ("bounds", .rect(word.bounds)),
                    ("line", lineContext[key] ?? .null),
                ])
                documents.append(document.rendered)
            }
        }
        return documents
    }
}
