import Foundation

/// A recognizer learning and reading a writer's hand (`HandAdaptation`): the network reader
/// inside it (alone, or the Latin side of a mixed-script reader) is the part that adapts; a
/// recognizer without one (CJK only, or a test double) returns itself.
extension HandwritingRecognizer {
    /// This recognizer reading with `adaptation` (the shipped network for nil).
    package func adapted(by adaptation: HandAdaptation?) -> HandwritingRecognizer {
        replacingNetworkReader { $0.adapted(by: adaptation) }
    }

    /// This recognizer handing its sure words to `collector` as it reads.
    package func collecting(into collector: AdaptationCollector?) -> HandwritingRecognizer {
        replacingNetworkReader { $0.collecting(into: collector) }
    }

    /// This recognizer attaching `HandEvidence` to the words it reads unsurely.
    package func keepingHandEvidence(_ keeps: Bool = true) -> HandwritingRecognizer {
        replacingNetworkReader { $0.keepingHandEvidence(keeps) }
    }

    /// This recognizer keeping the network states of its unsure lines in `states` as it reads with
    /// the shipped network, and reading them from there with a hand (`KeptLineStates`).
    package func keepingLineStates(in states: KeptLineStates?) -> HandwritingRecognizer {
        replacingNetworkReader { $0.keepingLineStates(in: states) }
    }

    /// An unsure word read again from its evidence (`keepingHandEvidence`) with `adaptation`:
    /// its readings and confidence, scaled as the word's was. Nil when this recognizer has no
    /// network reader, or the adaptation cannot be read from evidence.
    package func readAgain(
        _ evidence: HandEvidence, adaptedBy adaptation: HandAdaptation
    ) -> (candidates: [WordCandidate], confidence: Double)? {
        guard let word = networkReader?.readAgain(evidence, adaptedBy: adaptation) else { return nil }
        return (word.candidates, min(max(word.confidence, 0), 1) * evidence.confidenceScale)
    }

    /// Fits an adaptation to `samples` (from `collecting(into:)`) on the shipped network.
    /// - Returns: nil when this recognizer has no network reader.
    package func learnHand(
        from samples: [AdaptationSample], settings: HandAdapter.Settings = .init()
    ) -> (adaptation: HandAdaptation?, report: HandAdapter.Report)? {
        guard let reader = networkReader else { return nil }
        let space = reader.decoder.alphabet.firstIndex(of: UInt8(ascii: " ")).map { [$0 + 1] } ?? []
        return HandAdapter(network: reader.shippedNetwork, settings: settings, frozenClasses: space).fit(samples)
    }

    private var networkReader: NeuralLineReader? {
        if let reader = lineReader as? NeuralLineReader { return reader }
        return (lineReader as? MixedScriptLineReader)?.latin as? NeuralLineReader
    }

    private func replacingNetworkReader(_ change: (NeuralLineReader) -> NeuralLineReader) -> HandwritingRecognizer {
        if let reader = lineReader as? NeuralLineReader {
            return HandwritingRecognizer(
                lineReader: change(reader), layout: layout, latinLayout: latinLayout, verdict: verdict)
        }
        if var mixed = lineReader as? MixedScriptLineReader, let reader = mixed.latin as? NeuralLineReader {
            mixed.latin = change(reader)
            return HandwritingRecognizer(lineReader: mixed, layout: layout, latinLayout: latinLayout, verdict: verdict)
        }
        return self
    }
}
