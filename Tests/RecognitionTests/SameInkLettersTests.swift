import Foundation
import Testing

@testable import Recognition

/// ș and ş are one letter to a writer and were taught from the same ink (`SameInkLetters`): where a
/// chosen list spells only one of them, that one must get the probability the network gave both.
@Suite struct SameInkLettersTests {
    private static let letters: [Unicode.Scalar] = ["a", "s", "ș", "ş"]
    private static let alphabet = letters.compactMap(DecoderAlphabet.byte(of:))

    /// "a", then an s whose mark below the network gives to ș and ş in equal shares, less than
    /// the bare s alone and more together.
    private static func frames() -> [Float] {
        let shares: [[Float]] = [[1, 0, 0, 0], [0, 0.4, 0.3, 0.3]]
        return shares.flatMap { frame -> [Float] in
            let row = [Float(1e-4)] + frame.map { max($0, 1e-4) }
            let total = row.reduce(0, +)
            return row.map { log($0 / total) }
        }
    }

    /// The mark's lift is left out, so only the merge can bring the marked letter above the bare one.
    private static func reading(listed words: [String]) throws -> String {
        var settings = DecoderSettings()
        settings.markBonus = 0
        let search = CTCBeamSearch(
            alphabet: alphabet, languageModel: CharacterLanguageModel(texts: ["as"]),
            lexicon: Lexicon(words: words), settings: settings)
        let best = try #require(
            search.decode(frames(), classCount: alphabet.count + 1, frames: 0..<2, allowSpace: false).first)
        return DecoderAlphabet.string(of: best.classes.map { alphabet[$0 - 1] })
    }

    @Test func alphabetHasBothSpellings() {
        #expect(Self.alphabet.count == Self.letters.count)
    }

    @Test func romanianDroppedTheCedillaShareOfAMarkedS() throws {
        #expect(try Self.reading(listed: ["as", "aș"]) == "aș")
    }

    @Test func turkishDroppedTheCommaShareOfAMarkedS() throws {
        #expect(try Self.reading(listed: ["as", "aş"]) == "aş")
    }

    /// With both spellings listed (Romanian and Turkish chosen together) each keeps its own share.
    @Test func bothSpellingsListedKeepTheirOwnShares() throws {
        #expect(try Self.reading(listed: ["as", "aș", "aş"]) == "as")
    }

    @Test func nothingMergesWhereNeitherIsTried() {
        let tried = [true, true, true, false, false]
        #expect(!SameInkLetters(alphabet: Self.alphabet, tried: tried).mergesAny)
        let frames = Self.frames()
        #expect(
            SameInkLetters(alphabet: Self.alphabet, tried: tried).merged(frames, classCount: 5, frames: 0..<2) == frames
        )
    }

    @Test func theTriedSpellingHoldsBothShares() {
        let frames = Self.frames()
        let merged = SameInkLetters(alphabet: Self.alphabet, tried: [true, true, true, true, false])
            .merged(frames, classCount: 5, frames: 1..<2)
        #expect(abs(merged[5 + 3] - log(exp(frames[5 + 3]) + exp(frames[5 + 4]))) < 1e-5)
        // the first frame, outside the range, and the untried class are as they were
        #expect(Array(merged[0..<5]) == Array(frames[0..<5]) && merged[5 + 4] == frames[5 + 4])
    }
}
