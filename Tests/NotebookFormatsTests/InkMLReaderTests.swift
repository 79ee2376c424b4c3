import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

@Suite struct InkMLReaderTests {
    @Test func tracesBrushesAndDifferenceEncoding() throws {
        let notebook = try NotebookFormats.read(at: FormatFixtures.url("brushes-differences.inkml"))
        #expect(notebook.format == "inkml")
        #expect(notebook.pages.count == 1)
        let strokes = notebook.pages[0].drawing.strokes
        // The pen-up trace is not ink.
        #expect(strokes.count == 4)
        #expect(
            strokes[0].path.controlPoints.map(\.location) == [
                Point(x: 10, y: 20), Point(x: 11, y: 22), Point(x: 13, y: 25),
            ])
        #expect(strokes[0].ink.width == 8)
        #expect(strokes[0].ink.color == Ink.Color(red: 0, green: 0, blue: 1))
        // '1'0 first differences (sticky), then "1"1 second differences.
        #expect(
            strokes[1].path.controlPoints.map(\.location) == [
                Point(x: 100, y: 100), Point(x: 101, y: 100), Point(x: 102, y: 100), Point(x: 104, y: 101),
            ])
        #expect(strokes[1].ink.kind == .highlighter)
        #expect(abs(strokes[1].ink.color.alpha - (1 - 128.0 / 255)) < 1e-9)
        #expect(strokes[3].path.controlPoints.map(\.location) == [Point(x: 41, y: -60), Point(x: 42, y: -61)])
    }

    @Test func contextFormatGivesForceAndTime() throws {
        let stroke = try NotebookFormats.read(at: FormatFixtures.url("brushes-differences.inkml")).pages[0].drawing
            .strokes[2]
        #expect(
            stroke.path.controlPoints.map(\.location) == [
                Point(x: 500, y: 600), Point(x: 510, y: 595), Point(x: 510, y: 595),
            ])
        #expect(stroke.path.controlPoints.map(\.force) == [0.5, 0.25, 1])
        #expect(stroke.path.controlPoints.map(\.timeOffset) == [0, 0.01, 0.02])
    }

    @Test func idsComeFromTraceIDs() throws {
        let bytes = try FormatFixtures.bytes("brushes-differences.inkml")
        let strokes = try InkMLReader.read(contents: bytes, fileExtension: "inkml").pages[0].drawing.strokes
        let ids = StableStrokeID(fileContents: bytes)
        #expect(strokes[0].id == ids.id(key: "trace:t1"))
        #expect(strokes[1].id == ids.id(key: "trace:t2"))
        #expect(Set(strokes.map(\.id)).count == 4)
    }

    @Test(arguments: [
        ("<ink><trace>1 2, 3 x</trace></ink>", "trace 0: point 2"),
        ("<ink><traceFormat><channel name='F'/></traceFormat><trace>1</trace></ink>", "no X and Y"),
        ("<inkml/>", "not <ink>"),
    ])
    func refusals(_ document: String, _ reason: String) {
        do {
            _ = try InkMLReader.read(contents: Array(document.utf8), fileExtension: "inkml")
            Issue.record("accepted \(document)")
        } catch {
            #expect("\(error)".contains(reason), "\(error)")
        }
    }

    @Test func defaultFormatAndNoNamespace() throws {
        let notebook = try InkMLReader.read(
            contents: Array("<ink><trace>\n 1 2,\n3 4 </trace><trace/></ink>".utf8), fileExtension: "inkml")
        #expect(notebook.pages[0].drawing.strokes.count == 1)
        #expect(notebook.pages[0].drawing.strokes[0].path.count == 2)
    }
}
