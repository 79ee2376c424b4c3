import Foundation
import Testing

@testable import Recognition

/// Turkish writes the capital of ı as I, which the word list's trie takes for i: a listed word
/// with ı written in capitals was read as a word no list holds (`Lexicon`).
@Suite struct TurkishCapitalsTests {
    private static let lexicon = Lexicon(words: ["ışık", "kış", "iş"])

    @Test(arguments: [
        ("IŞIK", true), ("Işık", true), ("ışık", true), ("KIŞ", true), ("Kış", true), ("İŞ", true), ("iş", true),
        // the paths capitals walk are no words written in lower case, nor in other capitals
        ("işik", false), ("işık", false), ("Işik", false), ("kiş", false), ("IşIK", false),
    ])
    func wordsWithDotlessIWereUnreachableInCapitals(word: String, listed: Bool) {
        #expect(Self.lexicon.contains(word) == listed)
    }

    /// Each letter clear on the ink: the reading is as written, and within the list.
    @Test(arguments: ["IŞIK", "Işık", "KIŞ"])
    func aListedWordInCapitalsCarriesNoPenalty(written: String) throws {
        let letters = Array("IŞKışk".unicodeScalars)
        let alphabet = letters.compactMap(DecoderAlphabet.byte(of:))
        #expect(alphabet.count == letters.count)
        let k = alphabet.count + 1
        let frames: [Float] = written.unicodeScalars.flatMap { ch -> [Float] in
            var row = [Float](repeating: log(1e-4), count: k)
            row[alphabet.firstIndex(of: DecoderAlphabet.byte(of: ch)!)! + 1] = 0
            return row
        }
        let search = CTCBeamSearch(
            alphabet: alphabet, languageModel: CharacterLanguageModel(texts: ["ışık kış"]), lexicon: Self.lexicon,
            settings: DecoderSettings())
        let best = try #require(
            search.decode(frames, classCount: k, frames: 0..<written.unicodeScalars.count, allowSpace: false).first)
        #expect(DecoderAlphabet.string(of: best.classes.map { alphabet[$0 - 1] }) == written)
        #expect(best.penalty == 0)
    }
}
