import DrawingModel
import Foundation
import SeededRandom
import Testing

@testable import NotebookFormats

/// reMarkable archives (`.rmdoc`, rmapi `.zip`, Scrybble `.rmn`): zips of one notebook folder, read
/// in memory as the folder is.
@Suite struct RemarkableArchiveTests {
    /// `Tests/Fixtures/rm/tags-and-blank-page.rmdoc`: four listed pages (one deleted, one without
    /// an `.rm` file), a document tag and page tags, deflated by `zip`.
    static let fixture = RemarkableTestFiles.fixture("tags-and-blank-page.rmdoc")
    static let rustyFolder = RemarkableTestFiles.fixture("lines-are-rusty__v5_notebook")
    static let rustyDocument = "b46bbfdd-aeb0-42d7-9c5d-7443132bdfe3"

    /// How the tools name the entries of their archives (docs/formats.md#remarkable-archives).
    enum NameStyle: String, CaseIterable {
        /// `.rmdoc`: names as in the folder.
        case plain
        /// Scrybble's `.rmn`: every name rooted at `/`, a directory entry for the page folder.
        case rooted
        /// rmapi's `.zip`: `<doc>//0.rm`.
        case doubleSlash
    }

    /// The lines-are-rusty notebook folder fixture, zipped up in `style`.
    static func zippedRustyFolder(_ style: NameStyle) throws -> [UInt8] {
        var zip = TestZipWriter()
        let doc = rustyDocument
        if style == .rooted { zip.add("/\(doc)/", []) }
        for name in ["\(doc).content", "\(doc).pagedata", "\(doc)/0-metadata.json", "\(doc)/0.rm"] {
            let data = [UInt8](try Data(contentsOf: rustyFolder.appendingPathComponent(name)))
            switch style {
            case .plain: zip.add(name, data)
            case .rooted: zip.add("/" + name, data)
            case .doubleSlash: zip.add(name.replacingOccurrences(of: "/", with: "//"), data)
            }
        }
        return zip.bytes
    }

    @Test(arguments: NameStyle.allCases)
    func readsAZippedFolderAsTheFolder(style: NameStyle) throws {
        let folder = try NotebookFormats.read(at: Self.rustyFolder)
        let archive = try NotebookFormats.read(contents: try Self.zippedRustyFolder(style), fileExtension: "rmn")
        #expect(archive.format == "rmdoc")
        #expect(archive.title == folder.title)
        #expect(archive.pages == folder.pages)
        #expect(archive.pages.map(\.drawing.strokes.count) == [444])
    }

    @Test func readsTheFixtureArchiveLikeAFolder() throws {
        #expect(try NotebookFormats.detect(Self.fixture) == RemarkableArchiveReader.self)
        let notebook = try NotebookFormats.read(at: Self.fixture)
        #expect(notebook.format == "rmdoc")
        #expect(notebook.title == "Archive fixture")
        #expect(notebook.pages.map(\.drawing.strokes.count) == [10, 0, 1])  // "p-gone" is deleted
        #expect(notebook.pages.map { $0.texts.map(\.text) } == [["groceries"], [], ["star"]])
        // The blank page has the paper of the pages read from files, not an assumed one.
        #expect(notebook.pages[1].size != nil)
        #expect(notebook.pages[1].size == notebook.pages[0].size)
    }

    @Test(arguments: ["zip", "", "bin", "rmdoc", "rmn"])
    func detectsArchivesByContentWhateverTheirName(fileExtension: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.fixture))
        #expect(NotebookFormats.detect(contents: bytes, fileExtension: fileExtension) == RemarkableArchiveReader.self)
        #expect(try NotebookFormats.read(contents: bytes, fileExtension: fileExtension).pages.count == 3)
    }

    @Test func aCrawlTakesArchivesAndOnlyTheZipsThatAreOne() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rm-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let archive = try Data(contentsOf: Self.fixture)
        var other = TestZipWriter()
        other.add("photos/a.jpg", "not a notebook")
        var two = TestZipWriter()
        two.add("a.content", "{}")
        two.add("b.content", "{}")
        let files: [(String, Data, Bool)] = [
            ("a.rmdoc", archive, true), ("b.rmn", archive, true), ("c.zip", archive, true), ("D.ZIP", archive, true),
            ("photos.zip", Data(other.bytes), false), ("two.zip", Data(two.bytes), false),
            ("text.zip", Data("not a zip".utf8), false),
        ]
        for (name, data, taken) in files {
            let url = root.appendingPathComponent(name)
            try data.write(to: url)
            #expect(NotebookFormats.isNotebookFile(url) == taken, "\(name)")
        }
    }

    @Test(
        arguments: [
            ("d.content", "d.content"), ("/d.content", "d.content"), ("//d//p.rm", "d/p.rm"), ("d//0.rm", "d/0.rm"),
            ("d/", nil), ("/", nil), ("", nil), ("../d.content", nil), ("d/../d.content", nil), ("d/./p.rm", nil),
            ("d/\u{0}.rm", nil),
        ] as [(String, String?)])
    func normalisesEntryNames(raw: String, expected: String?) {
        #expect(RemarkableArchive.normalisedName(raw) == expected)
    }

    @Test func neverTrustsDotDotNamesAndRefusesAmbiguousOnes() throws {
        let page = try RemarkableTestFiles.bytes("rmc__dot.stroke.rm")
        var zip = TestZipWriter()
        zip.add("d.content", #"{"pages": ["p", "q"]}"#)
        zip.add("d/../d/p.rm", page)
        zip.add("../d/q.rm", page)
        let notebook = try NotebookFormats.read(contents: zip.bytes, fileExtension: "rmdoc")
        #expect(notebook.pages.map(\.drawing.strokes.count) == [0, 0])

        var twice = TestZipWriter()
        twice.add("d.content", #"{"pages": ["p"]}"#)
        twice.add("/d.content", #"{"pages": ["p", "q"]}"#)
        #expect(throws: ReadError("zip: two entries are named d.content")) {
            try NotebookFormats.read(contents: twice.bytes, fileExtension: "rmdoc")
        }
    }

    @Test func aDocumentWithoutAnyPageFileReadsAsPagesWithoutInk() throws {
        var zip = TestZipWriter()
        zip.add("d.content", #"{"fileType": "pdf", "pages": ["a", "b"]}"#)
        zip.add("d.metadata", #"{"visibleName": "Unannotated"}"#)
        zip.add("d.pdf", "%PDF-1.4")
        let notebook = try NotebookFormats.read(contents: zip.bytes, fileExtension: "rmdoc")
        #expect(notebook.title == "Unannotated")
        #expect(notebook.pages.map(\.drawing.strokes.count) == [0, 0])
        #expect(notebook.pages.map(\.size) == [nil, nil])  // no page file gives a size
    }

    @Test func aBlankPageTakesThePaperOfTheDocument() throws {
        var zip = TestZipWriter()
        zip.add("d.content", #"{"pages": ["blank", "pro"]}"#)
        zip.add("d/pro.rm", try RemarkableTestFiles.bytes("rmscene-ts__paper-pro-empty.rm"))
        let notebook = try NotebookFormats.read(contents: zip.bytes, fileExtension: "rmdoc")
        let paper = try #require(notebook.pages[1].size)
        #expect(notebook.pages[0].size == paper)
        #expect(paper != Size(width: 1404, height: 1872))  // the Paper Pro's, from its SceneInfo
    }

    /// rmapi's oldest downloads list no pages: `pageCount` and the numbered `.rm` files say.
    @Test func pagesWithoutAListAreCountedOrNumbered() throws {
        let page = try RemarkableTestFiles.bytes("rmc__dot.stroke.rm")
        var counted = TestZipWriter()
        counted.add("d.content", #"{"fileType": "", "pageCount": 2}"#)
        counted.add("d//1.rm", page)
        #expect(
            try NotebookFormats.read(contents: counted.bytes, fileExtension: "zip").pages.map(\.drawing.strokes.count)
                == [0, 1])
        var numbered = TestZipWriter()
        numbered.add("d.content", #"{"fileType": ""}"#)
        numbered.add("d/0.rm", page)
        numbered.add("d/1.rm", page)
        #expect(
            try NotebookFormats.read(contents: numbered.bytes, fileExtension: "zip").pages.map(\.drawing.strokes.count)
                == [1, 1])
        var none = TestZipWriter()
        none.add("d.content", "{}")
        #expect(throws: ReadError("the .content file lists no pages")) {
            try NotebookFormats.read(contents: none.bytes, fileExtension: "rmdoc")
        }
    }

    @Test func entriesThatExpandTooFarAreRefusedBeforeInflating() throws {
        var page = TestZipWriter()
        page.add("d.content", #"{"pages": ["p"]}"#)
        page.add("d/p.rm", [UInt8](repeating: 0, count: 10), method: 8, claimedSize: 100 << 20)
        #expect(throws: ReadError("page 0 (p.rm): zip: d/p.rm expands to 100 MB, over the 16 MB limit")) {
            try NotebookFormats.read(contents: page.bytes, fileExtension: "rmdoc")
        }
        var content = TestZipWriter()
        content.add("d.content", [UInt8](repeating: 0, count: 10), method: 8, claimedSize: 20 << 20)
        #expect(throws: ReadError("d.content is larger than 16 MB")) {
            try NotebookFormats.read(contents: content.bytes, fileExtension: "rmdoc")
        }
    }

    /// Truncated and flipped archives are read or refused with a `ReadError`, never trap.
    @Test func damagedArchivesAreRefusedCleanly() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.fixture))
        // reading throws only `ReadError`s (typed throws): each refusal must give its reason, never trap
        func readOrRefuse(_ damaged: [UInt8]) {
            do {
                _ = try NotebookFormats.read(contents: damaged, fileExtension: "rmdoc")
            } catch {
                #expect(!String(describing: error).isEmpty)
            }
        }
        for end in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 150)) {
            readOrRefuse(Array(bytes[..<end]))
        }
        var rng = SplitMix64(seed: 0x5EED_0028)
        for _ in 0..<150 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                damaged[Int.random(in: 0..<damaged.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            readOrRefuse(damaged)
        }
    }
}
