import Foundation
import Recognition

/// How a build that keeps a new hand reads again, before it ends, the lines holding an unsure
/// word of the pages it read:
///
/// 1. As the shipped reader reads those pages, it keeps the network states of the lines holding
///    an unsure word (`KeptLineStates`, in a temporary file).
/// 2. The fit marks every drawing holding an unsure word (`Indexer.learnHand`).
/// 3. The files this build read are read once more, and their marked drawings go through the hand
///    as the next build would read them (`HandReading.readAgainByLines`: each line's ink alone,
///    laid out, through the adapted network and the line decoder), except that a line whose
///    network input is one the shipped reading kept takes its states from there instead of
///    running the network: the adapted output layer and the decoder read them, and the readings
///    are those the network would give.
///
/// A drawing this build did not read keeps its mark, and the next build reads it so, running the
/// network (its states were not kept): the drawings of files this build did not read, and pages
/// of a changed file that it reused from an earlier reading, which are read in step 3 through the
/// network.
extension Indexer {
    /// Step 3 above, for the files of `jobs` (this build's) holding marked drawings, with
    /// `adaptation` (just kept) and the states in `states`; the words the next build's reader
    /// would favour are favoured (the user vocabulary as this build left it).
    func readUnsureLinesAgain(
        in jobs: [FileJob], with adaptation: HandAdaptation, states: KeptLineStates, version: Int, jobs width: Int,
        report: inout BuildReport, onFailure: (BuildReport.Failure) -> Void,
        onNotice: (BuildReport.Failure) -> Void
    ) async throws {
        let records = try store.fileRecords(recognitionVersion: version)
        let marked = jobs.compactMap { job -> FileJob? in
            guard let record = records[job.notebook.path], record.error == nil, record.hasStaleDrawings else {
                return nil
            }
            return FileJob(notebook: job.notebook, previous: record)
        }
        guard !marked.isEmpty else { return }
        let reader = try transcriber.transcriber(favouring: store.userVocabulary())
        let hand = try reader.transcriber(adaptedBy: adaptation, collectingInto: nil).keepingLineStates(in: states)
        let (found, missed) = (states.found, states.missed)
        var run = BuildRun(
            indexer: self, transcriber: reader, hand: hand, jobs: marked, version: version, report: BuildReport())
        try await run.execute(jobs: max(1, width), onFailure: onFailure, onNotice: onNotice, onProgress: { _ in })
        if run.report.indexed > 0 { try store.rebuildUserVocabulary() }
        report.drawingsReadAgainWithHand += run.report.pagesRecognized
        report.drawingsToReread = max(0, report.drawingsToReread - run.report.pagesRecognized)
        report.inputsFromKeptStates += states.found - found
        report.inputsThroughNetwork += states.missed - missed
        report.failures += run.report.failures
        report.notices += run.report.notices
    }
}
