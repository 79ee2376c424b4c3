import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// Linwood Butterfly notes: the four files of `../shared/corpus/butterfly` against the counts of
/// their SOURCES.md entries (skipped when the corpus is absent; the files are AGPL-3.0, so none is
/// copied into the fixtures), and small notes of our own in both forms.
@Suite struct ButterflyReaderTests {
    static var corpus: URL? { FormatFixtures.corpus?.appendingPathComponent("butterfly") }

    /// Title, then pen strokes and points per page (SOURCES.md; shapes are not counted).
    static let expected: [String: (title: String, pages: [(strokes: Int, points: Int)])] = [
        "butterfly__butterfly.tbfly": ("Butterfly", [(1, 363)]),
        "butterfly__document_v1.bfly": ("25/10/2023 18:56", [(1, 236)]),
        "butterfly__study.tbfly": ("Study", [(124, 18159), (0, 0), (0, 0), (0, 0)]),
        "butterfly__todo.tbfly": ("Todo", [(89, 14770)]),
    ]

    @Test(.enabled(if: ButterflyReaderTests.corpus != nil, "../shared/corpus is absent"))
    func everyCorpusNoteReadsWithItsCounts() throws {
        let corpus = try #require(Self.corpus)
        for (name, expected) in Self.expected {
            let url = corpus.appendingPathComponent(name)
            #expect(try NotebookFormats.detect(url) == ButterflyReader.self, "\(name)")
            let notebook = try NotebookFormats.read(at: url)
            #expect(notebook.format == "butterfly")
            #expect(notebook.title == expected.title, "\(name)")
            let counts = notebook.pages.map { page in
                (page.drawing.strokes.count, page.drawing.strokes.reduce(0) { $0 + $1.path.controlPoints.count })
            }
            #expect(counts.map(\.0) == expected.pages.map(\.strokes), "\(name)")
            #expect(counts.map(\.1) == expected.pages.map(\.points), "\(name)")
        }
    }

    @Test(.enabled(if: ButterflyReaderTests.corpus != nil, "../shared/corpus is absent"))
    func realPressureAndTheElementsOwnIDsAreKept() throws {
        let notebook = try NotebookFormats.read(
            at: try #require(Self.corpus).appendingPathComponent("butterfly__todo.tbfly"))
        let first = try #require(notebook.pages.first?.drawing.strokes.first)
        #expect(first.id == UUID(uuidString: "20260531-1438-8124-8363-69315b2d41ae"))
        let forces = notebook.pages[0].drawing.strokes.flatMap { $0.path.controlPoints.map(\.force) }
        #expect(forces.contains { $0 != forces[0] })
        #expect(forces.allSatisfy { (0...1).contains($0) })
    }

    /// A page in the current text form: pen strokes read, a shape skipped.
    static let page = """
        {"layers": [{"name": "", "content": [
          {"type": "pen", "id": "not-a-uuid", "points": [{"x": 10, "y": 20, "pressure": 0.3},
            {"x": 14, "y": 26, "pressure": 0.6}], "property": {"strokeWidth": 3.0, "color": 4294901760}},
          {"type": "shape", "firstPosition": {"x": 0, "y": 0}, "secondPosition": {"x": 9, "y": 9}}]}]}
        """

    @Test func pagesComeInTheOrderOfTheirNumberAndShapesAreSkipped() throws {
        let empty = #"{"layers": []}"#
        let text = """
            {"fileVersion": 12, "type": "document", "name": "Ours", "pages": {"1.second": \(Self.page), "0.first": \(empty)}}
            """
        let notebook = try NotebookFormats.read(contents: Array(text.utf8), fileExtension: "tbfly")
        #expect(notebook.title == "Ours")
        #expect(notebook.pages.map(\.drawing.strokes.count) == [0, 1])
        let stroke = try #require(notebook.pages[1].drawing.strokes.first)
        #expect(stroke.path.controlPoints.map(\.location) == [Point(x: 10, y: 20), Point(x: 14, y: 26)])
        #expect(stroke.path.controlPoints.map(\.force) == [0.3, 0.6])
        #expect(stroke.ink.width == 3)
        #expect(stroke.ink.color == Ink.Color(red: 1, green: 0, blue: 0))
        // "not-a-uuid" is no UUID: the ID is derived, and the same on every read
        let again = try NotebookFormats.read(contents: Array(text.utf8), fileExtension: "tbfly")
        #expect(again.pages[1].drawing.strokes[0].id == stroke.id)
    }

    @Test func theZipFormReadsItsPagesFolder() throws {
        var zip = TestZipWriter()
        zip.add("META-INF/butterfly.json", #"{"name": "Zipped", "fileVersion": 13}"#)
        zip.add("BFLY/info.json", "{}")
        zip.add("BFLY/pages/1.later.json", Self.page)
        zip.add("BFLY/pages/0.start.json", #"{"layers": []}"#)
        let notebook = try NotebookFormats.read(contents: zip.bytes, fileExtension: "bfly")
        #expect(notebook.title == "Zipped")
        #expect(notebook.pages.map(\.drawing.strokes.count) == [0, 1])
        // found by content too, whatever the name
        #expect(NotebookFormats.detect(contents: zip.bytes, fileExtension: "zip") == ButterflyReader.self)
    }

    @Test func brokenNotesSayWhatIsWrongAndWhere() {
        func reason(_ text: String) -> String? {
            do {
                _ = try NotebookFormats.read(contents: Array(text.utf8), fileExtension: "tbfly")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            reason(#"{"fileVersion": 12, "name": "x"}"#) == #"not a Butterfly note (neither "pages" nor "content")"#)
        #expect(
            reason(#"{"fileVersion": 12, "pages": {"0.a": {"layers": [{"content": [{"type": "pen"}]}]}}}"#)
                == "page 1: element 1: pen element has no points")
        #expect(
            reason(
                #"{"fileVersion": 12, "pages": {"0.a": {"layers": [{"content": [{"type": "pen", "points": [{"x": 1}]}]}]}}}"#
            )
                == "page 1: element 1: point without finite x and y")
        var zip = TestZipWriter()
        zip.add("META-INF/butterfly.json", "{}")
        #expect(throws: ReadError.self) { try NotebookFormats.read(contents: zip.bytes, fileExtension: "bfly") }
    }
}
