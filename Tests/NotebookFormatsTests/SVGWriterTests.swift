import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// `SVGWriter` round trips through our own `SVGReader`: what it draws is what the reader sees.
@Suite struct SVGWriterTests {
    static let samples = SampleNotebooksTests.folder

    /// Every page of every sample notebook.
    static let samplePages: [String] = {
        let files = (FileManager.default.enumerator(atPath: samples.path)?.allObjects as? [String]) ?? []
        return files.filter { NotebookFormats.isNotebookFile(samples.appendingPathComponent($0)) }.sorted()
    }()

    static func readBack(_ svg: String) throws -> Page {
        let notebook = try SVGReader.read(contents: Array(svg.utf8), fileExtension: "svg")
        return try #require(notebook.pages.first)
    }

    @Test(arguments: samplePages)
    func samplePagesReadBackWithTheSameVisibleStrokes(file: String) throws {
        let notebook = try NotebookFormats.read(at: Self.samples.appendingPathComponent(file))
        for (index, page) in notebook.pages.enumerated() {
            let back = try Self.readBack(SVGWriter.encode(page))
            let visible = page.drawing.strokes.reduce(0) { $0 + $1.maskedPathRanges.count }
            #expect(back.drawing.strokes.count == visible, "\(file) page \(index + 1)")
            #expect(back.drawing.strokes.count == PageArtwork.visiblePieces(of: page.drawing).count)
            #expect(
                back.texts.map(\.text)
                    == page.texts.map { $0.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") })
        }
    }

    @Test func samplesAreNotAllEmpty() {
        #expect(Self.samplePages.count >= 5)
    }

    /// A 100-unit line with its middle erased by a sweep of radius 5 around x = 50.
    static let erasedInTheMiddle = Stroke(
        id: UUID(), ink: Ink(kind: .pen, color: Ink.Color(red: 0, green: 0, blue: 1), width: 2),
        path: StrokePath(controlPoints: (0...20).map { StrokePoint(location: Point(x: Double($0) * 5, y: 10)) }),
        mask: StrokeMask(sweeps: [.init(points: [Point(x: 50, y: 0), Point(x: 50, y: 20)], radius: 5)]))

    @Test func erasedPartsAreLeftOut() throws {
        let fullyErased = Stroke(
            id: UUID(),
            path: StrokePath(controlPoints: [
                StrokePoint(location: Point(x: 200, y: 10)), StrokePoint(location: Point(x: 210, y: 10)),
            ]),
            mask: StrokeMask(polygons: [
                [Point(x: 190, y: 0), Point(x: 220, y: 0), Point(x: 220, y: 20), Point(x: 190, y: 20)]
            ]))
        let page = Page(drawing: Drawing(strokes: [Self.erasedInTheMiddle, fullyErased]))
        let svg = SVGWriter.encode(page)
        let back = try Self.readBack(svg)
        #expect(back.drawing.strokes.count == 2)
        for stroke in back.drawing.strokes {
            #expect(stroke.ink.color == Ink.Color(red: 0, green: 0, blue: 1))
            #expect(stroke.ink.width == 2)
            for point in stroke.path.controlPoints {
                let x = point.location.applying(stroke.transform).x
                #expect(x < 45.01 || x > 54.99, "ink drawn where it was erased: x = \(x)")
                #expect(x < 150, "a fully erased stroke was drawn")
            }
        }
        let xs = back.drawing.strokes.flatMap { $0.path.controlPoints.map(\.location.x) }
        #expect(abs((xs.min() ?? -1) - 0) < 0.01 && abs((xs.max() ?? -1) - 100) < 0.01)
    }

    @Test func highlightersAreTranslucentAndPensOpaque() throws {
        let line = StrokePath(controlPoints: [
            StrokePoint(location: Point(x: 0, y: 0)), StrokePoint(location: Point(x: 50, y: 0)),
        ])
        let yellow = Ink.Color(red: 1, green: 1, blue: 0)
        let page = Page(
            drawing: Drawing(strokes: [
                Stroke(id: UUID(), ink: Ink(kind: .highlighter, color: yellow, width: 12), path: line),
                Stroke(id: UUID(), ink: Ink(kind: .pen, color: .black, width: 1.5), path: line),
            ]))
        let svg = SVGWriter.encode(page)
        #expect(svg.contains("stroke=\"#ffff00\" stroke-width=\"12\""))
        #expect(svg.contains("stroke-opacity=\"0.5\""))
        let back = try Self.readBack(svg)
        #expect(back.drawing.strokes.map(\.ink.kind) == [.highlighter, .pen])
        #expect(back.drawing.strokes.map(\.ink.color.alpha) == [0.5, 1])
        #expect(back.drawing.strokes.map(\.ink.width) == [12, 1.5])
    }

    @Test func transformsAndTypedTextAreKeptInPlace() throws {
        var stroke = Self.erasedInTheMiddle
        stroke.mask = nil
        stroke.transform = AffineTransform(translationX: 30, y: 40)
        let texts = [
            TextElement(text: "Fish & <chips>", bounds: Rect(x: 10, y: 100, width: 80, height: 15)),
            TextElement(text: "loose"),
        ]
        let page = Page(drawing: Drawing(strokes: [stroke]), texts: texts, size: Size(width: 300, height: 200))
        let svg = SVGWriter.encode(page)
        #expect(svg.contains("viewBox=\"0 0 300 "))
        let back = try Self.readBack(svg)
        #expect(back.texts.map(\.text) == ["Fish & <chips>", "loose"])
        let box = try #require(back.texts.first?.bounds)
        #expect(abs(box.minX - 10) < 0.01 && abs(box.minY - 100) < 0.01 && abs(box.height - 15) < 0.01)
        let bounds = try #require(back.drawing.strokes.first?.pathBounds)
        #expect(abs(bounds.minX - 30) < 0.01 && abs(bounds.maxX - 130) < 0.01 && abs(bounds.minY - 50) < 0.01)
    }

    @Test func highlightBoxesAreRectanglesTheReaderSkips() throws {
        let page = Page(drawing: Drawing(strokes: [Self.erasedInTheMiddle]))
        let svg = SVGWriter.encode(page, highlights: [Rect(x: 0, y: 5, width: 40, height: 10)])
        #expect(svg.contains("<rect class=\"hit\" x=\"0\" y=\"5\" width=\"40\" height=\"10\""))
        #expect(try Self.readBack(svg).drawing.strokes.count == 2)
    }

    @Test func aDotIsDrawnAndReadBackAsOneStroke() throws {
        let dot = Stroke(
            id: UUID(), ink: Ink(width: 3), path: StrokePath(controlPoints: [StrokePoint(location: Point(x: 7, y: 8))]))
        let svg = SVGWriter.encode(Page(drawing: Drawing(strokes: [dot])))
        // Round caps make the zero-length path a visible dot.
        #expect(svg.contains("d=\"M7 8C7 8 7 8 7 8\""))
        let back = try Self.readBack(svg)
        #expect(back.drawing.strokes.count == 1)
        #expect(
            back.drawing.strokes.first?.pathBounds.map { abs($0.minX - 7) < 0.01 && abs($0.minY - 8) < 0.01 } == true)
    }

    @Test(arguments: [
        (0.0, "0"), (1.5, "1.5"), (-2.0004, "-2"), (1234567.25, "1234567.25"), (Double.nan, "0"), (0.0004, "0"),
    ])
    func numbersAreShort(value: Double, text: String) {
        #expect(SVGWriter.number(value) == text)
    }

    /// Regression: a dark Xournal++ page written in white ink was drawn white on white.
    @Test func darkPageInWhiteInkIsDrawnOnItsOwnColour() throws {
        let text = XournalReaderTests.darkPage(background: "<background type=\"solid\" color=\"#1e1e1eff\"/>")
        let page = try #require(try NotebookFormats.read(contents: Array(text.utf8), fileExtension: "xopp").pages.first)
        let svg = SVGWriter.encode(page)
        #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"200\" height=\"100\" fill=\"#1e1e1e\"/>"))
        #expect(!svg.contains("fill=\"#ffffff\""))
        #expect(svg.contains("stroke=\"#ffffff\""))
        let white = Page(drawing: page.drawing, size: page.size)
        #expect(SVGWriter.encode(white).contains("fill=\"#ffffff\""), "no colour: white paper, as before")
    }
}
