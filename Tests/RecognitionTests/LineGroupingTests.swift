// Line grouping on real ink (UNIPEN dev words, Tests/Fixtures/unipen, CC BY 4.0) with a shape
// drawn beside it by `MarkedWordsTests.HandPen`: a stroke kept as writing at a line's end must
// not stretch the line, nor through it pull in a heading written beside the line.
import DrawingModel
import Foundation
import Testing

@testable import Recognition

@Suite struct LineGroupingTests {
    /// A wave drawn in one stroke from `start`: `periods` periods of a sine, `width` wide and
    /// `height` from crest to trough, centred on `start.y`.
    static func wave(
        from start: Point, width: Double, height: Double, periods: Double, pen: inout MarkedWordsTests.HandPen
    )
        -> [Point]
    {
        let n = Int(width / pen.step)
        return (0...n).map { k in
            let t = Double(k) / Double(n)
            return Point(
                x: start.x + t * width + pen.wobble(0.3),
                y: start.y + height / 2 * sin(2 * Double.pi * periods * t) + pen.wobble(0.3))
        }
    }

    /// Real pages (a mind map: the heading `Waves`, then `electromagnetic waves` and a wave drawn
    /// after it) lost `electromagnetic` this way: the wave joined the line and stretched its box,
    /// the stretched box widened the reach at which lines merge, and the heading beside the line
    /// merged into it, read `Waves selectromagnetic wares n`. Without a classifier the rules keep
    /// the wave as a glyph, as the averaged classifiers did.
    @Test func aShapeAtALinesEndDoesNotPullTheHeadingBesideItIntoTheLine() throws {
        var page = MarkedWordsTests.NotePage()
        let heading = try page.word("Stanford", at: Point(x: 40, y: 40), height: 70)
        let headingStrokes = Set(try #require(page.words.last).strokes)
        var x = heading.maxX + 150
        var rowStrokes = Set<Int>()
        var boxes: [Rect] = []
        for label in ["work", "from", "just"] {
            boxes.append(try page.word(label, at: Point(x: x, y: heading.midY - 14), height: 28))
            rowStrokes.formUnion(try #require(page.words.last).strokes)
            x = boxes[boxes.count - 1].maxX + 30
        }
        let row = boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }
        var pen = page.pen
        page.draw(
            Self.wave(from: Point(x: row.maxX + 60, y: row.midY), width: 170, height: 84, periods: 1.5, pen: &pen))
        let waveStroke = try #require(page.drawn.last)

        let traces = VisibleInk.traces(in: page.ink.drawing)
        let lines = LayoutAnalyzer(strokeClassifier: nil).tracedLines(of: traces).map { line in
            Set(line.traces.map { traces[$0].strokeIndex })
        }
        let rowLines = lines.filter { !$0.isDisjoint(with: rowStrokes) }
        #expect(rowLines.count == 1, "the row's words are one line: \(lines)")
        let rowLine = try #require(rowLines.first)
        #expect(rowLine.isDisjoint(with: headingStrokes), "the heading joined the row: \(lines)")
        #expect(!rowLine.contains(waveStroke), "the wave joined the row: \(lines)")
        #expect(lines.contains { $0.isSuperset(of: headingStrokes) }, "the heading is one line: \(lines)")
    }
}
