import Foundation
import Testing

@testable import Recognition

@Suite struct CTCBeamSearchTests {
    /// Five frames spelling "main" and then one letter, split between "s" (1 - zShare) and "z".
    private func frames(alphabet: [UInt8], zShare: Float) -> [Float] {
        let classCount = alphabet.count + 1
        var logp: [Float] = []
        for letter in "main?".utf8 {
            var row = [Float](repeating: 1e-4, count: classCount)
            if letter == UInt8(ascii: "?") {
                row[alphabet.firstIndex(of: UInt8(ascii: "z"))! + 1] = zShare
                row[alphabet.firstIndex(of: UInt8(ascii: "s"))! + 1] = 1 - zShare
            } else {
                row[alphabet.firstIndex(of: letter)! + 1] = 1
            }
            let total = row.reduce(0, +)
            logp += row.map { log($0 / total) }
        }
        return logp
    }

    @Test func aReadingOutsideTheListCarriesItsPenaltyApart() throws {
        let alphabet = Array("ainmsz ".utf8)
        let search = CTCBeamSearch(
            alphabet: alphabet, languageModel: CharacterLanguageModel(texts: ["mains and mainz"]),
            lexicon: Lexicon(words: ["mains"]), settings: DecoderSettings())
        let readings = search.decode(frames(alphabet: alphabet, zShare: 0.6), classCount: alphabet.count + 1,
                                     frames: 0..<5, allowSpace: false, count: 5)
        let text = { (h: CTCBeamSearch.Hypothesis) in String(decoding: h.classes.map { alphabet[$0 - 1] }, as: UTF8.self) }
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
}
