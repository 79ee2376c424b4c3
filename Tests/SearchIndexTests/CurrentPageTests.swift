import DrawingModel
import Foundation
import Testing
import TextMatching

@testable import SearchIndex

/// `CurrentPage`: a hit is drawn only where the file, read again, still has it.
@Suite struct CurrentPageTests {
    static let typed = [TextElement(text: "first line\napple pie", bounds: Rect(x: 10, y: 20, width: 90, height: 30))]

    /// The hit the index would give for `words` of the page's typed text (as `IndexStore.search` makes it).
    static func typedHit(_ texts: [TextElement], line: Int, position: Int, count: Int) throws -> SearchHit {
        let words = IndexedWord.typedText(texts).filter {
            $0.line == line && (position..<position + count).contains($0.position)
        }
        let first = try #require(words.first?.bounds)
        return SearchHit(
            path: "/a.xopp", page: 0, drawing: DrawingKey.of(Drawing(strokes: [])),
            text: CJKText.joined(words.map(\.text)),
            strokeIDs: [], bounds: words.compactMap(\.bounds).reduce(first) { $0.union($1) }, score: 1,
            source: .typedText,
            line: line, position: position)
    }

    @Test func typedTextIsShownWhileItsWordsStayInTheirBox() throws {
        let hit = try Self.typedHit(Self.typed, line: 1, position: 0, count: 2)
        #expect(hit.text == "apple pie")
        #expect(CurrentPage(Page(drawing: Drawing(strokes: []), texts: Self.typed)).shows(hit))
        let moved = [TextElement(text: Self.typed[0].text, bounds: Rect(x: 10, y: 200, width: 90, height: 30))]
        #expect(!CurrentPage(Page(drawing: Drawing(strokes: []), texts: moved)).shows(hit))
        let edited = [TextElement(text: "first line\napple tart", bounds: Self.typed[0].bounds)]
        #expect(!CurrentPage(Page(drawing: Drawing(strokes: []), texts: edited)).shows(hit))
        let longer = [TextElement(text: "first line\napple", bounds: Self.typed[0].bounds)]
        #expect(!CurrentPage(Page(drawing: Drawing(strokes: []), texts: longer)).shows(hit))
    }

    /// CJK characters are words of their own, joined without spaces in a hit's text.
    @Test func typedCJKTextIsShownWhileItsCharactersStayInTheirBox() throws {
        let typed = [TextElement(text: "学习很好 PencilKit", bounds: Rect(x: 0, y: 0, width: 140, height: 20))]
        let hit = try Self.typedHit(typed, line: 0, position: 1, count: 2)
        #expect(hit.text == "习很" && hit.bounds == Rect(x: 10, y: 0, width: 20, height: 20))
        #expect(CurrentPage(Page(drawing: Drawing(strokes: []), texts: typed)).shows(hit))
        let mixed = try Self.typedHit(typed, line: 0, position: 3, count: 2)
        #expect(mixed.text == "好 PencilKit")
        #expect(CurrentPage(Page(drawing: Drawing(strokes: []), texts: typed)).shows(mixed))
        let edited = [TextElement(text: "学习很多 PencilKit", bounds: typed[0].bounds)]
        #expect(CurrentPage(Page(drawing: Drawing(strokes: []), texts: edited)).shows(hit))  // 习很 is still there
        #expect(!CurrentPage(Page(drawing: Drawing(strokes: []), texts: edited)).shows(mixed))
    }

    @Test func handwritingIsShownWhileItsInkIsTheSame() throws {
        let points = [StrokePoint(location: Point(x: 0, y: 0)), StrokePoint(location: Point(x: 5, y: 5))]
        let stroke = Stroke(
            id: UUID(uuid: (1, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)),
            path: StrokePath(controlPoints: points))
        let page = Page(drawing: Drawing(strokes: [stroke]))
        var hit = try Self.typedHit(Self.typed, line: 0, position: 0, count: 1)
        hit.source = .handwriting
        hit.drawing = DrawingKey.of(page.drawing)
        #expect(CurrentPage(page).shows(hit))
        #expect(!CurrentPage(Page(drawing: Drawing(strokes: [stroke, stroke]))).shows(hit))
    }
}
