import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

@Suite struct SVGReaderTests {
    @Test func writePagesAndPens() throws {
        let notebook = try NotebookFormats.read(at: FormatFixtures.url("write-pages.svg"))
        #expect(notebook.format == "svg")
        #expect(notebook.pages.count == 2)
        #expect(notebook.pages[0].size == Size(width: 300, height: 200))
        let first = notebook.pages[0].drawing.strokes
        // Ruling, page rectangle and bookmark are not ink.
        #expect(first.count == 3)
        #expect(
            first[0].path.controlPoints.map(\.location) == [
                Point(x: 10, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 20), Point(x: 40, y: 40),
            ])
        #expect(first[0].ink.width == 2)
        #expect(first[0].path.creationDate == Date(timeIntervalSince1970: Double(0x16fa259f7b6) / 1000))
        // The flat pen's outline becomes its centreline, widths from the outline.
        #expect(
            first[1].path.controlPoints.map(\.location) == [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 20, y: 0)])
        #expect(first[1].path.controlPoints.map(\.size.width) == [2, 2, 2])
        #expect(first[1].transform == AffineTransform(translationX: 100, y: 50))
        #expect(first[2].ink.kind == .highlighter)
        #expect(first[2].ink.width == 8)
        #expect(notebook.pages[1].drawing.strokes.count == 3)
    }

    @Test func curvesFollowTheBezierChain() throws {
        let stroke = try NotebookFormats.read(at: FormatFixtures.url("write-pages.svg")).pages[0].drawing.strokes[2]
        let start = try #require(stroke.path.controlPoints.first?.location)
        let end = try #require(stroke.path.controlPoints.last?.location)
        #expect(start == Point(x: 50, y: 150))
        #expect(end.distance(to: Point(x: 110, y: 150)) < 1e-9)
        // The chain's midpoint (end of the C segment) lies on the spline within the tolerance.
        let samples = stroke.path.interpolatedLocations(by: .parametricStep(0.05))
        #expect(samples.contains { $0.distance(to: Point(x: 80, y: 150)) < 0.2 })
    }

    @Test func transformsCompose() throws {
        let strokes = try NotebookFormats.read(at: FormatFixtures.url("write-pages.svg")).pages[1].drawing.strokes
        let rotated = strokes[0].transform
        let p = Point(x: 1, y: 1).applying(rotated)
        // scale(2) then rotate(90°): (1,1) → (2,2) → (-2,2).
        #expect(abs(p.x + 2) < 1e-9 && abs(p.y - 2) < 1e-9)
        let q = Point(x: 0, y: 0).applying(strokes[1].transform)
        #expect(abs(q.x - 7) < 1e-9 && abs(q.y - 8) < 1e-9)
        #expect(strokes[2].path.controlPoints.map(\.location) == [Point(x: 1, y: 2), Point(x: 3, y: 4)])
    }

    @Test func pathDataCommands() {
        let subpaths = SVGPathData.parse(
            "M1,2L3-4h5v6H0V0zm1 1l1.5.5c1 1 2 2 3 3s4 4 5 5q1 1 2 2t3 3a5 5 0 1 0 10 0Z M 9 9")
        #expect(subpaths.count == 3)
        #expect(subpaths[0].isClosed)
        #expect(
            subpaths[0].vertices == [
                Point(x: 1, y: 2), Point(x: 3, y: -4), Point(x: 8, y: -4), Point(x: 8, y: 2), Point(x: 0, y: 2),
                Point(x: 0, y: 0), Point(x: 1, y: 2),
            ])
        #expect(subpaths[1].start == Point(x: 2, y: 3))
        #expect(!subpaths[1].isPolyline)
        // The arc ends where it was told to end; the large arc needs more than one cubic.
        let arcEnd = subpaths[1].segments.last { $0.p3 != subpaths[1].start }
        #expect(arcEnd != nil)
        #expect(subpaths[2].segments.isEmpty)
    }

    @Test func arcPiecesLieOnTheCircle() {
        let pieces = SVGArc.cubics(
            from: Point(x: 0, y: 0), to: Point(x: 10, y: 0), rx: 5, ry: 5, rotation: 0, largeArc: false, sweep: true)
        #expect(pieces.count == 2)
        for piece in pieces {
            let mid = piece.point(at: 0.5)
            #expect(abs(mid.distance(to: Point(x: 5, y: 0)) - 5) < 0.01)
        }
    }

    @Test func brokenPathDataKeepsWhatCameBefore() {
        let subpaths = SVGPathData.parse("M0 0 L10 10 L20 x 30 30")
        #expect(subpaths.count == 1)
        #expect(subpaths[0].vertices == [Point(x: 0, y: 0), Point(x: 10, y: 10)])
    }

    @Test func compressedSVGReadsTheSame() throws {
        let plain = try NotebookFormats.read(at: FormatFixtures.url("write-pages.svg"))
        let compressed = try NotebookFormats.read(at: FormatFixtures.url("write-pages.svgz"))
        #expect(compressed.pages.map(\.drawing.strokes.count) == plain.pages.map(\.drawing.strokes.count))
        #expect(compressed.pages[1].drawing.strokes.map(\.path) == plain.pages[1].drawing.strokes.map(\.path))
    }

    @Test func plainSVGIsOnePage() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><g style="stroke:blue;stroke-width:3">
            <path d="M0 0 L10 10"/><rect x="0" y="0" width="5" height="5"/><path fill="red" stroke="none" d="M0 0h5v5z"/>
            <path display="none" d="M0 0 L5 5"/></g>
            <text x="10" y="40" font-size="10" transform="translate(5,0)">Hello <tspan>world</tspan></text></svg>
            """
        let notebook = try SVGReader.read(contents: Array(svg.utf8), fileExtension: "svg")
        #expect(notebook.pages.count == 1)
        #expect(notebook.pages[0].drawing.strokes.count == 2)
        #expect(notebook.pages[0].drawing.strokes[0].ink.color == Ink.Color(red: 0, green: 0, blue: 1))
        #expect(notebook.pages[0].texts.map(\.text) == ["Hello world"])
        #expect(notebook.pages[0].texts[0].bounds?.minX == 15)
        #expect(notebook.pages[0].texts[0].bounds?.minY == 30)
    }
}
