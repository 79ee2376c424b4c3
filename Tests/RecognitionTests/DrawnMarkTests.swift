import Foundation
import Testing

@testable import Recognition

/// The defect of versions 6-32 with the Latin-script languages: the character model gave every
/// letter with a mark one symbol of its own, rare among the chosen lists' words and the English
/// sentences, so it charged each mark the ink showed, and where a word list held the word both
/// with and without it (English "bad", Danish "båd") the bare reading won.
@Suite struct DrawnMarkTests {
    @Test func aDrawnMarkIsNotOutweighedByTheCharacterModel() throws {
        let alphabet = try #require(DecoderAlphabet.bytes(of: "badå"))
        // the middle frame leans to å: the writer drew the ring
        let shares: [[String: Float]] = [["b": 1], ["å": 0.54, "a": 0.46], ["d": 1]]
        let logp = try shares.flatMap { frame -> [Float] in
            var row = [Float](repeating: 1e-4, count: alphabet.count + 1)
            for (ch, share) in frame {
                let byte = try #require(DecoderAlphabet.bytes(of: ch)?.first)
                row[try #require(alphabet.firstIndex(of: byte)) + 1] = share
            }
            let total = row.reduce(0, +)
            return row.map { log($0 / total) }
        }
        // English and Danish words: a is common, å rare
        let words = [
            "bad", "bag", "ban", "bar", "bat", "bay", "band", "had", "dad", "sad", "mad", "pad", "lad", "båd", "gå",
        ]
        let search = CTCBeamSearch(
            alphabet: alphabet, languageModel: CharacterLanguageModel(texts: words), lexicon: Lexicon(words: words),
            settings: DecoderSettings())
        let read = search.decode(logp, classCount: alphabet.count + 1, frames: 0..<3, allowSpace: false, count: 5)
            .map { DecoderAlphabet.string(of: $0.classes.map { alphabet[$0 - 1] }) }
        #expect(read.first == "båd")
        #expect(read.contains("bad"))
    }
}
