import DrawingModel
import Foundation
import Recognition
import SearchIndex
import Synchronization

/// The one place the command creates its recognizer.
enum TranscriberFactory {
    static var recognitionVersion: Int { HandwritingRecognizer.recognitionVersion }

    /// Checks the installed model now (a damaged install fails the command at once), but builds
    /// the recognizer only when a page needs reading: a no-op rebuild never pays for it.
    /// - Parameter languages: the languages to read, all supported.
    @Sendable static func make(languages: [Locale.Language]) throws -> any DrawingTranscriber {
        try HandwritingRecognizer.checkResources(languages: languages)
        return DeferredRecognizer(languages: languages)
    }

    /// The shipped recognizer for `languages`; with `NBI_` decoder variables set
    /// (`DecoderSettings.fromEnvironment`, for looking behind a reading), one with those settings,
    /// said on standard error: the index still records the shipped version, so readings made that
    /// way must not pass silently for it.
    static func recognizer(for languages: [Locale.Language]) throws -> HandwritingRecognizer {
        guard let settings = DecoderSettings.fromEnvironment() else {
            return try HandwritingRecognizer.make(languages: languages)
        }
        FileHandle.standardError.write(
            Data(
                ("notebook-index: reading with decoder settings from NBI_ variables, not recognizer "
                    + "version \(recognitionVersion)'s own\n").utf8))
        return try HandwritingRecognizer.make(
            settings: settings, languages: RecognitionLanguage.canonicalCodes(languages))
    }
}

/// The shipped recognizer for some languages, loaded on first use and then shared by every thread.
final class DeferredRecognizer: DrawingTranscriber {
    let recognitionLanguages: [Locale.Language]
    /// The user's words it reads as written.
    let vocabulary: UserVocabulary
    /// The writer's hand it reads with (nil: the shipped network), and where its sure words go.
    let adaptation: HandAdaptation?
    let collector: AdaptationCollector?
    /// Whether unsure words carry their `HandEvidence`.
    let keepsEvidence: Bool
    /// Where the network states of unsure lines are kept and found (`KeptLineStates`).
    let lineStates: KeptLineStates?
    private let loaded = Mutex<HandwritingRecognizer?>(nil)

    init(
        languages: [Locale.Language], vocabulary: UserVocabulary = .empty, adaptation: HandAdaptation? = nil,
        collector: AdaptationCollector? = nil, keepsEvidence: Bool = false, lineStates: KeptLineStates? = nil
    ) {
        recognitionLanguages = languages
        self.vocabulary = vocabulary
        self.adaptation = adaptation
        self.collector = collector
        self.keepsEvidence = keepsEvidence
        self.lineStates = lineStates
    }

    var recognitionVersion: Int { HandwritingRecognizer.recognitionVersion }

    func transcribe(_ drawing: Drawing) -> Transcript {
        recognizer.transcribe(drawing)
    }

    func transcriber(favouring vocabulary: UserVocabulary) throws -> any DrawingTranscriber {
        DeferredRecognizer(
            languages: recognitionLanguages, vocabulary: vocabulary, adaptation: adaptation, collector: collector,
            keepsEvidence: keepsEvidence, lineStates: lineStates)
    }

    func transcriber(
        adaptedBy adaptation: HandAdaptation?, collectingInto collector: AdaptationCollector?
    ) throws
        -> any DrawingTranscriber
    {
        DeferredRecognizer(
            languages: recognitionLanguages, vocabulary: vocabulary, adaptation: adaptation, collector: collector,
            keepsEvidence: keepsEvidence, lineStates: lineStates)
    }

    func keepingHandEvidence() throws -> any DrawingTranscriber {
        DeferredRecognizer(
            languages: recognitionLanguages, vocabulary: vocabulary, adaptation: adaptation, collector: collector,
            keepsEvidence: true, lineStates: lineStates)
    }

    func keepingLineStates(in states: KeptLineStates) throws -> any DrawingTranscriber {
        DeferredRecognizer(
            languages: recognitionLanguages, vocabulary: vocabulary, adaptation: adaptation, collector: collector,
            keepsEvidence: keepsEvidence, lineStates: states)
    }

    func readAgain(
        _ evidence: HandEvidence, adaptedBy adaptation: HandAdaptation
    ) -> (candidates: [WordCandidate], confidence: Double)? {
        recognizer.readAgain(evidence, adaptedBy: adaptation)
    }

    func fitHand(
        to samples: [AdaptationSample], settings: HandAdapter.Settings
    ) throws -> (
        adaptation: HandAdaptation?, report: HandAdapter.Report
    )? {
        recognizer.learnHand(from: samples, settings: settings)
    }

    private var recognizer: HandwritingRecognizer {
        loaded.withLock { loaded in
            if let loaded { return loaded }
            do {
                let recognizer = try TranscriberFactory.recognizer(for: recognitionLanguages).favouring(vocabulary)
                    .adapted(by: adaptation).collecting(into: collector).keepingHandEvidence(keepsEvidence)
                    .keepingLineStates(in: lineStates)
                loaded = recognizer
                return recognizer
            } catch {
                // checkResources() passed, so only a file changed under us can get here
                FileHandle.standardError.write(Data("notebook-index: \(error)\n".utf8))
                exit(2)
            }
        }
    }
}
