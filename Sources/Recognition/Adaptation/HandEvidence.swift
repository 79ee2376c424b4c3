import Foundation

/// What the shipped network saw of an unsure word, kept so that a writer's hand can read the word
/// again without reading its ink again (`HandReading` in the index).
///
/// A hand changes only the output layer (`HandAdaptation`): the bias and the logit map act on the
/// shipped output layer's logits, so the word's logits over its frames, taken from the reading of
/// its line, are all the hand needs; reading the word again is a `classCount²` product per frame
/// and the decoding of one word (`HandwritingRecognizer.readAgain`). An adaptation of the output
/// layer itself needs the hidden states and is not read from evidence.
///
/// The evidence rides along with the word it belongs to (`DecodedWord`, `RecognizedWord`, in a
/// `HandEvidenceSlot`) but is not part of its value: two words read alike are equal whatever
/// evidence they carry.
package struct HandEvidence: Sendable, Hashable {
    /// `frames × classCount` logits of the shipped output layer (before the softmax), row-major,
    /// halved to 16 bits.
    package var logits: [Float16]
    package var classCount: Int
    /// A word of one letter is read as a word alone (`CTCBeamSearch`'s `standsAlone`).
    package var standsAlone: Bool
    /// What the word's confidence was scaled by after its reading (the line's text likelihood).
    package var confidenceScale: Double

    package var frames: Int { logits.count / max(classCount, 1) }
    /// Bytes held, for a build that bounds how many it keeps.
    package var byteCount: Int { 2 * logits.count + 32 }

    package init(logits: [Float16], classCount: Int, standsAlone: Bool, confidenceScale: Double = 1) {
        self.logits = logits
        self.classCount = classCount
        self.standsAlone = standsAlone
        self.confidenceScale = confidenceScale
    }

    /// The logits of these frames through `adaptation`, as floats; nil for an adaptation that
    /// needs the hidden states (`outputLayer`) or was made for another number of classes.
    func adaptedLogits(by adaptation: HandAdaptation) -> [Float]? {
        let k = classCount
        guard adaptation.classCount == k, adaptation.bias.count == k else { return nil }
        let z = logits.map { Float($0) }
        switch adaptation.part {
        case .bias:
            var out = z
            for f in 0..<frames { for j in 0..<k { out[f * k + j] += adaptation.bias[j] } }
            return out
        case .logitMap:
            guard adaptation.weights.count == k * k else { return nil }
            var out = [Float](repeating: 0, count: z.count)
            for f in 0..<frames { for j in 0..<k { out[f * k + j] = adaptation.bias[j] } }
            DenseMath.multiply(z, rows: frames, width: k, by: adaptation.weights, columns: k, adding: true, into: &out)
            return out
        case .outputLayer:
            return nil
        }
    }
}

/// Where a word keeps its `HandEvidence`: equal to every other slot, so that the evidence a
/// reader keeps changes no word's value.
package struct HandEvidenceSlot: Sendable, Hashable {
    package var evidence: HandEvidence?

    package init(_ evidence: HandEvidence? = nil) {
        self.evidence = evidence
    }

    package static func == (lhs: HandEvidenceSlot, rhs: HandEvidenceSlot) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
}
