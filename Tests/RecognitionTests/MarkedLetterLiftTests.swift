import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// Marked words whose bare form is an English word, read with English and their language: UNIPEN
/// dev writers' words with a mark composed from the same writers' ink
/// (`Benchmarks/make_language_set.py`; Tests/Fixtures/unipen/dev-words-marks-over-english.json,
/// credited in CREDITS.md). Both spellings are listed and the character model counts a mark as its
/// letter, so only the ink can choose, and the network gives the marked letter little probability
/// (`MarkedLetterLift`).
struct MarkedLetterLiftTests {
    static func samples() throws -> [NewLatinLanguageTests.Sample] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/unipen/dev-words-marks-over-english.json")
        return try JSONDecoder().decode([NewLatinLanguageTests.Sample].self, from: Data(contentsOf: url))
    }

    static func drawing(_ sample: NewLatinLanguageTests.Sample) -> Drawing {
        RealHandwritingTests.Sample(id: sample.id, label: sample.label, strokes: sample.strokes).drawing
    }

    @Test(.enabled(if: NewLatinLanguageTests.networkWritesTheNewLetters, "the shipped network does not write ł ø å"))
    func markedWordReadAsItsBareEnglishWord() throws {
        let samples = try Self.samples()
        #expect(samples.count == 5)
        for sample in samples {
            let recognizer = try HandwritingRecognizer.make(languages: [
                Locale.Language(identifier: "en"), Locale.Language(identifier: sample.language),
            ])
            #expect(recognizer.transcribe(Self.drawing(sample)).text == sample.label, "\(sample.id)")
        }
    }

    /// With English alone no marked letter is tried, so the same ink reads as its bare English word.
    @Test(.enabled(if: NewLatinLanguageTests.networkWritesTheNewLetters, "the shipped network does not write ł ø å"))
    func englishAloneReadsTheSameInkWithoutMarks() throws {
        let recognizer = try HandwritingRecognizer.make(languages: [Locale.Language(identifier: "en")])
        for sample in try Self.samples() {
            let text = recognizer.transcribe(Self.drawing(sample)).text
            let bare = text.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(bare, "\(sample.id): \(text)")
        }
    }

    /// Only the marked letters a chosen list holds are lifted: none for a list without marks.
    @Test func aListWithoutMarksLiftsNoLetter() {
        let alphabet = "asøåo".unicodeScalars.compactMap(DecoderAlphabet.byte(of:))
        #expect(alphabet.count == 5)
        let english = CTCBeamSearch.triedClasses(alphabet: alphabet, lexicon: Lexicon(words: ["as", "so"]))
        #expect(!MarkedLetterLift(alphabet: alphabet, tried: english, bonus: 4).liftsAny)
        let danish = CTCBeamSearch.triedClasses(alphabet: alphabet, lexicon: Lexicon(words: ["ås", "so"]))
        let lift = MarkedLetterLift(alphabet: alphabet, tried: danish, bonus: 4)
        // classes count from 1: a s ø å o
        #expect(lift.lifts(4) && !lift.lifts(3) && !lift.lifts(1))
        #expect(!MarkedLetterLift(alphabet: alphabet, tried: danish, bonus: 0).liftsAny)
    }
}
