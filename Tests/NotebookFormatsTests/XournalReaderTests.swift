import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

@Suite struct XournalReaderTests {
    static func read(_ name: String) throws -> Notebook {
        try NotebookFormats.read(at: FormatFixtures.url(name))
    }

    @Test(arguments: ["pressure-eraser-text.xopp", "plain.xoj", "packaged.xopp"])
    func sameDrawingFromEveryContainer(_ name: String) throws {
        let notebook = try Self.read(name)
        #expect(notebook.format == (name.hasSuffix(".xoj") ? "xoj" : "xopp"))
        #expect(notebook.pages.count == 2)
        let page = notebook.pages[0]
        #expect(page.size == Size(width: 200, height: 100))
        // 1 pen + the pressure stroke split in 2 at its zero width + 1 highlighter + 1 pen drawn
        // after the white-out; the white-out itself is not ink.
        #expect(page.drawing.strokes.count == 5)
        #expect(page.drawing.strokes.map(\.path.count) == [3, 3, 2, 2, 2])
        #expect(page.drawing.strokes.map(\.ink.kind) == [.pen, .pen, .pen, .highlighter, .pen])
        #expect(notebook.pages[1].drawing.strokes.isEmpty)
    }

    @Test func pressureWidthsBecomePointSizes() throws {
        let strokes = try Self.read("pressure-eraser-text.xopp").pages[0].drawing.strokes
        #expect(strokes[1].ink.width == 2)
        #expect(strokes[1].path.controlPoints.map(\.size.width) == [1, 2, 2])
        #expect(strokes[2].path.controlPoints.map(\.size.width) == [3, 3])
        #expect(strokes[2].path.controlPoints.first?.location == Point(x: 70, y: 43))
        #expect(strokes[0].path.controlPoints.allSatisfy { $0.size.width == 1.5 })
        #expect(strokes[1].ink.color == Ink.Color(red: 0.2, green: 0.2, blue: 0.8))
    }

    @Test func whiteoutMasksOnlyTheStrokesBelowIt() throws {
        let strokes = try Self.read("pressure-eraser-text.xopp").pages[0].drawing.strokes
        let mask = try #require(strokes[0].mask)
        #expect(mask.sweeps.count == 1)
        #expect(mask.sweeps[0].radius == 3)
        #expect(mask.sweeps[0].points == [Point(x: 15, y: 8), Point(x: 15, y: 14)])
        #expect(strokes[1...].allSatisfy { $0.mask == nil })
    }

    @Test func textElementsWithBounds() throws {
        let texts = try Self.read("pressure-eraser-text.xopp").pages[0].texts
        #expect(texts.map(\.text) == ["Hello & welcome\nsecond line", "x^2\n+1"])
        #expect(texts[0].bounds?.minX == 100)
        #expect(texts[0].bounds?.minY == 20)
        #expect(texts[0].bounds?.height == 24)
        #expect(texts[1].bounds == Rect(x: 100, y: 60, width: 40, height: 20))
    }

    @Test func idsAreStableAndDistinct() throws {
        let first = try Self.read("pressure-eraser-text.xopp").pages[0].drawing.strokes.map(\.id)
        let second = try Self.read("pressure-eraser-text.xopp").pages[0].drawing.strokes.map(\.id)
        #expect(first == second)
        #expect(Set(first).count == first.count)
        // Another container of the same drawing is another file: other IDs.
        let plain = try Self.read("plain.xoj").pages[0].drawing.strokes.map(\.id)
        #expect(Set(plain).isDisjoint(with: first))
    }

    /// xournalpp.github.io raw-screenshots/Handwrite.xopp (MIT): 161 pressure pen strokes and
    /// 4 highlighters, as Xournal++ loads it.
    @Test func realHandwriting() throws {
        let notebook = try Self.read("xournalpp-website__Handwrite.xopp")
        let strokes = notebook.pages[0].drawing.strokes
        #expect(notebook.pages.count == 1)
        #expect(strokes.count == 165)
        #expect(strokes.filter { $0.ink.kind == .highlighter }.count == 4)
        #expect(strokes.reduce(0) { $0 + $1.path.count } == 6423)
        #expect(strokes.contains { stroke in Set(stroke.path.controlPoints.map(\.size.width)).count > 1 })
    }

    @Test func refusesWhatIsNotXournal() throws {
        #expect(throws: ReadError.self) { try XournalReader.read(contents: Array("><tr>".utf8), fileExtension: "xoj") }
        #expect(throws: ReadError.self) {
            try XournalReader.read(contents: Array("<svg/>".utf8), fileExtension: "xopp")
        }
        do {
            _ = try XournalReader.read(
                contents: Array("<xournal><page><layer><stroke>1 2 3 4</layer></page></xournal>".utf8),
                fileExtension: "xopp")
            Issue.record("mismatched tags were accepted")
        } catch {
            #expect("\(error)".contains("line 1"))
        }
    }

    /// A page of the given `<background>` with one white stroke, as Xournal++ writes a dark page.
    static func darkPage(background: String) -> String {
        """
        <?xml version="1.0" standalone="no"?>
        <xournal creator="xournalpp 1.2.3" fileversion="4">
        <page width="200" height="100">
        \(background)
        <layer>
        <stroke tool="pen" color="#ffffffff" width="1.41">10 10 40 20 70 10</stroke>
        </layer>
        </page>
        </xournal>
        """
    }

    @Test(arguments: [
        ("<background type=\"solid\" color=\"#1e1e1eff\" style=\"plain\"/>", "#1e1e1e"),
        ("<background type=\"solid\" color=\"#203040\" style=\"lined\"/>", "#203040"),
        ("<background type=\"solid\" color=\"pink\" style=\"ruled\"/>", "#ffc0d4"),
        ("<background type=\"solid\" color=\"#1e1e1e00\" style=\"plain\"/>", nil),
        ("<background type=\"pdf\" domain=\"absolute\" filename=\"x.pdf\" pageno=\"1\"/>", nil),
        ("<background type=\"solid\" color=\"nonsense\"/>", nil),
    ])
    func darkPageBackgroundIsReadSoWhiteInkShows(background: String, paper: String?) throws {
        let text = Self.darkPage(background: background)
        let page = try #require(try NotebookFormats.read(contents: Array(text.utf8), fileExtension: "xopp").pages.first)
        #expect(page.background.map(SVGWriter.hex) == paper)
        #expect(page.drawing.strokes.first?.ink.color == Ink.Color(red: 1, green: 1, blue: 1))
    }
}
