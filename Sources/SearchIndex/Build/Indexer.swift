import DrawingModel
import Foundation
import NotebookFormats
import Recognition

/// Brings an index up to date with the files under some paths: the work of `notebook-index build`.
///
/// Files are compared with what the index remembers: same size and mtime means unchanged; else the
/// content hash decides. Changed files are read and their drawings recognized in parallel (pages of
/// one file and different files alike, up to `jobs` at a time); drawings whose ink is unchanged and
/// whose stored recognition is current are reused. Each file is then written in one transaction
/// by this object, the single owner of the store. Files recognized by another recognizer version,
/// or in other languages, are redone; files gone from disk are removed.
package final class Indexer {
    package let store: IndexStore
    package let source: any NotebookSource
    package let transcriber: any DrawingTranscriber
    /// Whether builds learn the writer's hand from the sure words they read and read with it
    /// (`Indexer+HandAdaptation.swift`); `build --adapt` turns it on.
    package var adaptsToHand: Bool

    package init(
        store: IndexStore, source: any NotebookSource, transcriber: any DrawingTranscriber, adaptsToHand: Bool = false
    ) {
        self.store = store
        self.source = source
        self.transcriber = transcriber
        self.adaptsToHand = adaptsToHand
    }

    /// Indexes the files and folders at `paths`.
    /// - Parameters:
    ///   - jobs: how many files or pages are read or recognized at once.
    ///   - onFailure: called for every file that fails, as it fails (`path`, `reason`).
    ///   - onProgress: called after every step of work.
    ///   - onNotice: called for every page recognized in part (`path`, `page N: what`), and for
    ///     the evidence of unsure words the hand could not read back (the file, what is left).
    ///   - afterCrash: the previous build of this index died by a signal (the command's
    ///     supervisor knows): files it was reading alone are remembered as failed, and the others
    ///     it was reading are read first, one at a time (see `IndexStore.beginAttempt`).
    /// - Throws: errors of the index itself (the database); a file's failure is not thrown.
    package func build(
        paths: [String], jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        afterCrash: Bool = false, shard: Shard? = nil,
        onFailure: (BuildReport.Failure) -> Void = { _ in }, onNotice: (BuildReport.Failure) -> Void = { _ in },
        onProgress: (BuildProgress) -> Void = { _ in }
    ) async throws -> BuildReport {
        var report = BuildReport()
        var crawl = Crawler(source: source).crawl(paths)
        if let shard {
            let roots = crawl.roots
            crawl.notebooks.removeAll { !shard.contains(path: $0.path, roots: roots) }
        }
        for problem in crawl.problems {
            let failure = BuildReport.Failure(path: problem.path, reason: problem.reason)
            report.failures.append(failure)
            onFailure(failure)
        }
        let version = transcriber.recognitionVersion
        try store.setRecognitionVersion(version)
        try store.setRecognitionLanguages(RecognitionLanguage.canonicalCodes(transcriber.recognitionLanguages))
        try store.setShard(shard)
        var convicted = Set<String>(), suspects = Set<String>()
        if afterCrash {
            for attempt in try store.unfinishedAttempts() {
                guard attempt.alone else {
                    suspects.insert(attempt.path)
                    continue
                }
                let fingerprint = FileFingerprint(size: attempt.size, modificationTime: attempt.modificationTime)
                try store.recordFailure(path: attempt.path, fingerprint: fingerprint, reason: Self.crashReason)
                convicted.insert(attempt.path)
                let failure = BuildReport.Failure(path: attempt.path, reason: Self.crashReason)
                report.failures.append(failure)
                onFailure(failure)
            }
        }
        try store.clearAttempts()
        let records = try store.fileRecords(recognitionVersion: version)
        report.found = crawl.notebooks.count

        let foundPaths = Set(crawl.notebooks.map(\.path))
        let gone = records.keys.filter { path in
            !foundPaths.contains(path) && crawl.roots.contains { Crawler.path(path, isWithin: $0) }
        }
        try store.removeFiles(gone.sorted())
        report.removed = gone.count

        var jobsToRun: [FileJob] = []
        for notebook in crawl.notebooks {
            let record = records[notebook.path]
            if let record, record.fingerprint.size == notebook.fingerprint.size,
                record.fingerprint.modificationTime == notebook.fingerprint.modificationTime,
                record.error != nil || !record.hasStaleDrawings
            {
                report.unchanged += 1
                if record.error != nil, !convicted.contains(notebook.path) { report.rememberedFailures += 1 }
                continue
            }
            jobsToRun.append(FileJob(notebook: notebook, previous: record))
        }
        let learned = try currentHandAdaptation(version: version)
        // the words of the user's notes so far are read as written (a no-op build skips it)
        var reader = jobsToRun.isEmpty ? transcriber : try transcriber.transcriber(favouring: store.userVocabulary())
        // Only ink the stored hand has not learned from teaches it: pages read again only because
        // the last fit marked them offer the words it was fitted to, and counting those would
        // have every build fit again and mark the same pages again.
        let learnsHand = adaptsToHand && jobsToRun.contains { learned == nil || $0.bringsNewInk }
        let collector = learnsHand ? AdaptationCollector(listedFloor: HandAdapter.Settings().listedFloor) : nil
        // pages are read by the shipped reader (whose sure words teach the hand), and their unsure
        // words again by the hand learned (`HandReading`)
        var hand: (any DrawingTranscriber)?
        // the network states of the lines holding an unsure word, for the hand this build learns
        // to read them again at its end without the network (`readUnsureLinesAgain`)
        let lineStates = collector != nil ? KeptLineStates() : nil
        if adaptsToHand, !jobsToRun.isEmpty {
            if let learned { hand = try reader.transcriber(adaptedBy: learned.adaptation, collectingInto: nil) }
            reader = try reader.transcriber(adaptedBy: nil, collectingInto: collector)
            if let lineStates { reader = try reader.keepingLineStates(in: lineStates) }
            // the unsure words' evidence, for the hand to read them again without their ink
            if learned != nil { reader = try reader.keepingHandEvidence() }
        }
        // suspects of a crash alone first, so that a second crash names its culprit
        let alone = jobsToRun.filter { suspects.contains($0.notebook.path) }
        var first = BuildRun(
            indexer: self, transcriber: reader, hand: hand, learned: learned?.adaptation, jobs: alone,
            version: version, report: report)
        try await first.execute(jobs: 1, onFailure: onFailure, onNotice: onNotice, onProgress: onProgress)
        let together = jobsToRun.filter { !suspects.contains($0.notebook.path) }
        var rest = BuildRun(
            indexer: self, transcriber: reader, hand: hand, learned: learned?.adaptation, jobs: together,
            version: version, report: first.report)
        try await rest.execute(jobs: max(1, jobs), onFailure: onFailure, onNotice: onNotice, onProgress: onProgress)
        if rest.report.indexed > 0 || rest.report.removed > 0 { try store.rebuildUserVocabulary() }
        if try store.hasStrokeIDsToDerive() { try deriveStrokeIDs(of: crawl.notebooks) }
        if let collector {
            let kept = try learnHand(
                from: collector, previous: learned, reader: reader, version: version, report: &rest.report)
            if let kept, let lineStates {
                try await readUnsureLinesAgain(
                    in: jobsToRun, with: kept, states: lineStates, version: version, jobs: jobs, report: &rest.report,
                    onFailure: onFailure, onNotice: onNotice)
            }
        }
        // a build that wrote nothing leaves the segments as the last one that did
        if !jobsToRun.isEmpty || !gone.isEmpty { try store.mergeSearchSegments() }
        return rest.report
    }

    /// After an upgrade from schema 8 or older, once: every notebook whose drawings an older
    /// schema wrote read again (not recognized) to learn what its reader derives its stroke IDs from, so that the index
    /// stores them derived (`IndexStore.deriveStrokeIDs`, which keeps every ID that the reader
    /// does not derive the same way stored whole). A file it cannot read keeps its IDs whole. A
    /// build killed meanwhile leaves each file done or not, and the next build goes on; each
    /// read is an attempt (`beginAttempt`), so a file that kills the process is named by the next
    /// build as any other.
    private func deriveStrokeIDs(of notebooks: [FoundNotebook]) throws {
        var derived = 0
        for notebook in notebooks where try store.hasStrokeIDsStoredWhole(path: notebook.path) {
            try store.beginAttempt(path: notebook.path, fingerprint: notebook.fingerprint, alone: true)
            let read = try? StrokeKeyLog.recording { try source.read(at: URL(fileURLWithPath: notebook.path)) }
            if let (_, origins) = read { derived += try store.deriveStrokeIDs(path: notebook.path, origins: origins) }
            try store.endAttempt(path: notebook.path)
        }
        try store.finishDerivingStrokeIDs(vacuum: derived > 0)
    }

    /// Why a file the build crashed on is not read again until it changes.
    static let crashReason =
        "notebook-index died while reading this file (a crash or out of memory); it is skipped until it changes"
}

/// A file the build has to look at, with what the index remembered of it.
struct FileJob: Sendable {
    var notebook: FoundNotebook
    var previous: FileRecord?

    /// A file not indexed before or changed since, rather than one read again for stale drawings.
    var bringsNewInk: Bool {
        guard let previous else { return true }
        return previous.fingerprint.size != notebook.fingerprint.size
            || previous.fingerprint.modificationTime != notebook.fingerprint.modificationTime
    }
}
