import Testing

@testable import Recognition

@Suite struct DecoderAlphabetTests {
    @Test(arguments: ["plain ASCII", "Übung équation niño São", "«guillemets» „Anführung“ ‘x’ €5 ¿qué?"])
    func textSurvivesTheRoundTrip(_ text: String) throws {
        let bytes = try #require(DecoderAlphabet.bytes(of: text))
        #expect(bytes.count == text.unicodeScalars.count, "one byte per character")
        #expect(DecoderAlphabet.string(of: bytes) == text)
    }

    @Test func charactersOutsideWindows1252HaveNoByte() {
        #expect(DecoderAlphabet.bytes(of: "łódź") == nil)
        #expect(DecoderAlphabet.bytes(of: "日本") == nil)
    }

    @Test func accentedLettersFoldToLowerCaseInTheLexicon() throws {
        let lexicon = Lexicon(words: ["Übung", "équation", "cœur"])
        #expect(lexicon.contains("übung"))
        #expect(lexicon.contains("ÜBUNG"))
        #expect(lexicon.contains("Équation"))
        #expect(lexicon.contains("CŒUR"))
        #expect(!lexicon.contains("ubung"), "an accent is a different letter to the word list")
    }

    @Test func theCharacterModelGivesAccentedLettersTheirOwnSymbol() throws {
        let e = try #require(DecoderAlphabet.byte(of: "é"))
        #expect(CharacterLanguageModel.symbol(e) != CharacterLanguageModel.symbol(UInt8(ascii: "e")))
        #expect(
            CharacterLanguageModel.symbol(e)
                == CharacterLanguageModel.symbol(try #require(DecoderAlphabet.byte(of: "Ü"))))
        #expect(
            CharacterLanguageModel.symbol(UInt8(ascii: "?"))
                == CharacterLanguageModel.symbol(try #require(DecoderAlphabet.byte(of: "€"))))
    }
}
