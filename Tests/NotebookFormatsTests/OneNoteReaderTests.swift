import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// OneNote sections: our fixture (`tools/make_onenote_fixture.py`), the two sections of
/// `../shared/corpus/other` (MPL-2.0, not copied; skipped when the corpus is absent), refusals and
/// damaged files.
@Suite struct OneNoteReaderTests {
    static var corpus: URL? { FormatFixtures.corpus?.appendingPathComponent("other") }
    static let fixture = "onenote-package.one"

    static func read(_ name: String) throws -> Notebook {
        let url = try #require(Self.corpus).appendingPathComponent(name)
        #expect(try NotebookFormats.detect(url) == OneNoteReader.self)
        return try NotebookFormats.read(at: url)
    }

    static func points(_ page: Page) -> [Int] { page.drawing.strokes.map(\.path.controlPoints.count) }

    /// "Schnelle Notizen": its section lists one page, "Note". The file holds 76 stroke nodes (the
    /// 76 InkPath of SOURCES.md's raw scan): 35 in the page's current tree, 6 of earlier revisions,
    /// and 35 of a page no page series lists ("Without_image", 24 in its tree), left out. Every
    /// InkPath's first number equals the count after it (established with a separate Python
    /// decoder of the package before this reader was written); the strokes draw "Handwriting",
    /// "Marker" (a highlighter) and "PNG" where OneNote's recognition puts those words.
    @Test(.enabled(if: OneNoteReaderTests.corpus != nil, "../shared/corpus is absent"))
    func schnelleNotizen() throws {
        let notebook = try Self.read("onenote-rs__Schnelle_Notizen.one")
        #expect(notebook.format == "onenote")
        #expect(notebook.title == "Scribbles")
        let page = try #require(notebook.pages.first)
        #expect(notebook.pages.count == 1)
        #expect(page.drawing.strokes.count == 35)
        #expect(Self.points(page).reduce(0, +) == 2256)
        #expect(Set(page.drawing.strokes.map(\.id)).count == 35)
        #expect(page.drawing.strokes.filter { $0.ink.kind == .highlighter }.count == 8)
        let typed = page.texts.filter { $0.bounds == nil }.map(\.text)
        #expect(
            typed == [
                "Note", "Samstag, 5. August 2023", "21:48", "This is rich text.",
                "The big brown fox jumps over the lazy dog.",
            ])
        let recognised = page.texts.filter { $0.bounds != nil }
        #expect(recognised.map(\.text) == ["Handwritin", "Marker", "PNG!", "J"])
        // each word's box is its ink's: the marker's is the highlighter strokes' box
        let highlighter = page.drawing.strokes.filter { $0.ink.kind == .highlighter }.compactMap(\.pathBounds)
        let marker = try #require(recognised.first { $0.text == "Marker" }?.bounds)
        #expect(highlighter.dropFirst().reduce(highlighter[0]) { $0.union($1) } == marker)
        // on the page, in points: "Handwriting" above "Marker", both left of "PNG"
        let box = { (word: String) in
            recognised.first { $0.text == word }?.bounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
        }
        #expect(box("Handwritin").maxY < box("Marker").minY)
        #expect(box("Marker").maxX < box("PNG!").minX)
        #expect((150...250).contains(box("Handwritin").width))
    }

    /// "New Section 1": one page, "Test Page", one stroke of 314 points (628 values: X then Y), and
    /// typed text, the lorem ipsum's hyperlink field reduced to the link's text.
    @Test(.enabled(if: OneNoteReaderTests.corpus != nil, "../shared/corpus is absent"))
    func newSection() throws {
        let notebook = try Self.read("onenote-rs__New_Section_1.one")
        let page = try #require(notebook.pages.first)
        #expect(notebook.pages.count == 1)
        #expect(Self.points(page) == [314])
        #expect(page.texts.first?.text == "Test Page")
        #expect(page.texts.contains { $0.text.contains("et dolore magna aliquyam erat") })
        #expect(!page.texts.contains { $0.text.contains("HYPERLINK") })
        #expect(page.texts.contains { $0.text == "𝑎=𝑏" })
    }

    @Test func ourFixture() throws {
        let bytes = try FormatFixtures.bytes(Self.fixture)
        #expect(NotebookFormats.detect(contents: bytes, fileExtension: "") == OneNoteReader.self)
        let notebook = try NotebookFormats.read(contents: bytes, fileExtension: "one")
        #expect(notebook.title == "Fixture section")
        let page = try #require(notebook.pages.first)
        // the newer revision's title replaces the older one's; the hyperlink field is dropped
        #expect(page.texts.map(\.text) == ["Fixture page", "See the notes", "Fixture"])
        let (pen, highlighter) = (page.drawing.strokes[0], page.drawing.strokes[1])
        // HIMETRIC to points (72 / 2540): 2540 is 72 points
        let expected = [(72.0, 144.0), (79.2, 144.0), (86.4, 151.2), (93.6, 144.0)]
        for (point, (x, y)) in zip(pen.path.controlPoints, expected) {
            #expect(abs(point.location.x - x) < 1e-9 && abs(point.location.y - y) < 1e-9)
        }
        #expect(pen.ink.kind == .pen)
        #expect(pen.ink.color == Ink.Color(red: 1, green: 0, blue: 0))
        #expect(abs(pen.ink.width - 70 * 72 / 2540) < 1e-9)
        #expect(highlighter.ink.kind == .highlighter)
        #expect(highlighter.path.controlPoints.map(\.location.x) == [72, 144])
        // "Fixture" read the container and the pen stroke: its box is the pen stroke's
        #expect(page.texts[2].bounds == pen.pathBounds)
    }

    @Test func refusalsSayWhatTheFileIs() throws {
        var contents = [UInt8](repeating: 0, count: 1024)
        contents.replaceSubrange(0..<16, with: OneNoteReader.contentsType)
        #expect(
            throws: ReadError(
                "OneNote table of contents (.onetoc2): it lists sections and holds no pages; read the .one files")
        ) {
            try NotebookFormats.read(contents: contents, fileExtension: "onetoc2")
        }
        contents.replaceSubrange(0..<16, with: OneNoteReader.sectionType)
        contents.replaceSubrange(48..<64, with: Self.revisionStoreFormat)
        #expect(
            throws: ReadError(
                "OneNote section in the revision-store form OneNote 2007–2016 save on disk: not read yet (only the packaged form OneDrive and SharePoint give)"
            )
        ) {
            try NotebookFormats.read(contents: contents, fileExtension: "one")
        }
        #expect(throws: ReadError("not a OneNote section (no .one file type GUID)")) {
            try NotebookFormats.read(contents: Array("not onenote".utf8), fileExtension: "one")
        }
    }

    /// A revision-store header (nil legacy version) whose transaction log ends where a package
    /// starts, as onenote.rs found in files downloaded from OneDrive: the package is read.
    @Test func aPackageAfterARevisionStoreHeaderIsRead() throws {
        var header = [UInt8](repeating: 0, count: 1024)
        header.replaceSubrange(0..<16, with: OneNoteReader.sectionType)
        header.replaceSubrange(48..<64, with: Self.revisionStoreFormat)
        header.replaceSubrange(160..<164, with: [0x00, 0x02, 0x00, 0x00])  // fcrTransactionLog: 512 …
        header.replaceSubrange(168..<172, with: [0x00, 0x02, 0x00, 0x00])  // … + 512 bytes
        let notebook = try NotebookFormats.read(
            contents: header + FormatFixtures.bytes(Self.fixture), fileExtension: "one")
        #expect(notebook.title == "Fixture section")
        header[40] = 1  // a legacy file version: a real revision store
        #expect(throws: ReadError.self) {
            try NotebookFormats.read(contents: header + FormatFixtures.bytes(Self.fixture), fileExtension: "one")
        }
    }

    /// guidFileFormat of the revision store, {109ADD3F-911B-49F5-A5D0-1791EDC8AED8}, as stored.
    static let revisionStoreFormat: [UInt8] = [
        0x3F, 0xDD, 0x9A, 0x10, 0x1B, 0x91, 0xF5, 0x49, 0xA5, 0xD0, 0x17, 0x91, 0xED, 0xC8, 0xAE, 0xD8,
    ]

    /// Every prefix of our fixture, seeded damage to it, and to the corpus sections where present.
    @Test func damagedSectionsAreRefusedWithOneLine() throws {
        let seeds = [(name: "fixture", fileExtension: "one", bytes: try FormatFixtures.bytes(Self.fixture))]
        #expect(FormatFuzzTests.truncate(seeds) { _ in 1 } == seeds[0].bytes.count)
        FormatFuzzTests.flip(seeds, seed: 35, perSeed: 300, inserted: "\u{0}\u{1}\u{4}\u{7F}", absurdSizes: true)
        if let corpus = Self.corpus {
            let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent("onenote-rs__New_Section_1.one")))
            FormatFuzzTests.flip(
                [(name: "corpus", fileExtension: "one", bytes: bytes)], seed: 36, perSeed: 30, inserted: "\u{0}\u{4}",
                absurdSizes: true)
        }
    }
}
