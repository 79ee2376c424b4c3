import DrawingModel
import Testing

@testable import Recognition

/// A line mostly doubtful of two parts is weighed part by part; one of one part, or enough to be
/// a row of characters, whole (`MixedScriptLineReader.linePartsAtLeast`).
@Suite struct CardLineScriptTests {
    static let characters = ["心", "山", "水", "火"]

    /// The line's ink read as one character a word, of the confidences given, each over the
    /// points of the Latin word under it.
    struct Characters: LineReading {
        var confidences: [Double]
        func read(_ line: LineInk) -> [DecodedWord] {
            let each = line.points.count / confidences.count
            return confidences.enumerated().map { k, confidence in
                DecodedWord(
                    candidates: [.init(text: CardLineScriptTests.characters[k], score: 0)],
                    pointRange: (k * each)..<((k + 1) * each), confidence: confidence)
            }
        }
    }

    /// `count` words of two short traces each, side by side.
    static func line(words count: Int) -> LineInk {
        LineInk(
            points: (0..<(2 * count)).flatMap { t in
                let x = 1.5 * Double(t)
                return [
                    InkPoint(location: Point(x: x, y: 0), strokeIndex: t, startsTrace: true),
                    InkPoint(location: Point(x: x + 0.5, y: 1), strokeIndex: t, startsTrace: false),
                ]
            })
    }

    /// The Latin reading of `line(words:)`: every word doubtful, the first one "you".
    static func western(words count: Int) -> [DecodedWord] {
        (0..<count).map { k in
            DecodedWord(
                candidates: [.init(text: k == 0 ? "you" : "T", score: 0)], pointRange: (4 * k)..<(4 * k + 4),
                confidence: 0.3)
        }
    }

    /// A reader whose part evidence is the characters' confidence less the Latin words', and whose
    /// line evidence always keeps the line's characters.
    static var reader: MixedScriptLineReader {
        var reader = MixedScriptLineReader(latin: nil, cjk: nil)
        (reader.gate, reader.roughMargin) = (nil, nil)
        (reader.confidenceWeight, reader.densityWeight, reader.scoreWeight, reader.bias) = (1, 0, 0, 0)
        (reader.lineConfidenceWeight, reader.lineDensityWeight, reader.lineBias) = (0, 0, 1)
        return reader
    }

    /// Version 32 read a vocabulary card's line "you 你" whole as characters when the line's
    /// evidence favoured them, though the word's own part favoured its Latin reading: `you` was
    /// lost to search, as were 4 more English words of the cards of seeds 5 and 11.
    @Test func aCardsWordBesideItsCharacterKeepsItsOwnDecision() {
        let cjk = Characters(confidences: [0.1, 0.9])
        let words = Self.reader.mixed(Self.line(words: 2), western: Self.western(words: 2), cjk: cjk)
        // the word's part is behind by 0.2: the word stays, the character among its readings
        #expect(words.map { $0.candidates.map(\.text) } == [["you", "心"], ["山"]])
        var wholeLine = Self.reader
        wholeLine.linePartsAtLeast = 0
        let whole = wholeLine.mixed(Self.line(words: 2), western: Self.western(words: 2), cjk: cjk)
        #expect(whole.map(\.text) == ["心", "山"])
    }

    @Test func aRowOfCharactersOrALoneOneIsStillWeighedWhole() {
        let cjk = Characters(confidences: [0.1, 0.9, 0.9])
        let words = Self.reader.mixed(Self.line(words: 3), western: Self.western(words: 3), cjk: cjk)
        #expect(words.map(\.text) == ["心", "山", "水"])
        let alone = Self.reader.mixed(
            Self.line(words: 1), western: Self.western(words: 1), cjk: Characters(confidences: [0.1]))
        #expect(alone.map(\.text) == ["心"])
    }
}

extension DecodedWord {
    fileprivate var text: String { candidates.first?.text ?? "" }
}
