import Testing

@testable import Recognition

@Suite struct DecoderAlphabetTests {
    @Test(arguments: [
        "plain ASCII", "Übung équation niño São", "«guillemets» „Anführung“ ‘x’ €5 ¿qué?",
        "Łódź żółć Čeština ŘÍJEN Ångström Øre Győr ȘȚ ığüşİ Đak Ėė Įį Ųų Ūū Āā Ēē Ģģ Īī Ķķ Ļļ Ņņ",
    ])
    func textSurvivesTheRoundTrip(_ text: String) throws {
        let bytes = try #require(DecoderAlphabet.bytes(of: text))
        #expect(bytes.count == text.unicodeScalars.count, "one byte per character")
        #expect(DecoderAlphabet.string(of: bytes) == text)
    }

    @Test func charactersOutsideTheCodeHaveNoByte() {
        #expect(DecoderAlphabet.bytes(of: "日本") == nil)
        #expect(DecoderAlphabet.bytes(of: "þorn") == nil)
        #expect(DecoderAlphabet.bytes(of: "tab\there") == nil)
        #expect(DecoderAlphabet.byte(of: "\u{FFFD}") == nil)
    }

    @Test func everyByteHasOneCharacter() {
        var seen: [Unicode.Scalar: UInt8] = [:]
        for b in UInt8.min...UInt8.max {
            let scalar = DecoderAlphabet.scalar(of: b)
            guard scalar != "\u{FFFD}" else { continue }
            #expect(seen[scalar] == nil, "\(scalar) has two bytes")
            seen[scalar] = b
            #expect(DecoderAlphabet.byte(of: scalar) == b)
        }
        #expect(seen.count == 95 + 10 + 141)
    }

    @Test func accentedLettersFoldToLowerCaseInTheLexicon() throws {
        let lexicon = Lexicon(words: ["Übung", "équation", "cœur", "łódź", "İstanbul", "ılık", "şarkı"])
        #expect(lexicon.contains("übung"))
        #expect(lexicon.contains("ÜBUNG"))
        #expect(lexicon.contains("Équation"))
        #expect(lexicon.contains("CŒUR"))
        #expect(lexicon.contains("ŁÓDŹ"))
        #expect(lexicon.contains("istanbul"), "Turkish İ is the capital of i")
        #expect(lexicon.contains("ılık"))
        #expect(lexicon.contains("ŞARKı"))
        #expect(!lexicon.contains("ubung"), "an accent is a different letter to the word list")
        #expect(!lexicon.contains("lodz"))
    }

    @Test func theCharacterModelCountsAMarkedLetterAsItsLetter() throws {
        let pairs: [(Unicode.Scalar, Character)] = [
            ("é", "e"), ("Ü", "u"), ("ł", "l"), ("Ņ", "n"), ("ß", "s"), ("ı", "i"), ("Ø", "o"), ("ș", "s"), ("œ", "o"),
        ]
        for (marked, letter) in pairs {
            let byte = try #require(DecoderAlphabet.byte(of: marked))
            let plain = try #require(letter.asciiValue)
            #expect(CharacterLanguageModel.symbol(byte) == CharacterLanguageModel.symbol(plain), "\(marked)")
        }
        #expect(
            CharacterLanguageModel.symbol(UInt8(ascii: "?"))
                == CharacterLanguageModel.symbol(try #require(DecoderAlphabet.byte(of: "€"))))
    }

    @Test func aMarkedLettersBareLetterKeepsItsCase() throws {
        let pairs: [(Unicode.Scalar, Character)] = [("é", "e"), ("Ő", "O"), ("Ł", "L"), ("đ", "d"), ("Æ", "A")]
        for (marked, bare) in pairs {
            #expect(DecoderAlphabet.bareLetter(try #require(DecoderAlphabet.byte(of: marked))) == bare.asciiValue)
        }
        #expect(DecoderAlphabet.bareLetter(UInt8(ascii: "x")) == UInt8(ascii: "x"))
        let euro = try #require(DecoderAlphabet.byte(of: "€"))
        #expect(DecoderAlphabet.bareLetter(euro) == euro)
    }
}
