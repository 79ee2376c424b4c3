import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// `SampleNotebooks/` (what `make demo` and the benchmarks index) stays readable: every notebook
/// its `truth.json` names reads in the expected format with the expected pages, and every placed
/// sample's box holds ink of that page.
@Suite struct SampleNotebooksTests {
    struct Truth: Decodable {
        struct Notebook: Decodable {
            var files: [String]
            var pages: Int
        }

        struct Item: Decodable {
            var file: String
            var page: Int
            var label: String
            var box: [Double]
        }

        var notebooks: [Notebook]
        var items: [Item]
    }

    /// A sample file as read: its format and, per page, the render bounds of every stroke.
    struct ReadFile: Sendable {
        var format: String
        var strokeBounds: [[Rect]]
    }

    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleNotebooks")

    /// The ground truth and every file it names, read once for all tests.
    static let samples: Result<(Truth, [String: ReadFile]), Error> = Result {
        let truth = try JSONDecoder().decode(
            Truth.self, from: Data(contentsOf: folder.appendingPathComponent("truth.json")))
        var files: [String: ReadFile] = [:]
        for file in truth.notebooks.flatMap(\.files) {
            let notebook = try NotebookFormats.read(at: folder.appendingPathComponent(file))
            files[file] = ReadFile(
                format: notebook.format,
                strokeBounds: notebook.pages.map { $0.drawing.strokes.compactMap(\.renderBounds) })
        }
        return (truth, files)
    }

    @Test func everyFormatIsRepresented() throws {
        let (_, files) = try Self.samples.get()
        #expect(
            Set(files.values.map(\.format)).isSuperset(of: [
                "xopp", "inkml", "svg", "json", "rnote", "saber", "uim", "will", "isf",
            ]))
    }

    @Test func pagesMatchTheGroundTruth() throws {
        let (truth, files) = try Self.samples.get()
        for notebook in truth.notebooks {
            let pages = notebook.files.reduce(0) { $0 + (files[$1]?.strokeBounds.count ?? 0) }
            #expect(pages == notebook.pages, "\(notebook.files)")
        }
    }

    @Test func everySampleBoxHoldsItsInk() throws {
        let (truth, files) = try Self.samples.get()
        #expect(truth.items.count > 300)
        for item in truth.items {
            guard let pages = files[item.file]?.strokeBounds, item.page < pages.count, item.box.count == 4 else {
                Issue.record("\(item.file) page \(item.page): not in the notebooks")
                continue
            }
            // The strokes lying inside the box (a pen width of slack) cover most of it.
            let (x, y, w, h) = (item.box[0], item.box[1], item.box[2], item.box[3])
            let inside = pages[item.page].filter {
                $0.x >= x - 2 && $0.y >= y - 2 && $0.x + $0.width <= x + w + 2 && $0.y + $0.height <= y + h + 2
            }
            let covered = inside.reduce(Rect?.none) { partial, box in partial.map { $0.union(box) } ?? box }
            #expect(covered.map { $0.width >= 0.8 * w && $0.height >= 0.8 * h } == true, "\(item.file) \(item.label)")
        }
    }
}
