import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// Issue 13, reproduction 1: coordinates that overflow are refused where every reader hands its
/// notebook over, with the page and stroke named; attributes out of range are clamped.
@Suite struct HostileInkTests {
    @Test(arguments: [
        ("svg", #"<svg xmlns="http://www.w3.org/2000/svg"><g transform="scale(1e308)"><path d="M 1 1 L 2 2 L 3 3" stroke="black"/></g></svg>"#),
        ("svg", #"<svg xmlns="http://www.w3.org/2000/svg"><path d="m 1e308 1 l 1e308 1 l 1e308 1" stroke="black"/></svg>"#),
        ("json", #"{"format":"notebook-index","version":1,"pages":[{"strokes":[{"id":"6F1C0000-0000-4000-8000-000000000001","transform":[1e308,0,0,1e308,0,0],"points":[[1,1,0],[2,2,0],[3,3,0]]}]}]}"#),
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
        let page = Page(drawing: Drawing(strokes: [stroke]), texts: [TextElement(text: "t", bounds: Rect(x: .nan, y: 0, width: 1, height: 1))])
        let checked = try Notebook(format: "test", pages: [page]).checkedInk()
        let kept = checked.pages[0].drawing.strokes[0]
        #expect(kept.path[0].location == Point(x: 1, y: 2))
        #expect(kept.path[0].force == StrokePoint.defaultForce && kept.path[0].timeOffset == 0 && kept.path[0].opacity == 1)
        #expect(kept.path[0].size == Size(width: 0, height: InkLimits.maxCoordinate))
        #expect(kept.ink.width == 1)
        #expect(checked.pages[0].texts[0].bounds == nil)
    }
}
