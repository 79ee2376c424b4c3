import Foundation

/// What the shipped network saw of an unsure word, kept so that a writer's hand can read the word
/// again without reading its ink again (`HandReading` in the index).
///
/// A hand changes only the output layer (`HandAdaptation`), so what that layer reads, the last
/// LSTM layer's states over the word's frames (taken from the reading of its line), is all the
/// hand needs, whichever part of the layer it adapted: reading the word again is the adapted
/// output layer over those states and the decoding of one word
/// (`HandwritingRecognizer.readAgain`).
///
/// The evidence rides along with the word it belongs to (`DecodedWord`, `RecognizedWord`, in a
/// `HandEvidenceSlot`) but is not part of its value: two words read alike are equal whatever
/// evidence they carry.
package struct HandEvidence: Sendable, Hashable {
    /// `frames × width` states of the last LSTM layer, row-major, halved to 16 bits.
    package var hidden: [Float16]
    /// States per frame (the network's `hiddenWidth`).
    package var width: Int
    /// A word of one letter is read as a word alone (`CTCBeamSearch`'s `standsAlone`).
    package var standsAlone: Bool
    /// What the word's confidence was scaled by after its reading (the line's text likelihood).
    package var confidenceScale: Double

    package var frames: Int { hidden.count / max(width, 1) }

    package init(hidden: [Float16], width: Int, standsAlone: Bool, confidenceScale: Double = 1) {
        self.hidden = hidden
        self.width = width
        self.standsAlone = standsAlone
        self.confidenceScale = confidenceScale
    }

    /// The logits of these frames through an output layer (`width × classCount` weights, then
    /// the bias), as floats.
    func logits(weights: [Float], bias: [Float]) -> [Float] {
        let k = bias.count
        var out = [Float](repeating: 0, count: frames * k)
        for f in 0..<frames { for j in 0..<k { out[f * k + j] = bias[j] } }
        DenseMath.multiply(
            hidden.map { Float($0) }, rows: frames, width: width, by: weights, columns: k, adding: true, into: &out)
        return out
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
