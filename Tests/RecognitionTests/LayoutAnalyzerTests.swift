import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// The text of each line as `LetterReader` reads it, lines in layout order.
private func readLines(_ ink: InkBuilder, strokeIDs: Set<UUID>? = nil) -> [String] {
    LayoutAnalyzer().lines(in: ink.drawing, strokeIDs: strokeIDs).map { line in
        ink.reader.read(line.ink).map(\.candidates[0].text).joined(separator: " ")
    }
}

@Suite struct LayoutAnalyzerTests {
    @Test func emptyDrawingHasNoLines() {
        #expect(LayoutAnalyzer().lines(in: Drawing()).isEmpty)
    }

    @Test func linesComeBackTopToBottomWhateverTheWritingOrder() {
        var ink = InkBuilder()
        ink.write("third line here", x: 40, baseline: 160, size: 10)
        ink.write("first line", x: 40, baseline: 60, size: 10)
        ink.write("second one", x: 42, baseline: 110, size: 10)
        #expect(readLines(ink) == ["first line", "second one", "third line here"])
    }

    @Test func wordsWrittenOutOfOrderAreReadWhereTheyStand() {
        var ink = InkBuilder()
        ink.write("alpha", x: 40, baseline: 60, size: 10)
        ink.write("gamma", x: 160, baseline: 60, size: 10)
        ink.write("beta", x: 100, baseline: 61, size: 10)  // squeezed in later
        #expect(readLines(ink) == ["alpha beta gamma"])
    }

    @Test func dotsJoinTheirWordEvenWhenAddedLast() throws {
        var ink = InkBuilder()
        let mini = ink.write("mini", x: 40, baseline: 60, size: 10, dots: false)
        let mum = ink.write("mum", x: 100, baseline: 60, size: 10)
        let jam = ink.write("jam", x: 40, baseline: 100, size: 10, dots: false)
        // Dotted after writing both lines, as people do.
        let dots = [
            ink.dot(x: 46, baseline: 60, size: 10), ink.dot(x: 70, baseline: 60, size: 10),
            ink.dot(x: 40, baseline: 100, size: 10),
        ]
        // The shape rules' attachment of marks. (The learned classifier leaves these dots out:
        // dotted after both lines, they have only dots around them in writing order, as stray
        // dots beside a drawing do.)
        let lines = LayoutAnalyzer(strokeClassifier: nil).lines(in: ink.drawing)
        try #require(lines.count == 2)
        #expect(lines[0].strokeIndices == (mini + mum + dots.prefix(2)).sorted())
        #expect(lines[1].strokeIndices == (jam + [dots[2]]).sorted())
        // In the line, the dots come with their word, before the next word.
        let order = lines[0].ink.points.filter(\.startsTrace).map(\.strokeIndex)
        #expect(Set(order.prefix(6)) == Set(mini + dots.prefix(2)))
        #expect(readLines(ink) == ["mini mum", "jam"])
    }

    @Test func markOfAOneLetterWordIsNotALineOfItsOwn() throws {
        // A lone "s" and its caron are both fragments, with no longer line for either to join.
        var ink = InkBuilder()
        let s = ink.write("s", x: 40, baseline: 60, size: 10)
        let caron = ink.add([Point(x: 41, y: 45), Point(x: 43.5, y: 48), Point(x: 46, y: 45)])
        let lines = LayoutAnalyzer(strokeClassifier: nil).lines(in: ink.drawing)
        try #require(lines.count == 1)
        #expect(lines[0].strokeIndices == (s + [caron]).sorted())
    }

    @Test func singleDigitsInAColumnStayLinesOfTheirOwn() {
        var ink = InkBuilder()
        ink.write("1", x: 40, baseline: 60, size: 10)
        ink.write("2", x: 40, baseline: 80, size: 10)
        ink.write("3", x: 40, baseline: 100, size: 10)
        #expect(LayoutAnalyzer(strokeClassifier: nil).lines(in: ink.drawing).count == 3)
    }

    @Test func columnsAreReadOneAfterTheOther() {
        var ink = InkBuilder()
        ink.write("left one", x: 40, baseline: 60, size: 10)
        ink.write("right one", x: 300, baseline: 60, size: 10)
        ink.write("left two", x: 40, baseline: 100, size: 10)
        ink.write("right two", x: 300, baseline: 101, size: 10)
        ink.write("left three", x: 40, baseline: 140, size: 10)
        #expect(readLines(ink) == ["left one", "left two", "left three", "right one", "right two"])
    }

    @Test func titleAboveColumnsComesFirst() {
        var ink = InkBuilder()
        ink.write("left one", x: 40, baseline: 100, size: 10)
        ink.write("right one", x: 300, baseline: 100, size: 10)
        ink.write("left two", x: 40, baseline: 140, size: 10)
        ink.write("right two", x: 300, baseline: 140, size: 10)
        ink.write("My Notes Title", x: 80, baseline: 50, size: 20)  // spans both columns
        #expect(readLines(ink) == ["My Notes Title", "left one", "left two", "right one", "right two"])
    }

    @Test func differentSizesOnOnePage() {
        var ink = InkBuilder()
        ink.write("big words", x: 40, baseline: 80, size: 30)
        ink.write("small print here", x: 40, baseline: 130, size: 6)
        ink.write("medium size", x: 300, baseline: 200, size: 12)
        #expect(readLines(ink) == ["big words", "small print here", "medium size"])
    }

    @Test func slantedLongLineStaysOneLine() {
        var ink = InkBuilder()
        var x = 40.0
        for (k, word) in ["a", "line", "that", "drifts", "down", "the", "page", "slowly"].enumerated() {
            ink.write(word, x: x, baseline: 60 + Double(k) * 4, size: 10)
            x += Double(word.count) * 8 + 11
        }
        ink.write("next line", x: 40, baseline: 120, size: 10)
        #expect(readLines(ink) == ["a line that drifts down the page slowly", "next line"])
    }

    @Test func underlinesRulesAndScribblesAreNotRead() {
        var ink = InkBuilder()
        let words = ink.write("underlined", x: 40, baseline: 60, size: 10)
        ink.add([Point(x: 38, y: 66), Point(x: 120, y: 67)])  // underline
        ink.add([Point(x: 20, y: 200), Point(x: 560, y: 200)])  // page-wide rule
        var scribble: [Point] = []
        for k in 0..<40 { scribble.append(Point(x: 300 + Double(k % 2) * 60, y: 300 + Double(k))) }
        ink.add(scribble)
        let lines = LayoutAnalyzer().lines(in: ink.drawing)
        #expect(lines.count == 1)
        #expect(lines.first?.strokeIndices == words.sorted())
        #expect(readLines(ink) == ["underlined"])
    }

    @Test func circlesAndBoxesAroundWordsAreNotRead() {
        var ink = InkBuilder()
        ink.write("circled", x: 40, baseline: 60, size: 10)
        ink.write("boxed word", x: 120, baseline: 60, size: 10)
        let circle = (0...30).map { k in
            let a = Double(k) / 30 * 2 * Double.pi
            return Point(x: 75 + 45 * cos(a), y: 52 + 18 * sin(a))
        }
        ink.add(circle, letter: "O")
        ink.add(
            [
                Point(x: 115, y: 38), Point(x: 205, y: 38), Point(x: 205, y: 70), Point(x: 115, y: 70),
                Point(x: 115, y: 40),
            ], letter: "D")
        ink.write("done", x: 40, baseline: 100, size: 10)
        // the circled word and the boxed words are each a line of their own
        #expect(readLines(ink) == ["circled", "boxed word", "done"])
    }

    /// A sketch labelled as notes label it: a box drawn with a shape tool (its sides segments
    /// of two points), the length of a side beside a tall bracket, and a result written next to
    /// it. The sides and the bracket are drawing: none is read, nor joins the writing's line (the
    /// sides once made the label's writing size theirs, and were read as letters).
    @Test func boxSidesAndBracketsBesideLabelsAreNotRead() {
        var ink = InkBuilder()
        let corners = [Point(x: 100, y: 60), Point(x: 145, y: 60), Point(x: 145, y: 105), Point(x: 100, y: 105)]
        let sides = (0..<4).map { k in ink.add([corners[k], corners[(k + 1) % 4]]) }
        let bracket = ink.add([
            Point(x: 150, y: 62), Point(x: 158, y: 62), Point(x: 158, y: 81), Point(x: 158, y: 100),
            Point(x: 150, y: 100),
        ])
        ink.write("3", x: 163, baseline: 84, size: 5)
        let result = ink.write("Area", x: 190, baseline: 84, size: 8)
        let lines = LayoutAnalyzer().lines(in: ink.drawing)
        let drawing = Set(sides + [bracket])
        #expect(!lines.contains { !drawing.isDisjoint(with: $0.strokeIndices) })
        #expect(lines.contains { Set(result).isSubset(of: $0.strokeIndices) })
        #expect(readLines(ink).contains { $0.hasSuffix("Area") })
    }

    @Test func highlighterStrokesAreSkipped() {
        var ink = InkBuilder()
        ink.write("text", x: 40, baseline: 60, size: 10)
        ink.add(InkBuilder.zigzag(x: 40, top: 48, bottom: 62, width: 40), letter: "X", ink: Ink(kind: .highlighter))
        #expect(readLines(ink) == ["text"])
    }

    @Test func erasedInkIsNeverRead() throws {
        var ink = InkBuilder()
        ink.write("keep", x: 40, baseline: 60, size: 10)
        let erased = ink.write("gone", x: 40, baseline: 100, size: 10)
        for s in erased {
            ink.strokes[s].mask = StrokeMask(polygons: [
                [
                    Point(x: 0, y: 80), Point(x: 500, y: 80), Point(x: 500, y: 120), Point(x: 0, y: 120),
                ]
            ])
        }
        #expect(readLines(ink) == ["keep"])
        // An eraser sweep through the middle of a stroke splits it into two traces.
        ink.strokes[erased[0]].mask = StrokeMask(sweeps: [
            .init(points: [Point(x: 43, y: 80), Point(x: 43, y: 120)], radius: 0.6)
        ])
        let lines = LayoutAnalyzer().lines(in: ink.drawing)
        let traces = try #require(lines.last).ink.points.filter { $0.strokeIndex == erased[0] && $0.startsTrace }
        #expect(traces.count == 2)
        #expect(
            lines.last?.ink.points.contains { $0.strokeIndex == erased[0] && abs($0.location.x - 43) < 0.5 } == false)
    }

    @Test func transformsPlaceInkInDrawingCoordinates() throws {
        var ink = InkBuilder()
        ink.write("abc", x: 0, baseline: 0, size: 10)
        for s in ink.strokes.indices {
            ink.strokes[s].transform = DrawingModel.AffineTransform(translationX: 200, y: 300)
        }
        let line = try #require(LayoutAnalyzer().lines(in: ink.drawing).first)
        #expect(line.bounds.minX == 200)
        #expect(line.bounds.maxY == 300)
    }

    @Test func restrictingToStrokesLaysOutOnlyThose() {
        var ink = InkBuilder()
        let first = ink.write("one", x: 40, baseline: 60, size: 10)
        ink.write("two", x: 40, baseline: 100, size: 10)
        let ids = Set(first.map { ink.strokes[$0].id })
        #expect(readLines(ink, strokeIDs: ids) == ["one"])
    }

    /// Two lines of notes and, beside them, a circle many times their size (the last stroke).
    static func notesBesideAHugeCircle() -> InkBuilder {
        var ink = InkBuilder()
        ink.write("notes", x: 40, baseline: 60, size: 10)
        ink.write("more notes", x: 40, baseline: 100, size: 10)
        let circle = (0...40).map { k in
            let a = Double(k) / 40 * 2 * Double.pi
            return Point(x: 300 + 120 * cos(a), y: 300 + 120 * sin(a))
        }
        ink.add(circle)
        return ink
    }

    /// A huge circle beside notes is a drawing (the learned classifier; the rules alone made it a
    /// line of low text likelihood): no line holds it.
    @Test func hugeShapesAreNotRead() throws {
        let ink = Self.notesBesideAHugeCircle()
        let lines = LayoutAnalyzer().lines(in: ink.drawing)
        try #require(lines.count == 2)
        #expect(lines[0].textLikelihood == 1 && lines[1].textLikelihood == 1)
        #expect(!lines.flatMap(\.strokeIndices).contains(ink.strokes.count - 1))
    }

    /// Without the learned classifier (as for CJK writing), a huge shape is a
    /// line of low text likelihood.
    @Test func hugeShapesAreLowConfidenceLinesByTheRules() throws {
        let ink = Self.notesBesideAHugeCircle()
        let lines = LayoutAnalyzer(strokeClassifier: nil).lines(in: ink.drawing)
        try #require(lines.count == 3)
        #expect(lines[0].textLikelihood == 1 && lines[1].textLikelihood == 1)
        #expect(lines[2].textLikelihood < 0.5)
    }

    /// Joined cursive: each word one stroke from ascender to descender; every line rises three
    /// x-heights from left to right and the next starts 2.6 x-heights lower. As wholes, two
    /// neighbouring lines overlap by half their height; where they lie over each other, hardly.
    @Test func slantedLinesWrittenCloseTogetherStayApart() {
        var ink = InkBuilder()
        let size = 10.0, wordWidth = 60.0, rise = 6.0
        var expected: [[Int]] = []
        for line in 0..<6 {
            var strokes: [Int] = []
            for word in 0..<5 {
                let x = 40 + Double(word) * (wordWidth + 8)
                let baseline = 100 + Double(line) * 2.6 * size - Double(word) * rise
                let points = (0...24).map { k -> Point in
                    let t = Double(k) / 24
                    let y = baseline - t * rise
                    let top = k % 6 == 2 ? y - 1.6 * size : y - size, bottom = k % 6 == 5 ? y + 0.6 * size : y
                    return Point(x: x + t * wordWidth, y: k % 2 == 0 ? top : bottom)
                }
                strokes.append(ink.add(points))
            }
            expected.append(strokes)
        }
        let lines = LayoutAnalyzer().lines(in: ink.drawing)
        #expect(lines.map(\.strokeIndices) == expected)
    }
}
