import DrawingModel
import Foundation
import Recognition

/// What the indexer needs of a recognizer: a version and a transcript per drawing.
///
/// Implementations are shared by every task of a build, so they must be thread-safe
/// (`HandwritingRecognizer` is: its weights are immutable).
package protocol DrawingTranscriber: Sendable {
    /// Stored with every drawing; drawings stored with another version are re-recognized.
    var recognitionVersion: Int { get }
    /// The languages read, stored with the version: a change re-recognizes every drawing.
    var recognitionLanguages: [Locale.Language] { get }
    /// Everything recognizable in `drawing`, lines in reading order.
    func transcribe(_ drawing: Drawing) -> Transcript
    /// This transcriber reading the words of `vocabulary` as written (`UserVocabulary`); a
    /// transcriber without word lists returns itself.
    func transcriber(favouring vocabulary: UserVocabulary) throws -> any DrawingTranscriber
    /// This transcriber reading with a writer's adaptation (the shipped network for nil) and
    /// handing the words it reads surely to `collector` (`HandAdaptation`); one without a
    /// network returns itself.
    func transcriber(
        adaptedBy adaptation: HandAdaptation?, collectingInto collector: AdaptationCollector?
    ) throws
        -> any DrawingTranscriber
    /// This transcriber attaching to the words it reads unsurely what its network saw of them
    /// (`HandEvidence`); one without a network returns itself.
    func keepingHandEvidence() throws -> any DrawingTranscriber
    /// This transcriber keeping in `states` what its network saw of the lines holding an unsure
    /// word, and reading those lines from there when it reads with a hand (`KeptLineStates`); one
    /// without a network returns itself.
    func keepingLineStates(in states: KeptLineStates) throws -> any DrawingTranscriber
    /// An unsure word read again from its evidence with `adaptation`: its readings and
    /// confidence; nil when the evidence cannot be read so.
    func readAgain(
        _ evidence: HandEvidence, adaptedBy adaptation: HandAdaptation
    ) -> (candidates: [WordCandidate], confidence: Double)?
    /// Fits a writer's adaptation to the sure words collected (`HandAdapter`); nil when there is
    /// no network to adapt.
    func fitHand(
        to samples: [AdaptationSample], settings: HandAdapter.Settings
    ) throws -> (
        adaptation: HandAdaptation?, report: HandAdapter.Report
    )?
}

extension DrawingTranscriber {
    package func transcriber(favouring vocabulary: UserVocabulary) throws -> any DrawingTranscriber { self }

    package func transcriber(
        adaptedBy adaptation: HandAdaptation?, collectingInto collector: AdaptationCollector?
    )
        throws -> any DrawingTranscriber
    { self }

    package func fitHand(
        to samples: [AdaptationSample], settings: HandAdapter.Settings
    ) throws -> (
        adaptation: HandAdaptation?, report: HandAdapter.Report
    )? { nil }

    package func keepingHandEvidence() throws -> any DrawingTranscriber { self }

    package func keepingLineStates(in states: KeptLineStates) throws -> any DrawingTranscriber { self }

    package func readAgain(
        _ evidence: HandEvidence, adaptedBy adaptation: HandAdaptation
    ) -> (candidates: [WordCandidate], confidence: Double)? { nil }

    /// English, for a transcriber that does not say (every index before languages was English).
    package var recognitionLanguages: [Locale.Language] { [RecognitionLanguage.english] }
}

extension HandwritingRecognizer: DrawingTranscriber {
    /// The recognizer's version, as the index stores it with every drawing.
    package var recognitionVersion: Int { StrokeRecognizer.recognitionVersion }

    package func transcriber(favouring vocabulary: UserVocabulary) throws -> any DrawingTranscriber {
        try favouring(vocabulary)
    }

    package func transcriber(
        adaptedBy adaptation: HandAdaptation?, collectingInto collector: AdaptationCollector?
    )
        throws -> any DrawingTranscriber
    {
        adapted(by: adaptation).collecting(into: collector)
    }

    package func fitHand(
        to samples: [AdaptationSample], settings: HandAdapter.Settings
    ) throws -> (
        adaptation: HandAdaptation?, report: HandAdapter.Report
    )? {
        learnHand(from: samples, settings: settings)
    }

    package func keepingHandEvidence() throws -> any DrawingTranscriber {
        keepingHandEvidence(true)
    }

    package func keepingLineStates(in states: KeptLineStates) throws -> any DrawingTranscriber {
        keepingLineStates(in: Optional(states))
    }
}
