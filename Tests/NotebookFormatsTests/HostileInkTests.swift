import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// Coordinates that overflow are refused where every reader hands its
/// notebook over, with the page and stroke named; attributes out of range are clamped.
@Suite struct HostileInkTests {
    @Test(arguments: [
        (
            "svg",
            #"<svg xmlns="http://www.w3.org/2000/svg"><g transform="scale(1e308)"><path d="M 1 1 L 2 2 L 3 3" stroke="black"/></g></svg>"#
        ),
        (
            "svg",
            #"<svg xmlns="http://www.w3.org/2000/svg"><path d="m 1e308 1 l 1e308 1 l 1e308 1" stroke="black"/></svg>"#
        ),
        (
            "json",
            #"{"format":"notebook-index","version":1,"pages":[{"strokes":[{"id":"6F1C0000-0000-4000-8000-000000000001","transform":[1e308,0,0,1e308,0,0],"points":[[1,1,0],[2,2,0],[3,3,0]]}]}]}"#
        ),
    ])
    func overflowingCoordinatesAreRefused(fileExtension: String, text: String) {
        #expect(throws: ReadError("page 1: stroke 1: coordinates are not finite or beyond ±16777216")) {
            try NotebookFormats.read(contents: Array(text.utf8), fileExtension: fileExtension)
        }
    }

    @Test func attributesOutOfRangeAreClampedAndTheInkKept() throws {
        var point = StrokePoint(location: Point(x: 1, y: 2))
        point.force = .nan
        point.timeOffset = .infinity
        point.size = Size(width: -.infinity, height: 1e300)
        point.opacity = 7
        let stroke = Stroke(id: UUID(), ink: Ink(width: .nan), path: StrokePath(controlPoints: [point]))
        let page = Page(
            drawing: Drawing(strokes: [stroke]),
            texts: [TextElement(text: "t", bounds: Rect(x: .nan, y: 0, width: 1, height: 1))])
        let checked = try Notebook(format: "test", pages: [page]).checkedInk()
        let kept = checked.pages[0].drawing.strokes[0]
        #expect(kept.path[0].location == Point(x: 1, y: 2))
        #expect(
            kept.path[0].force == StrokePoint.defaultForce && kept.path[0].timeOffset == 0 && kept.path[0].opacity == 1)
        #expect(kept.path[0].size == Size(width: 0, height: InkLimits.maxCoordinate))
        #expect(kept.ink.width == 1)
        #expect(checked.pages[0].texts[0].bounds == nil)
    }
}

/// A file's points are counted while it is read, in every reader, so a
/// small file of millions of points is refused before they take memory (here with budgets of 100
/// and 1,000 points for a file of 120; the registry's budget is `InkLimits.maxPointsPerFile`).
@Suite struct PointBudgetTests {
    /// 40 strokes of 3 points each.
    private static let points = (0..<40).map { i in [(i, 0), (i, 5), (i, 10)] }
    private static let xopp =
        "<xournal><page width=\"100\" height=\"100\"><layer>"
        + points.map { "<stroke tool=\"pen\" color=\"#000000ff\" width=\"1\">\(list($0, " ", " "))</stroke>" }.joined()
        + "</layer></page></xournal>"
    private static let svg =
        #"<svg xmlns="http://www.w3.org/2000/svg">"#
        + points.map { #"<polyline points=""# + list($0, ",", " ") + #"" stroke="black"/>"# }.joined() + "</svg>"
    private static let inkml =
        #"<ink xmlns="http://www.w3.org/2003/InkML">"# + points.map { "<trace>\(list($0, " ", ", "))</trace>" }.joined()
        + "</ink>"

    private static func list(_ points: [(Int, Int)], _ inside: String, _ between: String) -> String {
        points.map { "\($0.0)\(inside)\($0.1)" }.joined(separator: between)
    }

    private func read(_ text: String, _ fileExtension: String, budget: Int) throws -> Notebook? {
        try PointBudget.$current.withValue(PointBudget(limit: budget)) {
            try NotebookFormats.reader(forExtension: fileExtension)?.read(
                contents: Array(text.utf8), fileExtension: fileExtension)
        }
    }

    @Test(arguments: [("xopp", xopp), ("svg", svg), ("inkml", inkml)])
    func readersStopAtTheBudget(fileExtension: String, text: String) throws {
        let refusal = #expect(throws: (any Error).self) { try read(text, fileExtension, budget: 100) }
        #expect(refusal.map { "\($0)" }?.hasSuffix(InkLimits.tooManyPoints(100)) == true)
        let notebook = try read(text, fileExtension, budget: 1_000)
        #expect(notebook?.pages.first?.drawing.strokes.count == 40)
    }
}
