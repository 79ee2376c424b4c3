import Foundation
import Recognition

/// How a build learns its writer's hand (`HandAdaptation`), when `Indexer.adaptsToHand`:
///
/// 1. At the start, the stored adaptation is read; one fitted for another recognizer version or
///    other languages is dropped (the next fit starts over from the shipped network).
/// 2. New and changed pages are read by the shipped reader, and the words it reads surely, or
///    less surely as a listed word (`HandAdapter.Settings.listedFloor`), are collected
///    (`AdaptationCollector`: their network states over the word, from the reading itself);
///    their unsure words are read again with the stored hand, its surer readings added beside
///    the shipped ones (`HandReading`), and keep the same states (`HandEvidence`) for the hand
///    this build learns. A build that only reads again the pages the last fit marked reads only
///    their unsure words, with the hand, and learns nothing.
/// 3. At the end, when the build read enough such words (`HandAdapter.Settings.minimumWords`,
///    and at least twice as many as the stored adaptation was fitted to, so that each page is
///    re-read a bounded number of times as an archive grows), an adaptation is fitted and judged
///    on a held-out share of the sure ones. A kept one replaces the stored one, and every drawing
///    holding an unsure word is marked; the hand reads again at once the lines holding an unsure
///    word of the pages this build read, from the network states the build kept of them
///    (`Indexer+UnsureLines.swift`), and the next build reads the other drawings marked.
///
/// A build that reads nothing new costs nothing more. Without `adaptsToHand` the stored
/// adaptation is neither used nor changed (but still dropped on a version change).
extension Indexer {
    /// The stored adaptation, or nil after dropping one fitted for another version or languages.
    func currentHandAdaptation(version: Int) throws -> IndexStore.StoredHandAdaptation? {
        guard let stored = try store.handAdaptation() else { return nil }
        let languages = RecognitionLanguage.canonicalCodes(transcriber.recognitionLanguages)
        guard stored.recognitionVersion == version, stored.languages == languages else {
            try store.removeHandAdaptation()
            return nil
        }
        return adaptsToHand ? stored : nil
    }

    /// Fits and stores a new adaptation when the build read enough sure words (see above), and
    /// marks the drawings holding an unsure word.
    /// - Returns: the adaptation kept, nil when none was fitted or it was dropped.
    @discardableResult
    func learnHand(
        from collector: AdaptationCollector, previous: IndexStore.StoredHandAdaptation?,
        reader: any DrawingTranscriber, version: Int, report: inout BuildReport
    ) throws -> HandAdaptation? {
        let settings = HandAdapter.Settings()
        guard collector.offered >= max(settings.minimumWords, 2 * (previous?.words ?? 0)) else { return nil }
        guard let (adaptation, fit) = try reader.fitHand(to: collector.samples, settings: settings) else { return nil }
        report.handFit = fit
        guard let adaptation else { return nil }
        try store.setHandAdaptation(
            IndexStore.StoredHandAdaptation(
                adaptation: adaptation, recognitionVersion: version,
                languages: RecognitionLanguage.canonicalCodes(transcriber.recognitionLanguages),
                words: fit.trainingWords, heldOut: fit.heldOutWords, lossBefore: fit.heldOutLossBefore,
                lossAfter: fit.heldOutLossAfter))
        report.drawingsToReread = try store.markUnsureDrawingsStale(below: UserVocabulary.minimumConfidence)
        return adaptation
    }
}
