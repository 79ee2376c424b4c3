import DrawingModel
import Foundation
import Recognition
import Testing

@testable import SearchIndex

/// How the hand's readings of an unsure word join the shipped reader's (`HandReading`): nothing
/// the shipped reader read is lost or scored lower, and the surer reading leads a word the
/// shipped reader barely read.
@Suite struct HandReadingTests {
    static let stroke = UUID(), other = UUID()

    static func word(
        _ readings: [(String, Double)], confidence: Double, box: Rect = Rect(x: 0, y: 0, width: 40, height: 20),
        strokes: [UUID] = [stroke]
    ) -> IndexedWord {
        IndexedWord(
            source: .handwriting, line: 0, position: 0,
            candidates: readings.map { WordCandidate(text: $0.0, score: $0.1) }, confidence: confidence,
            strokeIDs: strokes, bounds: box)
    }

    static func searchScores(_ word: IndexedWord) -> [String: Double] {
        Dictionary(word.searchedReadings.map { ($0.text, $0.score) }, uniquingKeysWith: max)
    }

    @Test func aSurerHandLeadsAndEveryShippedReadingKeepsItsScore() {
        let shipped = Self.word([("clam", -1), ("claim", -1.5), ("dam", -3)], confidence: 0.25)
        let adapted = Self.word(
            [("clear", -2), ("clean", -2.7), ("clam", -3), ("dear", -4), ("deer", -4.1), ("clue", -5), ("dean", -6)],
            confidence: 0.8)
        let merged = HandReading.merged(shipped: shipped, adapted: adapted)
        #expect(merged.text == "clear" && merged.confidence == 0.8)
        #expect(merged.candidates.count == ReadingID.indexedReadings)
        #expect(merged.candidates.first?.score == -1)
        let before = Self.searchScores(shipped), after = Self.searchScores(merged)
        for (text, score) in before { #expect(after[text, default: 0] >= score - 1e-12, "\(text)") }
        // "clam" read by both keeps the higher of its two scores, here the hand's
        #expect(abs(after["clam", default: 0] - 0.8 * exp(-1)) < 1e-12)
        #expect(abs(after["clear", default: 0] - 0.8) < 1e-12 && abs(after["dear", default: 0] - 0.8 * exp(-2)) < 1e-12)
    }

    /// Reading a whole drawing again (measured on branch `s15-47b`; a build reads its unsure lines) let
    /// the adapted network misread words the shipped reader was sure of (one German writer's
    /// CER 20 -> 32 %): only unsure words take the hand's line reading, only where a word of
    /// it covers theirs, and their shipped readings stay beside it.
    @Test func aDrawingReadWholeChangesOnlyItsUnsureCoveredWords() {
        let box = Rect(x: 0, y: 0, width: 40, height: 20), far = Rect(x: 100, y: 0, width: 40, height: 20)
        let sure = Self.word([("clam", -1)], confidence: 0.95)
        let unsure = Self.word([("dam", -1)], confidence: 0.4)
        let alone = Self.word([("fog", -1)], confidence: 0.4, box: far, strokes: [Self.other])
        let again = [
            Self.word([("clear", -1), ("clean", -2)], confidence: 0.6),
            Self.word([("frog", -1)], confidence: 0.9, box: Rect(x: 300, y: 0, width: 40, height: 20)),
        ]
        let replaced = HandReading.replacingUnsure([sure, unsure, alone], with: again)
        #expect(replaced[0] == sure && replaced[2] == alone)
        #expect(replaced[1].candidates.map(\.text) == ["clear", "dam", "clean"], "\(replaced[1].candidates)")
        #expect(replaced[1].confidence == 0.6)
    }

    /// A surer reading of the hand led every word it read again, and where the shipped reader
    /// had been fairly sure it was more often wrong than the reading it displaced: three `dev`
    /// writers' CER rose by 0.7 to 2.1 points. Above `handLeadsAtMost` the shipped reading leads
    /// with its own confidence; the hand's readings join below it, still above every default
    /// floor of search, so they are found as before.
    @Test func aSurerHandDisplacedFairlySureShippedReadings() {
        let shipped = Self.word([("clam", -1), ("claim", -1.5)], confidence: 0.5)
        let adapted = Self.word([("clear", -2), ("clean", -2.7), ("clam", -3)], confidence: 0.8)
        let merged = HandReading.merged(shipped: shipped, adapted: adapted)
        #expect(merged.candidates.map(\.text) == ["clam", "clear", "clean", "claim"], "\(merged.candidates)")
        #expect(merged.confidence == 0.5)
        #expect(merged.candidates.first?.score == -1)
        let scores = Self.searchScores(merged)
        #expect(abs(scores["clam", default: 0] - 0.5) < 1e-12 && abs(scores["clear", default: 0] - 0.5) < 1e-12)
        #expect(abs(scores["claim", default: 0] - 0.5 * exp(-0.5)) < 1e-12)
        #expect(abs(scores["clean", default: 0] - 0.8 * exp(-0.7)) < 1e-12)
        #expect(scores.values.allSatisfy { $0 >= HandReading.handLeadsAtMost - 1e-12 })
        // at the bound the hand still leads
        let barely = Self.word([("clam", -1)], confidence: HandReading.handLeadsAtMost)
        #expect(HandReading.merged(shipped: barely, adapted: adapted).text == "clear")
    }

    @Test func aHandNoSurerComesAfterTheShippedBest() {
        let shipped = Self.word([("clam", 0)], confidence: 0.7)
        let adapted = Self.word([("clear", 0)], confidence: 0.4)
        let merged = HandReading.merged(shipped: shipped, adapted: adapted)
        #expect(merged.candidates.map(\.text) == ["clam", "clear"] && merged.confidence == 0.7)
        #expect(abs(Self.searchScores(merged)["clear", default: 0] - 0.4) < 1e-12)
    }

    @Test func aShippedWordFullOfReadingsKeepsThemAll() {
        let readings = (0..<ReadingID.indexedReadings).map { ("r\($0)", -Double($0)) }
        let merged = HandReading.merged(
            shipped: Self.word(readings, confidence: 0.3), adapted: Self.word([("new", 0)], confidence: 0.9))
        #expect(Set(merged.candidates.map(\.text)) == Set(readings.map(\.0)))
    }

    /// Only the unsure words' strokes are read again, and only a surer reading joins its word.
    @Test func onlyUnsureWordsAreReadAgainAndOnlySurerReadingsJoin() {
        let drawing = TextNotebookSource.page("clam sure ?blot\n").drawing
        let hand = HandTranscriber()
        var words = IndexedWord.handwriting(WordTranscriber().transcribe(drawing))
        #expect(words.map(\.text) == ["clam", "sure", "?blot"])
        words[0].confidence = 0.2
        words[1].confidence = 0.95
        words[2].confidence = 0.5
        let again = HandReading.readAgain(words, in: drawing, with: hand)
        #expect(hand.strokesRead == [2])
        // the hand reads "clam" at 0.9, surer; "?blot" at 0.3, less sure than the shipped 0.5
        #expect(again[0].confidence == 0.9 && again[0].text == "clam")
        #expect(again[1] == words[1] && again[2] == words[2])
    }

    /// Reading every drawing holding an unsure word again whole cost about a quarter of an
    /// adapting build: only the lines holding one are read, each alone with all its words (the
    /// line decoder's context), and only their unsure words take the hand's reading.
    @Test func onlyTheLinesHoldingAnUnsureWordAreReadAgainEachAlone() {
        let drawing = TextNotebookSource.page("clam sure\nfog dew dust\nmist\n").drawing
        let hand = HandTranscriber()
        var words = IndexedWord.handwriting(WordTranscriber().transcribe(drawing))
        #expect(words.map(\.line) == [0, 0, 1, 1, 1, 2])
        for index in words.indices { words[index].confidence = 0.95 }
        words[3].confidence = 0.2
        words[5].confidence = 0.2
        let again = HandReading.readAgainByLines(words, in: drawing, with: hand)
        #expect(hand.strokesRead == [3, 1])
        #expect(again[3].confidence == 0.9 && again[3].text == "dew")
        #expect(again[5].confidence == 0.9 && again[5].text == "mist")
        #expect([0, 1, 2, 4].allSatisfy { again[$0] == words[$0] })
    }

    /// Only a reading of the same ink joins a word: not one of two words joined, nor one of
    /// other strokes.
    @Test(arguments: [
        (Rect(x: 2, y: 0, width: 40, height: 20), true, true),
        (Rect(x: 0, y: 0, width: 100, height: 20), true, false),
        (Rect(x: 0, y: 0, width: 40, height: 20), false, false),
    ])
    func aReadingCoversOnlyItsOwnInk(box: Rect, sharesAStroke: Bool, covers: Bool) {
        let again = Self.word(
            [("x", 0)], confidence: 0.9, box: box, strokes: [sharesAStroke ? Self.stroke : Self.other])
        #expect(HandReading.covers(again, Self.word([("y", 0)], confidence: 0.5)) == covers)
    }
}
