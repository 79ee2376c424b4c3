import Foundation
import Testing

@testable import Recognition

/// A user's own words are read as written where the ink leans their way, instead of being bent
/// into the nearest listed word; blocked words never join.
@Suite struct UserVocabularyTests {
    /// At version 20's balance of letters against the word list (a bonus of 1 a character, the
    /// character model at 0.6), where the list bent a real notebook's "qubit" into "quit";
    /// version 21 gives each letter more, and this made-up ink is no longer bent at its balance.
    private static let reader = Result {
        var settings = DecoderSettings()
        settings.insertionBonus = 1
        settings.lmWeight = 0.6
        return try RecognizerResources.makeLineReader(languages: ["en"], settings: settings)
    }

    @Test func wordsAreLetterRunsOfThreeOrMoreWithoutDigits() {
        #expect(UserVocabulary.words(in: "Qubit's (Jacobian) nltk") == ["qubit's", "jacobian", "nltk"])
        #expect(UserVocabulary.words(in: "File2 x2 v3.1 to e-mail") == ["mail"])
        #expect(UserVocabulary.words(in: "'quoted' 学习笔记 don't") == ["quoted", "don't"])
    }

    @Test func addingWordsLeavesTheSharedListAsItWas() throws {
        let lexicon = Lexicon(words: ["quilt", "quit"])
        let grown = lexicon.adding(["qubit", "Jacobian"])
        #expect(grown.contains("qubit") && grown.contains("jacobian") && grown.contains("quilt"))
        #expect(!lexicon.contains("qubit") && !lexicon.contains("jacobian"))
        #expect(!grown.contains("qub"))  // a prefix is no word
    }

    /// The b of "qubit" written a little more like a b than an l: the word list alone bends it
    /// into "quit" (as it did on a real notebook); with "qubit" among the user's words it reads
    /// as written.
    @Test func aUserWordIsReadWhereTheInkLeansItsWay() throws {
        let reader = try Self.reader.get()
        #expect(!reader.decoder.lexicon.contains("qubit"))
        let letters = "qubit".utf8.map { c -> [(UInt8, Float)] in
            c == UInt8(ascii: "b") ? [(c, Float(0.6)), (UInt8(ascii: "l"), Float(0.4))] : [(c, Float(1))]
        }
        #expect(decodeLetterFrames(reader, letters: letters) == "quit")
        let favoured = try HandwritingRecognizer(lineReader: reader).favouring(UserVocabulary(words: ["qubit"]))
        let grown = try #require(favoured.lineReader as? NeuralLineReader)
        #expect(decodeLetterFrames(grown, letters: letters) == "qubit")
    }

    @Test func blockedWordsNeverJoin() throws {
        let reader = try Self.reader.get()
        let favoured = try HandwritingRecognizer(lineReader: reader).favouring(
            UserVocabulary(words: ["nigger", "qubit"]))
        let grown = try #require(favoured.lineReader as? NeuralLineReader)
        #expect(grown.decoder.lexicon.contains("qubit"))
        #expect(!grown.decoder.lexicon.contains("nigger"))
    }
}
