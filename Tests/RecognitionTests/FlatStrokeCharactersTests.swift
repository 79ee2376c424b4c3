import DrawingModel
import Testing

@testable import Recognition

/// `FlatStrokeCharacters`: which straight flat strokes stand as 一, 二 or 三 would, on a page read
/// with a Latin language beside Chinese or Japanese.
@Suite struct FlatStrokeCharactersTests {
    static func trace(_ box: Rect, order: Int) -> InkTrace {
        LocalSizeTests.trace(box, order: order)
    }

    /// Letters 10 points high, 6 wide, 2 apart, from `x` on the line whose top is `y`.
    static func word(letters: Int, x: Double, y: Double, order: Int) -> [InkTrace] {
        (0..<letters).map { k in trace(Rect(x: x + 8 * Double(k), y: y, width: 6, height: 10), order: order + k) }
    }

    /// A card "one 一": the stroke 26 points wide, 20 to the right of the word, alone in its cell.
    @Test func aLoneStrokeInItsOwnCellIsACharacter() {
        let traces =
            Self.word(letters: 3, x: 0, y: 0, order: 0) + [
                Self.trace(Rect(x: 42, y: 5, width: 26, height: 1), order: 3)
            ]
        #expect(FlatStrokeCharacters.groups(in: traces) == [[3]])
    }

    /// Three strokes stacked under a word (a card's 三 under "three") are one character.
    @Test func stackedStrokesAreOneCharacter() {
        let traces =
            Self.word(letters: 5, x: 0, y: 0, order: 0) + [
                Self.trace(Rect(x: 8, y: 32, width: 22, height: 1), order: 5),
                Self.trace(Rect(x: 10, y: 40, width: 18, height: 1), order: 6),
                Self.trace(Rect(x: 6, y: 49, width: 26, height: 1), order: 7),
            ]
        #expect(FlatStrokeCharacters.groups(in: traces) == [[5, 6, 7]])
    }

    /// An underline has its word just above it, a strike-through crosses it, a dash stands close
    /// between two words, and a hyphen is narrower than a letter is high: none is a character.
    @Test(arguments: [
        Rect(x: -2, y: 12, width: 30, height: 1),  // underline
        Rect(x: -2, y: 5, width: 30, height: 1),  // strike-through
        Rect(x: 26, y: 5, width: 12, height: 1),  // dash between the words, 2 points from each
        Rect(x: 70, y: 5, width: 5, height: 1),  // a hyphen alone
    ])
    func dashesAndLinesOfEnglishAreNot(stroke: Rect) {
        let traces =
            Self.word(letters: 3, x: 0, y: 0, order: 0) + Self.word(letters: 3, x: 40, y: 0, order: 3)
            + [Self.trace(stroke, order: 6)]
        #expect(FlatStrokeCharacters.groups(in: traces).isEmpty)
    }

    /// A stroke that bends (a cursive word written flat), a rule many characters long or four
    /// strokes stacked are no character of flat strokes.
    @Test func aCurvedStrokeARuleOrFourStrokesAreNot() {
        let wave = InkTrace(
            points: (0...20).map { k in
                InkPoint(
                    location: Point(x: 100 + 1.3 * Double(k), y: 5 + (k.isMultiple(of: 2) ? 0 : 6)), strokeIndex: 6,
                    startsTrace: k == 0)
            }, order: 6)!
        let word = Self.word(letters: 3, x: 0, y: 0, order: 0)
        #expect(FlatStrokeCharacters.groups(in: word + [wave]).isEmpty)
        let rule = Self.trace(Rect(x: 100, y: 5, width: 120, height: 1), order: 3)
        #expect(FlatStrokeCharacters.groups(in: word + [rule]).isEmpty)
        let stacked = (0..<4).map { k in
            Self.trace(Rect(x: 100, y: 5 + 8 * Double(k), width: 26, height: 1), order: 3 + k)
        }
        #expect(FlatStrokeCharacters.groups(in: word + stacked).isEmpty)
    }
}
