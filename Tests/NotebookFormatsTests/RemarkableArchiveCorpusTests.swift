import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// Every archive of `../shared/corpus/rmdoc` against the page and stroke counts of its SOURCES.md
/// entry (rmscene 0.8.0 for v6 pages, as in `RemarkableCorpusTests`; lines-are-rusty's counts
/// for the v3/v5 pages). Skipped when the corpus is absent.
@Suite struct RemarkableArchiveCorpusTests {
    static var corpus: URL? { FormatFixtures.corpus?.appendingPathComponent("rmdoc") }

    /// Title and strokes per page in `.content` order.
    static let expected: [String: (title: String?, strokes: [Int])] = [
        "legible__Test.rmdoc": ("Test", [33, 3]),
        "remarkable-ink-link__InkLink_Current_Architecture.rmdoc": ("InkLink_Current_Architecture", [0, 0, 0]),
        "rm2pdf__horizontal_rmapi.zip": ("horizontal", [33, 0]),
        "rmapi__annotations__a4.zip": (nil, [9]),
        "rmapi__archive__test.zip": (nil, [55]),
        "scrybble-remarks__rmpp_-_shader_tool.rmn": ("Interviews", [292]),  // 253 ballpoint + 39 shader
        "scrybble-remarks__rmpp_-_typed_text.rmn": ("Text formatting", [2, 7, 1, 0, 0]),
        "scrybble-remarks__rmpp_-_v6_-_various_colors.rmn": ("Biological relativity", [281, 507, 300, 40]),
        "scrybble-remarks__rotated__rotated-90.rmn": ("rotation-90", [7]),
        "scrybble-remarks__v3_markdown_tags.rmn": ("tags test", [10, 0]),
    ]

    @Test(.enabled(if: RemarkableArchiveCorpusTests.corpus != nil, "../shared/corpus is absent"))
    func everyCorpusArchiveReadsWithTheUpstreamCounts() throws {
        let corpus = try #require(Self.corpus)
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0 != "SOURCES.md" }
        #expect(Set(names) == Set(Self.expected.keys))
        for name in names.sorted() {
            let url = corpus.appendingPathComponent(name)
            #expect(NotebookFormats.isNotebookFile(url), "\(name)")
            let notebook = try NotebookFormats.read(at: url)
            #expect(notebook.format == "rmdoc", "\(name)")
            #expect(notebook.title == Self.expected[name]?.title, "\(name)")
            #expect(notebook.pages.map(\.drawing.strokes.count) == Self.expected[name]?.strokes, "\(name)")
        }
    }

    @Test(.enabled(if: RemarkableArchiveCorpusTests.corpus != nil, "../shared/corpus is absent"))
    func pointsPaperTagsAndTypedText() throws {
        let corpus = try #require(Self.corpus)
        func read(_ name: String) throws -> Notebook {
            try NotebookFormats.read(at: corpus.appendingPathComponent(name))
        }
        func points(_ notebook: Notebook) -> [Int] {
            notebook.pages.map { $0.drawing.strokes.reduce(0) { $0 + $1.path.count } }
        }

        let legible = try read("legible__Test.rmdoc")
        #expect(points(legible)[0] == 1177)
        #expect(legible.pages.map(\.size) == [Size(width: 820, height: 1458), Size(width: 820, height: 1458)])
        #expect(legible.pages[1].texts.map(\.text) == ["test"])  // its page tag
        #expect(points(try read("scrybble-remarks__rmpp_-_v6_-_various_colors.rmn")).reduce(0, +) == 31887)
        #expect(points(try read("scrybble-remarks__rmpp_-_shader_tool.rmn")) == [10986])
        #expect(points(try read("scrybble-remarks__rotated__rotated-90.rmn")) == [144])
        #expect(points(try read("rm2pdf__horizontal_rmapi.zip"))[0] == 1274)

        let tags = try read("scrybble-remarks__v3_markdown_tags.rmn")
        #expect(tags.pages[0].texts.map(\.text).contains("obsidian"))  // the document tag
        #expect(tags.pages[1].texts.map(\.text) == ["star"])  // the page tag of the page without ink
        #expect(tags.pages[1].size == tags.pages[0].size)

        let typed = try read("scrybble-remarks__rmpp_-_typed_text.rmn")
        #expect(typed.pages[0].texts.map(\.text).contains("Hello! Heading"))
        #expect(typed.pages.map(\.size).allSatisfy { $0 == Size(width: 1404, height: 1872) })

        // A PDF document without annotations: pages, no ink, and no paper size to assume.
        #expect(
            try read("remarkable-ink-link__InkLink_Current_Architecture.rmdoc").pages.map(\.size) == [nil, nil, nil])
    }

    /// `../shared/realnotes/rm2pdf__horizontal`, the folder `rm2pdf__horizontal_rmapi.zip` zips.
    static var rm2pdfFolder: URL? {
        guard let corpus else { return nil }
        let folder = corpus.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("realnotes/rm2pdf__horizontal")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }

    @Test(
        .enabled(
            if: RemarkableArchiveCorpusTests.rm2pdfFolder != nil, "../shared/realnotes/rm2pdf__horizontal is absent"))
    func theRm2pdfArchiveReadsAsItsExtractedFolder() throws {
        let corpus = try #require(Self.corpus)
        let fromFolder = try NotebookFormats.read(at: try #require(Self.rm2pdfFolder))
        let fromArchive = try NotebookFormats.read(at: corpus.appendingPathComponent("rm2pdf__horizontal_rmapi.zip"))
        #expect(fromArchive.title == fromFolder.title)
        #expect(fromArchive.pages == fromFolder.pages)
    }
}
