import DrawingModel
import Foundation
import Recognition

/// Brings an index up to date with the files under some paths: the work of `notebook-index build`.
///
/// Files are compared with what the index remembers: same size and mtime means unchanged; else the
/// content hash decides. Changed files are read and their drawings recognized in parallel (pages of
/// one file and different files alike, up to `jobs` at a time); drawings whose ink is unchanged and
/// whose stored recognition is current are reused. Each file is then written in one transaction
/// by this object, the single owner of the store. Files recognized by another recognizer version,
/// or in other languages, are redone; files gone from disk are removed.
public final class Indexer {
    public let store: IndexStore
    public let source: any NotebookSource
    public let transcriber: any DrawingTranscriber

    public init(store: IndexStore, source: any NotebookSource, transcriber: any DrawingTranscriber) {
        self.store = store
        self.source = source
        self.transcriber = transcriber
    }

    /// Indexes the files and folders at `paths`.
    /// - Parameters:
    ///   - jobs: how many files or pages are read or recognized at once.
    ///   - onFailure: called for every file that fails, as it fails (`path`, `reason`).
    ///   - onProgress: called after every step of work.
    /// - Throws: errors of the index itself (the database); a file's failure is not thrown.
    public func build(
        paths: [String], jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        onFailure: (BuildReport.Failure) -> Void = { _ in }, onProgress: (BuildProgress) -> Void = { _ in }
    ) async throws -> BuildReport {
        var report = BuildReport()
        let crawl = Crawler(source: source).crawl(paths)
        for problem in crawl.problems {
            let failure = BuildReport.Failure(path: problem.path, reason: problem.reason)
            report.failures.append(failure)
            onFailure(failure)
        }
        let version = transcriber.recognitionVersion
        try store.setRecognitionVersion(version)
        try store.setRecognitionLanguages(RecognitionLanguage.canonicalCodes(transcriber.recognitionLanguages))
        let records = try store.fileRecords(recognitionVersion: version)
        report.found = crawl.notebooks.count

        let foundPaths = Set(crawl.notebooks.map(\.path))
        let gone = records.keys.filter { path in
            !foundPaths.contains(path) && crawl.roots.contains { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }
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
                if record.error != nil { report.rememberedFailures += 1 }
                continue
            }
            jobsToRun.append(FileJob(notebook: notebook, previous: record))
        }
        var run = BuildRun(indexer: self, jobs: jobsToRun, version: version, report: report)
        try await run.execute(jobs: max(1, jobs), onFailure: onFailure, onProgress: onProgress)
        return run.report
    }
}

/// A file the build has to look at, with what the index remembered of it.
struct FileJob: Sendable {
    var notebook: FoundNotebook
    var previous: FileRecord?
}
