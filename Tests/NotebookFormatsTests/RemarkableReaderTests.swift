import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// Fixture files for the reMarkable tests, located from this source file.
enum RemarkableTestFiles {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures/rm")
    /// `../shared/corpus/rm` beside the repository, when present.
    static var corpus: URL? { FormatFixtures.corpus?.appendingPathComponent("rm") }

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixture(name)))
    }
}

@Suite struct RemarkableReaderTests {
    @Test func readsV6LinesWithVersion1PointsAnchoredGroupsAndText() throws {
        let notebook = try RemarkableReader.read(
            at: RemarkableTestFiles.fixture("rmscene__Normal_A_stroke_2_layers.rm"))
        #expect(notebook.format == "rm")
        let page = try #require(notebook.pages.first)
        #expect(page.drawing.strokes.count == 2)
        #expect(page.drawing.strokes.map(\.path.count) == [7, 7])
        #expect(page.texts.map(\.text) == ["A"])
        let stroke = page.drawing.strokes[0]
        #expect(stroke.ink.kind == .monoline)  // fineliner
        // Version-1 points: width 4 px (stored 4.0 → rmscene's 16 / 4), pressure 0–1.
        #expect(abs(stroke.path[0].size.width - 4) < 0.01)
        #expect(stroke.path[0].force > 0 && stroke.path[0].force <= 1)
        // Anchored to the text's first line: x = 702 (page centre) − 464 (anchor origin), y = 234 (text top).
        #expect(stroke.transform == DrawingModel.AffineTransform(translationX: 702 - 464, y: 234))
        let text = try #require(page.texts.first?.bounds)
        #expect(text.x == 702 - 468 && text.y == 234 && text.width == 936)
    }

    @Test func readsV6Version2PointsAndDropsDeletedLines() throws {
        let page = try RemarkableReader.page(bytes: try RemarkableTestFiles.bytes("rmscene__Lines_v2.rm"))
        #expect(page.drawing.strokes.count == 10)  // 11 line items, one deleted
        #expect(page.drawing.strokes.reduce(0) { $0 + $1.path.count } == 469)
        #expect(page.drawing.strokes.allSatisfy { $0.ink.kind == .pen })  // ballpoint
        #expect(Set(page.drawing.strokes.map(\.id)).count == 10)
    }

    @Test func strokeIDsComeFromCrdtIDsAndAreStable() throws {
        let bytes = try RemarkableTestFiles.bytes("rmscene__Lines_v2.rm")
        let first = try RemarkableReader.page(bytes: bytes).drawing.strokes.map(\.id)
        let second = try RemarkableReader.page(bytes: bytes).drawing.strokes.map(\.id)
        #expect(first == second)
        let tree = try RemarkableSceneTree(bytes: bytes)
        let lineIDs = tree.groups.values.flatMap { $0.lineItems.filter { $0.value != nil }.map(\.id) }
        let expected = Set(lineIDs.map { RemarkableStrokeID.v6($0, authors: tree.authors) })
        #expect(Set(first) == expected)
    }

    @Test func ordersConcurrentTextInsertsLikeTheTablet() throws {
        let page = try RemarkableReader.page(bytes: try RemarkableTestFiles.bytes("rmscene__test-crdt-ordering.rm"))
        #expect(page.texts.map(\.text) == ["A12_Z"])
    }

    @Test func splitsTypedTextIntoParagraphsWithStyleHeights() throws {
        let page = try RemarkableReader.page(
            bytes: try RemarkableTestFiles.bytes("rmscene__Bold_Heading_Bullet_Normal.rm"))
        #expect(page.texts.map(\.text) == ["A", "new line", "B is a letter of the alphabet", "C"])
        let tops = page.texts.compactMap { $0.bounds?.minY }
        #expect(tops == tops.sorted() && Set(tops).count == 4)
        #expect(page.drawing.isEmpty)
    }

    @Test func stripsInlineFormattingCodes() throws {
        let page = try RemarkableReader.page(
            bytes: try RemarkableTestFiles.bytes("rmscene__Normal_A_stroke_2_layers_v3.3.2.rm"))
        #expect(
            page.texts.map(\.text) == [
                "A", "v3.2.2", "Normal bold italic", "Bold italic normal", "Bold line", "Normal line", "Heading line",
            ])
        #expect(page.drawing.strokes.count == 9)
    }

    @Test func readsHighlightedPDFTextAsTextElements() throws {
        let page = try RemarkableReader.page(
            bytes: try RemarkableTestFiles.bytes("rmscene__Wikipedia_highlighted_p1.rm"))
        #expect(page.drawing.isEmpty)
        #expect(page.texts.count == 4)
        #expect(page.texts.contains { $0.text == "ReMarkable uses its own operating system, named Codex." })
        #expect(page.texts.allSatisfy { $0.bounds != nil })
        #expect(page.size == Size(width: 1404, height: 1872))  // no SceneInfo block: rM1/2 paper
    }

    @Test func readsAnEmptyPaperProPageWithTrailingBytes() throws {
        let page = try RemarkableReader.page(bytes: try RemarkableTestFiles.bytes("rmscene-ts__paper-pro-empty.rm"))
        #expect(page.drawing.isEmpty && page.texts.isEmpty)
        #expect(page.size == Size(width: 1620, height: 2160))  // SceneInfo paper size
    }

    @Test func readsASingleDot() throws {
        let page = try RemarkableReader.page(bytes: try RemarkableTestFiles.bytes("rmc__dot.stroke.rm"))
        #expect(page.drawing.strokes.map(\.path.count) == [11])
        #expect(page.drawing.strokes.first?.ink.kind == .pencil)  // mechanical pencil
    }

    @Test(arguments: [
        ("", "truncated at byte 0 (needed 43 more bytes)"),
        ("hello world, this is not a reMarkable file!!", "not a reMarkable .lines file (bad header)"),
        ("reMarkable .lines file, version=4          ", "unsupported reMarkable .lines version 4"),
        (
            "reMarkable lines with selections and layers",
            "unsupported reMarkable .lines version 1 or 2 (multi-page .lines)"
        ),
    ])
    func refusesOtherFilesWithOneLine(header: String, reason: String) {
        #expect(throws: ReadError(reason)) { try RemarkableReader.page(bytes: Array(header.utf8)) }
    }

    @Test func skipsUnknownBlocksByTheirLength() throws {
        var bytes = RemarkableV6Blocks.header
        bytes += [5, 0, 0, 0, 0, 1, 1, 0x7E, 1, 2, 3, 4, 5]  // unknown block type 0x7E, 5 bytes
        bytes += try RemarkableTestFiles.bytes("rmscene__Lines_v2.rm").dropFirst(43)
        #expect(try RemarkableReader.page(bytes: bytes).drawing.strokes.count == 10)
    }

    @Test func refusesABlockLongerThanTheFile() {
        let bytes = RemarkableV6Blocks.header + [0xFF, 0xFF, 0xFF, 0x7F, 0, 1, 1, 5]
        #expect(throws: ReadError("block of 2147483647 bytes runs past the end of the file at byte 43")) {
            try RemarkableReader.page(bytes: bytes)
        }
    }

    @Test func crdtOrderFollowsNeighboursThenAuthorThenCounter() {
        let a = RemarkableCrdtID(author: 1, counter: 10), b = RemarkableCrdtID(author: 1, counter: 11)
        let c = RemarkableCrdtID(author: 2, counter: 5)
        // b after a; c concurrent with a at the start (higher author first).
        let order = RemarkableCrdtSequence.order(
            ids: [b, a, c], lefts: [a, .end, .end], rights: [.end, .end, .end])
        #expect(order == [2, 1, 0])
        // A cycle keeps every item.
        let cycle = RemarkableCrdtSequence.order(ids: [a, b], lefts: [b, a], rights: [.end, .end])
        #expect(Set(cycle) == [0, 1])
    }

    /// Regression (fuzz case "flipBytes of rmscene__Normal_AB.rm", 7.7 s): a deleted run of four
    /// billion characters must not be expanded character by character.
    @Test func hugeDeletedRunsCostNothing() {
        func id(_ n: UInt64) -> RemarkableCrdtID { RemarkableCrdtID(author: 1, counter: n) }
        let root = RemarkableRootText(
            items: [
                RemarkableCrdtItem(id: id(10), left: .end, right: .end, deletedLength: 0, value: .text("ab\ncd")),
                // Deleted text inserted after "a", pointing into the middle of the first run.
                RemarkableCrdtItem(id: id(100), left: id(10), right: id(11), deletedLength: UInt32.max, value: nil),
                // "X" right after the deleted run's last character.
                RemarkableCrdtItem(
                    id: id(100 + UInt64(UInt32.max)), left: id(99 + UInt64(UInt32.max)),
                    right: id(11), deletedLength: 0, value: .text("X")),
            ],
            styles: [:], x: 0, y: 100, width: 500)
        let layout = RemarkableTextLayout(root)
        #expect(layout.paragraphs.map(\.text) == ["aXb", "cd"])
        #expect(layout.top(of: id(14)) == 170)  // "d" is in the second paragraph
        #expect(layout.top(of: id(500)) == 100)  // a deleted character of the first
        #expect(layout.top(of: RemarkableTextLayout.textEndAnchor) == 240)
    }
}
