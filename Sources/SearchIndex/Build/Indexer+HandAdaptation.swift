import Dispatch
import Foundation
import Recognition
import Synchronization

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
///    on a held-out share of the sure ones. A kept one replaces the stored one. With
///    `HandReading.readsUnsureLines`, it reads again at once the lines holding an unsure word of
///    the pages this build read, from the network states the build kept of them
///    (`Indexer+UnsureLines.swift`), and the next build reads the other drawings marked; else it
///    reads the unsure words again from their evidence, and every drawing holding an unsure word
///    it could not read so is marked to be read again by the next build.
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
    /// marks the drawings holding an unsure word; with `evidence`, those whose every unsure word
    /// it read again from there are not marked (without, the build reads their lines again:
    /// `readUnsureLinesAgain`). Evidence that cannot be read back from its file is reported
    /// through `onNotice` (the file and what is left to the next build), and its drawings are
    /// marked as the others are.
    /// - Returns: the adaptation kept, nil when none was fitted or it was dropped.
    @discardableResult
    func learnHand(
        from collector: AdaptationCollector, previous: IndexStore.StoredHandAdaptation?, evidence: HandEvidenceQueue?,
        reader: any DrawingTranscriber, version: Int, report: inout BuildReport,
        onNotice: (BuildReport.Failure) -> Void = { _ in }
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
        guard let evidence else {
            report.drawingsToReread = try store.markUnsureDrawingsStale(below: UserVocabulary.minimumConfidence)
            return adaptation
        }
        let read = try readAgainFromEvidence(evidence, with: adaptation, reader: reader, version: version)
        report.wordsReadAgainWithHand = read.words - read.unreadable
        if read.unreadable > 0 {
            let left = evidence.drawings.count - read.drawings.count
            let notice = BuildReport.Failure(
                path: evidence.filePath ?? "evidence file",
                reason:
                    "cannot read back the evidence of \(counted(read.unreadable, "unsure word")); "
                    + "\(counted(left, "drawing")) left to be read again by the next build")
            report.notices.append(notice)
            onNotice(notice)
        }
        if read.changed > 0 { try store.rebuildUserVocabulary() }
        report.drawingsToReread = try store.markUnsureDrawingsStale(
            below: UserVocabulary.minimumConfidence, except: read.drawings)
        return adaptation
    }

    /// The unsure words whose evidence the build kept, read again from it with the hand just
    /// learned and their surer readings added (`HandReading.readAgain(_:evidence:with:)`), in the
    /// store: the words are decoded in parallel, then written in one transaction.
    /// - Returns: the drawings whose every unsure word was read again, the words tried, those
    ///   whose evidence could not be read back (their drawings are left out of `drawings`, so the
    ///   next build reads them again), and the words that changed.
    func readAgainFromEvidence(
        _ queue: HandEvidenceQueue, with adaptation: HandAdaptation, reader: any DrawingTranscriber, version: Int
    ) throws -> (drawings: Set<String>, words: Int, unreadable: Int, changed: Int) {
        var found: [(id: Int64, key: String, word: IndexedWord, evidence: HandEvidenceQueue.Word)] = []
        for (key, kept) in queue.drawings.sorted(by: { $0.key < $1.key }) {
            for stored in try store.handwritingWords(drawingKey: key, recognitionVersion: version) {
                for entry in kept {
                    guard
                        let word = stored.first(where: {
                            $0.word.line == entry.line && $0.word.position == entry.position
                        })
                    else { continue }
                    found.append((word.id, key, word.word, entry))
                }
            }
        }
        let work = found
        let results = Mutex([IndexedWord?](repeating: nil, count: work.count))
        let unreadable = Mutex(Set<Int>())
        let pieces = min(work.count, 4 * ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
            for n in (work.count * piece / pieces)..<(work.count * (piece + 1) / pieces) {
                guard let evidence = queue.evidence(of: work[n].evidence) else {
                    unreadable.withLock { _ = $0.insert(n) }
                    continue
                }
                let again = HandReading.readAgain([work[n].word], evidence: [0: evidence]) {
                    reader.readAgain($0, adaptedBy: adaptation)
                }[0]
                if again != work[n].word { results.withLock { $0[n] = again } }
            }
        }
        let changed = results.withLock { $0 }
        try store.updatingReadings {
            for (n, word) in changed.enumerated() {
                if let word { try store.updateReadings(wordID: work[n].id, to: word) }
            }
        }
        let lost = unreadable.withLock { $0 }
        let left = Set(lost.map { work[$0].key })
        return (Set(queue.drawings.keys).subtracting(left), work.count, lost.count, changed.count { $0 != nil })
    }
}

/// `n` and a noun, plural when `n` is not 1.
private func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
