import Foundation
import Testing

@testable import Recognition

/// The decoder must never read a slur where the ink is as likely to be an ordinary word, and must
/// still read one that is clearly written letter by letter.
@Suite struct BlockedWordsTests {
    private static let reader = Result {
        try RecognizerResources.makeLineReader(languages: ["en"], settings: DecoderSettings())
    }

    @Test func theListHoldsTheWordsThatWereMisread() throws {
        let blocked = try RecognizerResources.blockedWords()
        #expect(blocked.contains("nigger"))
        #expect(blocked.contains("negroes"))
        #expect(!blocked.contains(where: { $0.isEmpty || $0.hasPrefix("#") }))
    }

    @Test func noBlockedWordIsInTheDecodersWordList() throws {
        let reader = try Self.reader.get()
        for word in try RecognizerResources.blockedWords() {
            #expect(!reader.decoder.lexicon.contains(word), "\(word) is in the lexicon")
        }
    }

    /// For every blocked word, the listed word of the same length closest to it letter by letter;
    /// frames split evenly between the two at every letter where they differ: the listed word wins.
    @Test func aBlockedWordNeverWinsOverAnEquallyLikelyWord() throws {
        let reader = try Self.reader.get()
        let words = String(
            decoding: try RecognizerResources.load(RecognizerResources.wordListName("en"), "txt"), as: UTF8.self
        )
        .split(separator: "\n").map { Array($0.utf8) }
        for blocked in try RecognizerResources.blockedWords().sorted() {
            let b = Array(blocked.utf8)
            let rival = words.filter {
                $0.count == b.count && $0 != b && reader.decoder.lexicon.contains(String(decoding: $0, as: UTF8.self))
            }
            .min { hamming($0, b) < hamming($1, b) }
            guard let rival, hamming(rival, b) <= 2 else { continue }
            let best = try #require(decode(reader, letters: zip(b, rival).map { [$0.0, $0.1] }))
            #expect(best != blocked, "\(blocked) read where \(String(decoding: rival, as: UTF8.self)) was as likely")
        }
    }

    @Test func aBlockedWordWrittenClearlyIsStillRead() throws {
        let reader = try Self.reader.get()
        for blocked in ["nigger", "whore", "retard"] {
            #expect(decode(reader, letters: blocked.utf8.map { [$0] }) == blocked)
        }
    }

    private func hamming(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).filter { $0 != $1 }.count }

    /// Each letter's frame shared evenly by the letters given.
    private func decode(_ reader: NeuralLineReader, letters: [[UInt8]]) -> String? {
        decodeLetterFrames(
            reader, letters: letters.map { options in Set(options).map { ($0, 1 / Float(Set(options).count)) } })
    }
}
