import DrawingModel
import Testing

@testable import Recognition

@Suite struct WordGapPriorTests {
    /// A line of traces, each a zigzag `height` tall starting at its x and `width` wide.
    private func line(_ traces: [(x: Double, width: Double, height: Double)]) -> (LineInk, starts: [Int]) {
        var points: [InkPoint] = []
        var starts: [Int] = []
        for (index, trace) in traces.enumerated() {
            starts.append(points.count)
            for k in 0...6 {
                let location = Point(x: trace.x + trace.width * Double(k) / 6, y: k % 2 == 0 ? 0 : trace.height)
                points.append(InkPoint(location: location, strokeIndex: index, startsTrace: k == 0))
            }
        }
        return (LineInk(points: points), starts)
    }

    private let prior = WordGapPrior(settings: DecoderSettings())

    @Test func aWideGapAmongNarrowOnesEarnsTheWholeBonus() {
        // letters 10 tall, 1 apart; then a gap of 20 (two writing sizes) before the next word
        let (ink, starts) = line([(0, 8, 10), (9, 8, 10), (18, 8, 10), (46, 8, 10), (55, 8, 10)])
        let bonuses = prior.bonuses(for: ink)
        #expect(bonuses == [starts[3]: DecoderSettings().gapSpaceBonus])
    }

    @Test func theBonusGrowsWithTheGapBetweenItsBounds() {
        let settings = DecoderSettings()
        // a gap of 9 = 0.9 writing sizes: halfway from 0.6 to 1.2
        let (ink, starts) = line([(0, 8, 10), (9, 8, 10), (18, 8, 10), (35, 8, 10), (44, 8, 10)])
        let bonus = prior.bonuses(for: ink)[starts[3]]
        #expect(bonus != nil)
        #expect(abs((bonus ?? 0) - settings.gapSpaceBonus / 2) < 1e-4)
    }

    @Test func evenlySpacedCharactersEarnNothing() {
        // digits written a writing size apart: every gap is as wide as the typical one
        let (ink, _) = line((0..<8).map { (Double($0) * 20, 8, 10) })
        #expect(prior.bonuses(for: ink).isEmpty)
    }

    @Test func overlappingAndBackwardTracesEarnNothing() {
        // a crossbar drawn back over the word, then a dot above it
        let (ink, _) = line([(0, 30, 10), (5, 20, 1), (12, 1, 1)])
        #expect(prior.bonuses(for: ink).isEmpty)
    }

    /// Version 34 took the line's median gap over a vocabulary card's character too, whose
    /// overlapping strokes make most gaps 0: every gap between the printed letters of the card's
    /// word earned the bonus, and `before 前` was read `b e f ore`.
    @Test func aCharactersOverlappingStrokesMadeEveryLetterGapAWordGap() {
        // four letters 10 tall, 8 apart (0.8 writing sizes), then 25 apart a character of six
        // strokes drawn over each other in a square
        let letters = [(0.0, 8.0, 10.0), (16, 8, 10), (32, 8, 10), (48, 8, 10)]
        let character = (0..<6).map { k in (81 + Double(k), 8.0, 10.0) }
        let (ink, starts) = line(letters + character)
        #expect(prior.bonuses(for: ink).keys.sorted() == [starts[4]])
        var counted = DecoderSettings()
        counted.gapCharacterTraces = 0
        #expect(WordGapPrior(settings: counted).bonuses(for: ink).count == 4)
    }

    /// A cursive word's dots and crosses overlap it too, but the word runs wide: its gaps of 0
    /// still count, so the line's word gaps keep their bonus.
    @Test func aWideRunOfOverlappingTracesStillCounts() {
        let word = [(0.0, 40.0, 10.0), (5, 3, 1), (20, 3, 1), (30, 3, 1)]
        let (ink, starts) = line(word + [(48, 40, 10), (53, 3, 1), (70, 3, 1), (96, 40, 10)])
        #expect(prior.bonuses(for: ink).keys.sorted() == [starts[4], starts[7]])
    }

    @Test func noBonusWhenTurnedOff() {
        var settings = DecoderSettings()
        settings.gapSpaceBonus = 0
        let (ink, _) = line([(0, 8, 10), (9, 8, 10), (46, 8, 10)])
        #expect(WordGapPrior(settings: settings).bonuses(for: ink).isEmpty)
    }
}
