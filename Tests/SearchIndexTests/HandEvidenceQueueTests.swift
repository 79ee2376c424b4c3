import Foundation
import Recognition
import Testing

@testable import SearchIndex

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The evidence of a build's unsure words in `HandEvidenceQueue`'s temporary file, when it
/// cannot be read back: the build says so, naming the file, and leaves the drawings for the
/// next build instead of losing their reading with the hand.
@Suite struct HandEvidenceQueueTests {
    /// Regression: evidence that could not be read back from the queue's temporary file was
    /// skipped silently and its drawing counted as read again, so it was not marked for the
    /// next build and its unsure words were never read with the hand.
    @Test func unreadableEvidenceFileLeftDrawingsUnmarked() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        HandAdaptationIndexTests.writeNotes(folder)
        let transcriber = HandTranscriber(keepsEvidence: true)
        _ = try await HandAdaptationIndexTests.build(folder, transcriber, adapts: false)

        // the unsure word's evidence kept as a build keeps it, then the file emptied under it
        let store = try IndexStore(path: folder.index, access: .write)
        var queue = HandEvidenceQueue()
        let evidence = HandEvidence(hidden: [0, 0, 0], width: 3, standsAlone: false)
        for (key, drawing) in try store.storedDrawings(path: folder.path + "/notes/a.tnb") {
            let words = drawing.words.filter { $0.source == .handwriting }
            let unsure = HandReading.unsure(words)
            queue.add(key: key, words: words, evidence: Dictionary(uniqueKeysWithValues: unsure.map { ($0, evidence) }))
        }
        #expect(queue.wordCount == 1)
        let file = try #require(queue.file)
        #expect(ftruncate(file.descriptor, 0) == 0)

        let collector = AdaptationCollector()
        collector.add((0..<70).map { AdaptationSample(hidden: [1, 2], width: 2, target: [1], text: "word\($0)") })
        let indexer = Indexer(
            store: store, source: TextNotebookSource(), transcriber: transcriber, adaptsToHand: true)
        var report = BuildReport()
        var notices: [BuildReport.Failure] = []
        try indexer.learnHand(
            from: collector, previous: nil, evidence: queue, reader: try transcriber.keepingHandEvidence(),
            version: 1, report: &report, onNotice: { notices.append($0) })
        #expect(report.handFit?.accepted == true)
        #expect(
            notices == [
                BuildReport.Failure(
                    path: file.path,
                    reason:
                        "cannot read back the evidence of 1 unsure word; 1 drawing left to be read again by the next build"
                )
            ])
        #expect(report.notices == notices)
        #expect(report.wordsReadAgainWithHand == 0 && report.drawingsToReread == 1)
        #expect(transcriber.readFromEvidence.isEmpty)
        #expect(try search(folder, "smudged").isEmpty)

        // the next build reads the drawing again with the hand
        let hand = try #require(try HandAdaptationIndexTests.stored(folder)).adaptation
        let next = try await HandAdaptationIndexTests.build(folder, transcriber)
        #expect(next.pagesRecognized == 1 && transcriber.readWith.last == hand)
        #expect(try search(folder, "smudge").count == 1 && search(folder, "smudged").count == 1)
    }
}
