import Foundation
import Testing
import TextMatching

@testable import Recognition

/// A language the network learnt the letters of after the first seven, read end to end: UNIPEN
/// dev writers' words with their marks composed from the same writers' ink
/// (`Benchmarks/make_language_set.py`; Tests/Fixtures/unipen/dev-words-new-latin.json, credited
/// in CREDITS.md), read with their language chosen and searched without the marks.
struct NewLatinLanguageTests {
    /// Whether the shipped network writes the letters of the newer languages; an older network
    /// reads ł as l, so the words below cannot be read as written.
    static var networkWritesTheNewLetters: Bool {
        guard
            let data = try? RecognizerResources.load(RecognizerResources.modelName, RecognizerResources.modelExtension),
            let model = try? ModelFile(data: data)
        else { return false }
        return model.metadata.alphabet.contains("ł")
    }

    struct Sample: Decodable {
        var id: String
        var language: String
        var label: String
        var strokes: [[[Double]]]
    }

    static func samples() throws -> [Sample] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/unipen/dev-words-new-latin.json")
        return try JSONDecoder().decode([Sample].self, from: Data(contentsOf: url))
    }

    /// Each word read with its own language chosen, as its writer would (one recognizer per
    /// language: seconds each to build, so the test is in the slow lane): read with its marks,
    /// or among the candidates.
    @Test(.enabled(if: networkWritesTheNewLetters, "the shipped network does not write ł ś ř ... yet"))
    func wordsWithTheNewLettersAreReadInTheirLanguage() throws {
        let samples = try Self.samples()
        var read: [String] = [], found = 0
        for (language, group) in Dictionary(grouping: samples, by: \.language).sorted(by: { $0.key < $1.key }) {
            let recognizer = try HandwritingRecognizer.make(languages: [Locale.Language(identifier: language)])
            for sample in group {
                let drawing = RealHandwritingTests.Sample(id: sample.id, label: sample.label, strokes: sample.strokes)
                    .drawing
                let transcript = recognizer.transcribe(drawing)
                if transcript.text == sample.label { read.append(sample.label) }
                let candidates = transcript.lines.flatMap(\.words).flatMap(\.candidates).map(\.text)
                if candidates.contains(sample.label) { found += 1 }
            }
        }
        #expect(read.count * 5 >= samples.count, "\(read) of \(samples.count) words read as written")
        #expect(found * 2 >= samples.count, "\(found) of \(samples.count) words among the candidates")
    }

    /// Whatever the network, the fixture is what the end-to-end test needs: each word in its
    /// language's list with a mark the decoder can spell, and found by a query typed without
    /// the marks (the query's fold is the word's).
    @Test func fixtureWordsAreListedAndFoundWithoutTheirMarks() throws {
        let samples = try Self.samples()
        #expect(!samples.isEmpty)
        for sample in samples {
            #expect(DecoderAlphabet.bytes(of: sample.label) != nil, "\(sample.label)")
            #expect(sample.label.unicodeScalars.contains { !$0.isASCII }, "\(sample.label) has a mark")
            let list = String(
                decoding: try RecognizerResources.load(RecognizerResources.wordListName(sample.language), "txt"),
                as: UTF8.self)
            #expect(list.split(separator: "\n").contains(Substring(sample.label.lowercased())), "\(sample.label)")
            let folded = TextFolding.fold(sample.label)
            let ascii = folded.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(ascii, "\(sample.label) folds to \(folded)")
        }
    }
}
