import Foundation
import Testing

@testable import Recognition

@Suite struct CTCBeamSearchTests {
    /// Five frames spelling "main" and then one letter, split between "s" (1 - zShare) and "z".
    private func frames(alphabet: [UInt8], zShare: Float) -> [Float] {
        frames("main".map { [$0: 1] } + [["z": zShare, "s": 1 - zShare]], alphabet: alphabet)
    }

    @Test func aReadingOutsideTheListCarriesItsPenaltyApart() throws {
        let alphabet = Array("ainmsz ".utf8)
        let search = CTCBeamSearch(
            alphabet: alphabet, languageModel: CharacterLanguageModel(texts: ["mains and mainz"]),
            lexicon: Lexicon(words: ["mains"]), settings: DecoderSettings())
        let readings = search.decode(
            frames(alphabet: alphabet, zShare: 0.6), classCount: alphabet.count + 1,
            frames: 0..<5, allowSpace: false, count: 5)
        let text = { (h: CTCBeamSearch.Hypothesis) in
            String(decoding: h.classes.map { alphabet[$0 - 1] }, as: UTF8.self)
        }
        // the ink leans to "mainz", the word list to "mains"
        let best = try #require(readings.first)
        let name = try #require(readings.first { text($0) == "mainz" })
        #expect(text(best) == "mains")
        #expect(best.penalty == 0)
        #expect(name.penalty == DecoderSettings().oovPenalty)
        #expect(name.acousticScore > best.acousticScore)
        // without its penalty the name is within the margin of the best reading, so it is kept
        #expect(Double(name.score + name.penalty) >= Double(best.score) - DecoderSettings().candidateMargin)
    }

    /// Log-probabilities of one frame per entry, each a share per character (the rest near zero).
    private func frames(_ shares: [[Character: Float]], alphabet: [UInt8]) -> [Float] {
        shares.flatMap { frame -> [Float] in
            var row = [Float](repeating: 1e-4, count: alphabet.count + 1)
            for (ch, share) in frame { row[alphabet.firstIndex(of: ch.asciiValue!)! + 1] = share }
            let total = row.reduce(0, +)
            return row.map { log($0 / total) }
        }
    }

    @Test(arguments: [("a", "away"), ("A", "Away"), ("A", "AWAY")])
    func aWordsLettersKeepOneCaseShape(first: Character, expected: String) throws {
        let alphabet = Array("aAwWyY".utf8)
        // the second letter leans to the capital; the rest are clear but for the last one in ALL CAPS
        let allCaps = expected == "AWAY"
        let shares: [[Character: Float]] = [
            [first: 1], ["W": 0.6, "w": 0.4], [allCaps ? "A" : "a": 1], allCaps ? ["Y": 1] : ["y": 1],
        ]
        let search = CTCBeamSearch(
            alphabet: alphabet, languageModel: CharacterLanguageModel(texts: ["away"]),
            lexicon: Lexicon(words: ["away"]), settings: DecoderSettings())
        let best = try #require(
            search.decode(
                frames(shares, alphabet: alphabet), classCount: alphabet.count + 1,
                frames: 0..<4, allowSpace: false
            ).first)
        #expect(String(decoding: best.classes.map { alphabet[$0 - 1] }, as: UTF8.self) == expected)
    }

    /// A glyph written alone that the ink reads as "o" rather than "0" (or "t" rather than "+"), in
    /// a line and as a word of its own: text holds many lone numbers and marks and no lone letter,
    /// so the character model alone reads the digit (the mark).
    @Test(arguments: [
        ("o", "0", false, false, "0 0"), ("o", "0", true, false, "o 0"), ("o", "0", false, true, "0"),
        ("o", "0", true, true, "o"),
        ("t", "+", false, false, "+ +"), ("t", "+", true, false, "t +"), ("t", "+", false, true, "+"),
        ("t", "+", true, true, "t"),
    ])
    func aLoneLetterIsAsLikelyAsALoneDigitOrMark(
        letter: Character, other: Character, parity: Bool, asWord: Bool, expected: String
    ) throws {
        let alphabet = Array("\(letter)\(other) ".utf8)
        var settings = DecoderSettings()
        settings.loneLettersAsLikelyAsDigitsOrMarks = parity
        let text = "room 0 and 0 one 0 or 00 on".replacingOccurrences(of: "0", with: String(other))
        let search = CTCBeamSearch(
            alphabet: alphabet, languageModel: CharacterLanguageModel(texts: [text]),
            lexicon: Lexicon(words: ["o", "t", "room", "and", "one", "or", "on"]), settings: settings)
        let shares: [[Character: Float]] = [[letter: 0.75, other: 0.25]] + (asWord ? [] : [[" ": 1], [other: 1]])
        let best = try #require(
            search.decode(
                frames(shares, alphabet: alphabet), classCount: alphabet.count + 1,
                frames: 0..<shares.count, allowSpace: !asWord, standsAlone: asWord
            ).first)
        #expect(String(decoding: best.classes.map { alphabet[$0 - 1] }, as: UTF8.self) == expected)
    }
}
