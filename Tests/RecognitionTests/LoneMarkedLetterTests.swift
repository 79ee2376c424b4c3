import Foundation
import Testing

@testable import Recognition

/// A marked letter written alone, read with its language chosen: UNIPEN dev writers' `s` with a
/// caron composed from the same writers' ink (`Benchmarks/make_language_set.py`;
/// Tests/Fixtures/unipen/dev-words-lone-s-caron.json, credited in CREDITS.md). The line's search
/// reads a line of one character as the digit it looks like, and the word's own search, which
/// weighs a lone letter as a lone digit, reads the letter.
struct LoneMarkedLetterTests {
    @Test(.enabled(if: NewLatinLanguageTests.networkWritesTheNewLetters, "the shipped network does not write š yet"))
    func aLoneSCaronIsNotReadAsTheDigitFive() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/unipen/dev-words-lone-s-caron.json")
        let samples = try JSONDecoder().decode([NewLatinLanguageTests.Sample].self, from: Data(contentsOf: url))
        #expect(samples.count == 4)
        for (language, group) in Dictionary(grouping: samples, by: \.language).sorted(by: { $0.key < $1.key }) {
            // English beside it, as `Benchmarks/language_errors.py` reads them
            let recognizer = try HandwritingRecognizer.make(languages: [
                Locale.Language(identifier: "en"), Locale.Language(identifier: language),
            ])
            for sample in group {
                let drawing = RealHandwritingTests.Sample(id: sample.id, label: sample.label, strokes: sample.strokes)
                    .drawing
                // alone, š and Š are one shape (nothing beside it tells the case), and search folds case
                #expect(recognizer.transcribe(drawing).text.lowercased() == sample.label, "\(sample.id)")
            }
        }
    }
}
