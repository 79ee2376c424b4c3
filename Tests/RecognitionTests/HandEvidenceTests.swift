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
                    #expect(evidence.frames > 0 && evidence.hidden.count == evidence.frames * evidence.width)
                }
            }
        }
        #expect(unsure > 0)
    }

    /// The shipped network's reader inside `recognizer`.
    static func networkReader(of recognizer: HandwritingRecognizer) throws -> NeuralLineReader {
        try #require(
            recognizer.lineReader as? NeuralLineReader
                ?? (recognizer.lineReader as? MixedScriptLineReader)?.latin as? NeuralLineReader)
    }

    /// A hand that changes nothing (the identity map, a zero bias, the shipped output layer as
    /// an adapted one) reads an unsure word's evidence alike every way; a hand favouring a letter
    /// reads it more often; an adaptation made for another shape of network reads nothing.
    @Test func theHandReadsTheWordsFramesThroughItsPart() throws {
        let (recognizer, drawings) = try Self.fixture.get()
        let network = try Self.networkReader(of: recognizer).shippedNetwork
        let keeping = recognizer.keepingHandEvidence()
        let evidence = drawings.flatMap { keeping.transcribe($0).lines.flatMap(\.words).compactMap(\.handEvidence) }
        let sample = try #require(evidence.first)
        #expect(sample.width == network.hiddenWidth)
        let k = network.classCount
        var identity = [Float](repeating: 0, count: k * k)
        for i in 0..<k { identity[i * k + i] = 1 }
        let map = HandAdaptation(
            part: .logitMap, classCount: k, width: k, weights: identity, bias: [Float](repeating: 0, count: k))
        let zero = HandAdaptation(
            part: .bias, classCount: k, width: 0, weights: [], bias: [Float](repeating: 0, count: k))
        let shippedLayer = HandAdaptation(
            part: .outputLayer, classCount: k, width: network.hiddenWidth, weights: network.outputWeights,
            bias: network.outputBias)
        var favoured = zero
        let e = 1 + 69  // "e": the alphabet starts with the space at class 1
        favoured.bias[e] = 8
        var readings = 0, withE = 0, withEFavoured = 0
        for word in evidence {
            let byMap = recognizer.readAgain(word, adaptedBy: map)
            let byBias = recognizer.readAgain(word, adaptedBy: zero)
            let byLayer = recognizer.readAgain(word, adaptedBy: shippedLayer)
            #expect(byMap?.candidates.map(\.text) == byBias?.candidates.map(\.text))
            #expect(byLayer?.candidates.map(\.text) == byBias?.candidates.map(\.text))
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
        let otherShape = HandAdaptation(
            part: .outputLayer, classCount: k, width: 4, weights: [Float](repeating: 0, count: 4 * k),
            bias: [Float](repeating: 0, count: k))
        #expect(recognizer.readAgain(sample, adaptedBy: otherShape) == nil)
    }
}
