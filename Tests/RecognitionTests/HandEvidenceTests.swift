import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// What the reader keeps of its unsure words for a writer's hand (`HandEvidence`), and the hand
/// reading them again from it (`HandwritingRecognizer.readAgain`) without their ink.
struct HandEvidenceTests {
    static let fixture = Result { () throws -> (HandwritingRecognizer, [Drawing]) in
        let drawings = try
            (RealHandwritingTests.samples("dev-words-sample.json")
            + RealHandwritingTests.samples("dev-lines-sample.json")).map(\.drawing)
        return (try HandwritingRecognizer.makeDefault(), drawings)
    }

    /// Only the words read less surely than the sure threshold carry evidence, and keeping it
    /// changes no reading.
    @Test func onlyUnsureWordsCarryEvidenceAndNoReadingChanges() throws {
        let (recognizer, drawings) = try Self.fixture.get()
        let keeping = recognizer.keepingHandEvidence()
        var unsure = 0
        for drawing in drawings {
            let plain = recognizer.transcribe(drawing)
            let kept = keeping.transcribe(drawing)
            #expect(plain == kept)
            for (a, b) in zip(plain.lines.flatMap(\.words), kept.lines.flatMap(\.words)) {
                #expect(a.handEvidence == nil)
                #expect(a.candidates == b.candidates && a.confidence == b.confidence)
                if let evidence = b.handEvidence {
                    unsure += 1
                    #expect(b.confidence < UserVocabulary.minimumConfidence)
                    #expect(evidence.frames > 0 && evidence.logits.count == evidence.frames * evidence.classCount)
                }
            }
        }
        #expect(unsure > 0)
    }

    /// A hand that changes nothing (the identity map, a zero bias) reads an unsure word's evidence
    /// alike either way; a hand favouring a letter reads it more often; an adaptation of the
    /// output layer itself needs the hidden states and reads nothing from evidence.
    @Test func theHandReadsTheWordsFramesThroughItsPart() throws {
        let (recognizer, drawings) = try Self.fixture.get()
        let keeping = recognizer.keepingHandEvidence()
        let evidence = drawings.flatMap { keeping.transcribe($0).lines.flatMap(\.words).compactMap(\.handEvidence) }
        let sample = try #require(evidence.first)
        let k = sample.classCount
        var identity = [Float](repeating: 0, count: k * k)
        for i in 0..<k { identity[i * k + i] = 1 }
        let map = HandAdaptation(
            part: .logitMap, classCount: k, width: k, weights: identity, bias: [Float](repeating: 0, count: k))
        let zero = HandAdaptation(
            part: .bias, classCount: k, width: 0, weights: [], bias: [Float](repeating: 0, count: k))
        var favoured = zero
        let e = 1 + 69  // "e": the alphabet starts with the space at class 1
        favoured.bias[e] = 8
        var readings = 0, withE = 0, withEFavoured = 0
        for word in evidence {
            let byMap = recognizer.readAgain(word, adaptedBy: map)
            let byBias = recognizer.readAgain(word, adaptedBy: zero)
            #expect(byMap?.candidates.map(\.text) == byBias?.candidates.map(\.text))
            guard let byBias else { continue }
            readings += 1
            #expect(byBias.confidence > 0 && byBias.confidence <= word.confidenceScale)
            if byBias.candidates[0].text.contains("e") { withE += 1 }
            if recognizer.readAgain(word, adaptedBy: favoured)?.candidates[0].text.contains("e") == true {
                withEFavoured += 1
            }
        }
        #expect(readings > evidence.count / 2)
        #expect(withEFavoured > withE)
        let layer = HandAdaptation(
            part: .outputLayer, classCount: k, width: 4, weights: [Float](repeating: 0, count: 4 * k),
            bias: [Float](repeating: 0, count: k))
        #expect(recognizer.readAgain(sample, adaptedBy: layer) == nil)
    }
}
