import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// Builds v3/v5 `.rm` pages in memory.
struct RemarkableLinesFile {
    struct Line {
        var tool: UInt32
        var color: UInt32 = 0
        var points: [(Float, Float)]
        var width: Float = 2
        var pressure: Float = 0.5
    }

    var version: Int
    var layers: [[Line]]

    var bytes: [UInt8] {
        var out = Array("reMarkable .lines file, version=\(version)          ".utf8)
        func u32(_ v: UInt32) { out += withUnsafeBytes(of: v.littleEndian, Array.init) }
        func f32(_ v: Float) { u32(v.bitPattern) }
        u32(UInt32(layers.count))
        for layer in layers {
            u32(UInt32(layer.count))
            for line in layer {
                u32(line.tool)
                u32(line.color)
                u32(0)
                f32(2)
                if version == 5 { u32(0) }
                u32(UInt32(line.points.count))
                for (x, y) in line.points {
                    f32(x)
                    f32(y)
                    f32(1)
                    f32(0)
                    f32(line.width)
                    f32(line.pressure)
                }
            }
        }
        return out
    }
}

@Suite struct RemarkableLinesAndFolderTests {
    @Test(arguments: [3, 5])
    func readsLinesAndTurnsErasersIntoMasks(version: Int) throws {
        let file = RemarkableLinesFile(
            version: version,
            layers: [
                [
                    .init(tool: 2, points: [(100, 100), (200, 100)]),  // erased by the eraser below
                    .init(tool: 17, points: [(100, 500), (120, 520)]),  // inside the erase area
                    .init(tool: 18, color: 0, points: [(900, 900), (950, 900)]),  // untouched highlighter
                    .init(tool: 6, points: [(150, 50), (150, 150)], width: 10),
                    .init(tool: 8, points: [(50, 450), (300, 450), (300, 600), (50, 600)]),
                    .init(tool: 2, points: [(150, 100), (160, 100)]),  // drawn after the eraser
                ],
                [.init(tool: 4, points: [(150, 100), (151, 101)])],  // another layer: not erased
            ])
        let page = try RemarkableReader.page(bytes: file.bytes)
        let strokes = page.drawing.strokes
        #expect(strokes.count == 5)
        #expect(strokes.map(\.ink.kind) == [.pen, .monoline, .highlighter, .pen, .monoline])
        #expect(strokes[0].mask?.sweeps.map(\.radius) == [5])
        #expect(strokes[0].mask?.polygons.isEmpty == true)
        #expect(strokes[1].mask?.polygons.count == 1 && strokes[1].mask?.sweeps.isEmpty == true)
        #expect(strokes[2].mask == nil && strokes[3].mask == nil && strokes[4].mask == nil)
        #expect(strokes[0].path[0].force == 0.5 && strokes[0].path[0].size.width == 2)
        #expect(page.size == Size(width: 1404, height: 1872))
        // IDs: derived from content, layer and index; the same on every read, all distinct.
        #expect(try RemarkableReader.page(bytes: file.bytes).drawing.strokes.map(\.id) == strokes.map(\.id))
        #expect(Set(strokes.map(\.id)).count == 5)
    }

    @Test func refusesAbsurdCountsBeforeAllocating() {
        var bytes = RemarkableLinesFile(version: 5, layers: []).bytes
        bytes.replaceSubrange(43..<47, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: ReadError("layer count 4294967295 at byte 43 exceeds the data left")) {
            try RemarkableReader.page(bytes: bytes)
        }
        var points = RemarkableLinesFile(version: 3, layers: [[.init(tool: 2, points: [(1, 1)])]]).bytes
        points.replaceSubrange(67..<71, with: [0, 0, 0, 0x40])
        #expect(throws: ReadError("point count 1073741824 at byte 67 exceeds the data left")) {
            try RemarkableReader.page(bytes: points)
        }
    }

    @Test func readsTheLinesAreRustyNotebookFolder() throws {
        let folder = RemarkableTestFiles.fixture("lines-are-rusty__v5_notebook")
        #expect(RemarkableReader.claims(directory: folder))
        let notebook = try RemarkableReader.read(at: folder)
        #expect(notebook.title == nil)  // the bundle has no .metadata
        #expect(notebook.pages.count == 1)  // listed as a UUID, stored as 0.rm
        let strokes = notebook.pages[0].drawing.strokes
        #expect(strokes.count == 444)  // 445 in the file, one of them an eraser
        #expect(strokes.filter { $0.ink.kind == .highlighter }.count == 4)
        // Its one eraser is a 40 px dot about 22.7 px from the nearest marker line (half width
        // about 2.3 px): just out of reach, so nothing is masked.
        #expect(strokes.allSatisfy { $0.mask == nil })
    }

    @Test func ordersFolderPagesByIndexSkipsDeletedAndFillsMissing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rm-folder-\(UUID().uuidString)")
        let doc = "11111111-2222-3333-4444-555555555555"
        let pages = root.appendingPathComponent(doc)
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let content = """
            {"cPages": {"pages": [
              {"id": "p-last", "idx": {"timestamp": "1:1", "value": "bc"}},
              {"id": "p-gone", "idx": {"timestamp": "1:1", "value": "bb"}, "deleted": {"timestamp": "1:2", "value": 1}},
              {"id": "p-first", "idx": {"timestamp": "1:1", "value": "ba"}},
              {"id": "p-blank", "idx": {"timestamp": "1:1", "value": "bb"}}
            ]}, "fileType": "notebook"}
            """
        try Data(content.utf8).write(to: root.appendingPathComponent(doc + ".content"))
        try Data(#"{"visibleName": "Week 1", "type": "DocumentType"}"#.utf8)
            .write(to: root.appendingPathComponent(doc + ".metadata"))
        try FileManager.default.copyItem(
            at: RemarkableTestFiles.fixture("rmscene__Lines_v2.rm"), to: pages.appendingPathComponent("p-first.rm"))
        try FileManager.default.copyItem(
            at: RemarkableTestFiles.fixture("rmc__dot.stroke.rm"), to: pages.appendingPathComponent("p-last.rm"))
        try FileManager.default.copyItem(
            at: RemarkableTestFiles.fixture("rmc__dot.stroke.rm"), to: pages.appendingPathComponent("p-gone.rm"))

        #expect(RemarkableReader.claims(directory: root))
        let notebook = try RemarkableReader.read(at: root)
        #expect(notebook.title == "Week 1")
        #expect(notebook.pages.map(\.drawing.strokes.count) == [10, 0, 1])

        // A broken page is named in the one-line reason.
        try Data("reMarkable .lines file, version=9          ".utf8).write(
            to: pages.appendingPathComponent("p-last.rm"))
        #expect(throws: ReadError("page 2 (p-last.rm): unsupported reMarkable .lines version 9")) {
            try RemarkableReader.read(at: root)
        }
    }

    /// Tags are indexed as typed text; a page without a file has the document's paper;
    /// rmapi's oldest folders list no pages, only `pageCount` and numbered files.
    @Test func folderTagsBlankPaperAndNumberedPages() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rm-tags-\(UUID().uuidString)")
        let pages = root.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(
            #"""
            {"pages": ["blank", "pro"], "tags": [{"name": "work", "timestamp": 1}, "  "],
             "pageTags": [{"name": "star", "pageId": "pro"}, {"name": "ghost", "pageId": "gone"}]}
            """#.utf8
        ).write(to: root.appendingPathComponent("d.content"))
        try FileManager.default.copyItem(
            at: RemarkableTestFiles.fixture("rmscene-ts__paper-pro-empty.rm"),
            to: pages.appendingPathComponent("pro.rm"))
        let notebook = try RemarkableReader.read(at: root)
        #expect(notebook.pages.map { $0.texts.map(\.text) } == [["work"], ["star"]])
        let paper = try #require(notebook.pages[1].size)
        #expect(notebook.pages[0].size == paper)
        #expect(paper != Size(width: 1404, height: 1872))  // the Paper Pro's, from its SceneInfo

        try FileManager.default.removeItem(at: pages.appendingPathComponent("pro.rm"))
        #expect(try RemarkableReader.read(at: root).pages.map(\.size) == [nil, nil])  // no file to say

        try Data(#"{"fileType": "", "pageCount": 1}"#.utf8).write(to: root.appendingPathComponent("d.content"))
        try FileManager.default.copyItem(
            at: RemarkableTestFiles.fixture("rmc__dot.stroke.rm"), to: pages.appendingPathComponent("0.rm"))
        try FileManager.default.copyItem(
            at: RemarkableTestFiles.fixture("rmc__dot.stroke.rm"), to: pages.appendingPathComponent("1.rm"))
        #expect(try RemarkableReader.read(at: root).pages.map(\.drawing.strokes.count) == [1, 1])
    }

    @Test func claimsOnlyFoldersWithOneContentFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rm-claim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(!RemarkableReader.claims(directory: root))
        try Data("{}".utf8).write(to: root.appendingPathComponent("a.content"))
        #expect(RemarkableReader.claims(directory: root))
        #expect(throws: ReadError("the .content file lists no pages")) { try RemarkableReader.read(at: root) }
        try Data("{}".utf8).write(to: root.appendingPathComponent("b.content"))
        #expect(!RemarkableReader.claims(directory: root))
    }

    @Test func readsPDFAnnotationPagesWithoutThePDF() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rm-pdf-\(UUID().uuidString)")
        let doc = "d0c"
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(doc), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"fileType": "pdf", "pages": ["a", "b", "c"]}"#.utf8)
            .write(to: root.appendingPathComponent(doc + ".content"))
        try FileManager.default.copyItem(
            at: RemarkableTestFiles.fixture("rmc__dot.stroke.rm"),
            to: root.appendingPathComponent(doc).appendingPathComponent("b.rm"))
        let notebook = try RemarkableReader.read(at: root)
        #expect(notebook.pages.map(\.drawing.strokes.count) == [0, 1, 0])
    }

    @Test func theRegistryDetectsPagesAndFolders() throws {
        let bytes = try RemarkableTestFiles.bytes("rmc__dot.stroke.rm")
        #expect(NotebookFormats.detect(contents: bytes, fileExtension: "") == RemarkableReader.self)
        let folder = RemarkableTestFiles.fixture("lines-are-rusty__v5_notebook")
        #expect(try NotebookFormats.detect(folder) == RemarkableReader.self)
        #expect(try NotebookFormats.read(at: folder).pages.count == 1)
    }
}
