// Marks given to their lines on real ink (UNIPEN dev words, Tests/Fixtures/unipen, CC BY 4.0)
// with a dot drawn by `MarkedWordsTests.HandPen`: a mark standing in a wide word gap of its own
// line belongs to that line, not to the letters of the line below it.
import DrawingModel
import Foundation
import Testing

@testable import Recognition

@Suite struct MarkAttachmentTests {
    /// A real page (Stylus Labs' intro) lost `making` this way: a dot on the baseline of a line,
    /// in the wide gap between two of its words, had no letter of its own line within the marks'
    /// reach but the letters of the next line below it, and joined that line, whose reading then
    /// changed (`maling`). The averaged classifiers kept the dot; the shipped one leaves it unread,
    /// so the rules (no classifier) lay the page out here.
    @Test func aDotInAWideWordGapIsNotGivenToTheLineBelow() throws {
        var page = MarkedWordsTests.NotePage()
        let left = try page.word("work", at: Point(x: 40, y: 40))
        let leftStrokes = try #require(page.words.last).strokes
        let right = try page.word("from", at: Point(x: left.maxX + 64, y: 40))
        let rightStrokes = try #require(page.words.last).strokes
        let gapMiddle = (left.maxX + right.minX) / 2
        let below = try page.word("breakdown", at: Point(x: left.midX, y: max(left.maxY, right.maxY) + 2))
        let belowStrokes = try #require(page.words.last).strokes
        var pen = page.pen
        page.draw(DiagramTests.dot(at: Point(x: gapMiddle, y: left.maxY - 6), radius: 1.6, pen: &pen))
        let dot = try #require(page.drawn.last)
        try #require(
            below.minX < gapMiddle && gapMiddle < below.maxX,
            "the word below stands under the dot: \(left) \(right) \(below)")

        let traces = VisibleInk.traces(in: page.ink.drawing)
        let lines = LayoutAnalyzer(strokeClassifier: nil).tracedLines(of: traces).map { line in
            Set(line.traces.map { traces[$0].strokeIndex })
        }
        let row = try #require(lines.first { $0.isSuperset(of: leftStrokes) }, "\(lines)")
        try #require(row.isSuperset(of: rightStrokes), "the two words are one line: \(lines)")
        #expect(row.contains(dot), "the dot left its line: \(lines)")
        #expect(lines.contains { $0 == Set(belowStrokes) }, "the line below holds its word alone: \(lines)")
    }
}
