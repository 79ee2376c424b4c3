import Testing

@testable import Recognition

/// A close script decision keeps both readings (`MixedScriptLineReader.hedged`).
@Suite struct HedgedScriptTests {
    static let latin = DecodedWord(
        candidates: zip(["#", "H", "tt", "th"], [-1.0, -1.5, -4, -9]).map { WordCandidate(text: $0, score: $1) },
        pointRange: 0..<20, confidence: 0.8)
    static let character = DecodedWord(
        candidates: zip(["书", "韦", "市", "卡"], [-3.0, -4, -6, -7]).map { WordCandidate(text: $0, score: $1) },
        pointRange: 0..<20, confidence: 0.3)

    /// The reader with the part's evidence fixed at `evidence`.
    static func reader(evidence: Double) -> MixedScriptLineReader {
        var reader = MixedScriptLineReader(latin: nil, cjk: nil)
        (reader.confidenceWeight, reader.densityWeight, reader.scoreWeight, reader.bias) = (0, 0, 0, evidence)
        return reader
    }

    static func part(eastern: [DecodedWord] = [character]) -> MixedScriptLineReader.Part {
        MixedScriptLineReader.Part(western: [latin], eastern: eastern, density: 4)
    }

    /// Version 31 dropped a card's 书 for the Latin reading `#` whenever the character network was
    /// less sure of it than the Latin network of `#`, by however little: a third of the cards'
    /// characters went that way.
    @Test func aCharacterLosingNarrowlyIsKeptAmongTheLatinReadings() {
        let reader = Self.reader(evidence: -2)
        let words = reader.decided(Self.part())
        #expect(words.count == 1)
        // after the Latin best, scored from it as the character reader scored them, the Latin
        // readings after them no higher than the last
        #expect(words[0].candidates.map(\.text) == ["#", "书", "韦", "市", "H", "tt", "th"])
        #expect(words[0].candidates.map(\.score) == [-1, -1, -2, -4, -4, -4, -9])
        #expect(words[0].pointRange == Self.latin.pointRange && words[0].confidence == Self.latin.confidence)
    }

    @Test func aClearDecisionKeepsOneScript() {
        #expect(Self.reader(evidence: 1).decided(Self.part()) == [Self.character])
        let farBehind = Self.reader(evidence: -(Self.reader(evidence: 0).hedgeMargin + 1))
        #expect(farBehind.decided(Self.part()) == [Self.latin])
    }

    @Test func severalCharactersOverOneWordAreNotHedged() {
        let two = Self.part(eastern: [Self.character, Self.character])
        #expect(Self.reader(evidence: -2).decided(two) == [Self.latin])
    }
}
