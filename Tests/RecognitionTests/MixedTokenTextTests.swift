import Foundation
import Testing

@testable import Recognition

/// Letters and digits together ("File2", "Page 2"): the character model learns them from
/// `MixedTokenText`, so a digit the ink shows after a word is no longer bent into a letter.
@Suite struct MixedTokenTextTests {
    static let sentences: [Substring] = ["open the file on page one", "a file and a page of notes"]
    static let words = ["page", "pages", "file", "filet", "files", "notes", "open", "one"]

    @Test func linesAreTheSameEveryTimeAndMixLettersWithDigits() {
        let lines = MixedTokenText.lines(count: 200, sentences: Self.sentences)
        #expect(lines == MixedTokenText.lines(count: 200, sentences: Self.sentences))
        #expect(lines.count == 200)
        let glued = lines.filter {
            $0.contains(where: \.isLetter) && $0.contains(where: \.isNumber) && !$0.contains(" ")
        }
        let spaced = lines.filter { $0.split(separator: " ").count == 2 }
        #expect(glued.count > 40 && spaced.count > 40, "\(lines.prefix(10))")
        #expect(MixedTokenText.lines(count: 0, sentences: Self.sentences).isEmpty)
        #expect(MixedTokenText.lines(count: 10, sentences: []).isEmpty)
    }

    /// "file" clearly written, then a glyph the network reads as "2" (0.6) or "t" (0.4).
    @Test(arguments: [(0, "filet"), (200, "file2")])
    func aDigitAfterAWordIsReadWhenTheInkSaysSo(mixedLines: Int, expected: String) throws {
        let alphabet = Array("efilt2".utf8)
        let texts =
            Self.words + Self.sentences.map(String.init)
            + MixedTokenText.lines(count: mixedLines, sentences: Self.sentences)
        let search = CTCBeamSearch(
            alphabet: alphabet, languageModel: CharacterLanguageModel(texts: texts),
            lexicon: Lexicon(words: Self.words.map { Substring($0) }), settings: DecoderSettings())
        let shares: [[UInt8: Float]] = "file".utf8.map { [$0: 1] } + [[UInt8(ascii: "2"): 0.6, UInt8(ascii: "t"): 0.4]]
        let logp = shares.flatMap { frame -> [Float] in
            var row = [Float](repeating: 1e-4, count: alphabet.count + 1)
            for (c, share) in frame { row[alphabet.firstIndex(of: c)! + 1] = share }
            let total = row.reduce(0, +)
            return row.map { log($0 / total) }
        }
        let best = try #require(
            search.decode(logp, classCount: alphabet.count + 1, frames: 0..<shares.count, allowSpace: false).first)
        #expect(String(decoding: best.classes.map { alphabet[$0 - 1] }, as: UTF8.self) == expected)
    }
}
