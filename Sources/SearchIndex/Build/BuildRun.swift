import DrawingModel
import Foundation
import NotebookFormats
import Recognition

/// One build's pipeline: reads and recognitions run as child tasks; results come back to this
/// struct, which alone writes to the store.
struct BuildRun {
    private enum Work: Sendable {
        case read(Int)
        case recognize(job: Int, page: Int, Drawing)
        /// A page marked by the last fit: only its unsure words are read again, with the hand.
        case readForHand(job: Int, page: Int, Drawing, [IndexedWord])
    }

    private enum ReadOutcome: Sendable {
        /// Same bytes as stored: only the fingerprint moves.
        case sameContent(hash: String)
        /// `origins`: what the reader derived its derived stroke IDs from (`StrokeKeyLog`).
        case loaded(hash: String, notebook: Notebook, keys: [String], origins: [UUID: StrokeKeyLog.Origin])
        case failed(hash: String, reason: String)
    }

    private enum Outcome: Sendable {
        case read(Int, ReadOutcome)
        case recognized(job: Int, page: Int, [IndexedWord], note: String?)
    }

    /// A file read and waiting for its pages.
    private struct OpenFile {
        var hash: String
        var notebook: Notebook
        var keys: [String]
        var origins: [UUID: StrokeKeyLog.Origin]
        var handwriting: [Int: [IndexedWord]]
        var remaining: Int
    }

    let indexer: Indexer
    /// The indexer's transcriber, favouring the user vocabulary.
    let transcriber: any DrawingTranscriber
    /// The same with the writer's hand learned, when the build reads with one: it reads again the
    /// unsure words of every page the shipped reader read (`HandReading`).
    let hand: (any DrawingTranscriber)?
    /// The hand the build started with, which reads unsure words again from the evidence the
    /// reader kept of them (`HandEvidence`) where it kept some, before any ink is read again.
    let learned: HandAdaptation?
    let jobs: [FileJob]
    let version: Int
    var report: BuildReport

    init(
        indexer: Indexer, transcriber: any DrawingTranscriber, hand: (any DrawingTranscriber)? = nil,
        learned: HandAdaptation? = nil, jobs: [FileJob], version: Int, report: BuildReport
    ) {
        self.indexer = indexer
        self.transcriber = transcriber
        self.hand = hand
        self.learned = learned
        self.jobs = jobs
        self.version = version
        self.report = report
    }

    mutating func execute(
        jobs width: Int, onFailure: (BuildReport.Failure) -> Void, onNotice: (BuildReport.Failure) -> Void,
        onProgress: (BuildProgress) -> Void
    ) async throws {
        let source = indexer.source
        let transcriber = self.transcriber
        let hand = self.hand
        let learned = self.learned
        let start = Date()
        var progress = BuildProgress(filesTotal: jobs.count, filesDone: 0, pagesSeen: 0, pagesDone: 0, elapsed: 0)
        var nextRead = 0
        var recognitions: [Work] = []
        var open: [Int: OpenFile] = [:]
        var inFlight = 0
        var reading = 0

        try await withThrowingTaskGroup(of: Outcome.self) { group in
            while true {
                // Recognitions first (they finish open files); new reads while few files are open.
                while inFlight < width {
                    let work: Work
                    if !recognitions.isEmpty {
                        work = recognitions.removeFirst()
                    } else if nextRead < jobs.count, open.count < width,
                        MemoryGate.mayRead(readsInFlight: reading, filesOpen: open.count)
                    {
                        work = .read(nextRead)
                        nextRead += 1
                        reading += 1
                    } else {
                        break
                    }
                    inFlight += 1
                    switch work {
                    case .read(let index):
                        let job = jobs[index]
                        try indexer.store.beginAttempt(
                            path: job.notebook.path, fingerprint: job.notebook.fingerprint, alone: width == 1)
                        group.addTask { .read(index, Self.read(job, source: source)) }
                    case .recognize(let job, let page, let drawing):
                        group.addTask {
                            let transcript = transcriber.transcribe(drawing)
                            var words = IndexedWord.handwriting(transcript)
                            let evidence = learned != nil ? HandReading.evidence(in: transcript, of: words) : [:]
                            if let learned, !evidence.isEmpty {
                                words = HandReading.readAgain(words, evidence: evidence) {
                                    transcriber.readAgain($0, adaptedBy: learned)
                                }
                            }
                            if let hand {
                                words = HandReading.readAgain(
                                    words, in: drawing, with: hand, skipping: Set(evidence.keys))
                            }
                            return .recognized(job: job, page: page, words, note: transcript.budgetNote)
                        }
                    case .readForHand(let job, let page, let drawing, let words):
                        // only enqueued with a hand; without one the page would keep its words
                        let reader = hand ?? transcriber
                        group.addTask {
                            .recognized(
                                job: job, page: page,
                                HandReading.readAgainByLines(words, in: drawing, with: reader), note: nil)
                        }
                    }
                }
                guard let outcome = try await group.next() else { break }
                inFlight -= 1
                if case .read = outcome { reading -= 1 }
                switch outcome {
                case .read(let index, .sameContent(let hash)):
                    var fingerprint = jobs[index].notebook.fingerprint
                    fingerprint.contentHash = hash
                    try indexer.store.updateFingerprint(path: jobs[index].notebook.path, fingerprint)
                    if jobs[index].previous?.error != nil { report.rememberedFailures += 1 }
                    report.touched += 1
                    progress.filesDone += 1
                case .read(let index, .failed(let hash, let reason)):
                    try fail(index, hash: hash, reason: reason, onFailure: onFailure)
                    progress.filesDone += 1
                case .read(let index, .loaded(let hash, let notebook, let keys, let origins)):
                    var file = OpenFile(
                        hash: hash, notebook: notebook, keys: keys, origins: origins, handwriting: [:], remaining: 0)
                    let stored =
                        jobs[index].previous == nil
                        ? [:] : try indexer.store.storedDrawings(path: jobs[index].notebook.path)
                    for (page, content) in notebook.pages.enumerated() {
                        if let reused = stored[keys[page]], reused.recognitionVersion == version {
                            file.handwriting[page] = reused.words.filter { $0.source == .handwriting }
                            report.pagesReused += 1
                            progress.pagesDone += 1
                        } else if hand != nil, let marked = stored[keys[page]],
                            marked.recognitionVersion == IndexStore.markedForHand
                        {
                            let words = marked.words.filter { $0.source == .handwriting }
                            recognitions.append(.readForHand(job: index, page: page, content.drawing, words))
                            file.remaining += 1
                        } else {
                            recognitions.append(.recognize(job: index, page: page, content.drawing))
                            file.remaining += 1
                        }
                    }
                    progress.pagesSeen += notebook.pages.count
                    if file.remaining == 0 {
                        try write(index, file)
                        progress.filesDone += 1
                    } else {
                        open[index] = file
                    }
                case .recognized(let index, let page, let words, let note):
                    report.pagesRecognized += 1
                    if let note {
                        let notice = BuildReport.Failure(
                            path: jobs[index].notebook.path, reason: "page \(page + 1): \(note)")
                        report.notices.append(notice)
                        onNotice(notice)
                    }
                    progress.pagesDone += 1
                    guard var file = open[index] else { break }
                    file.handwriting[page] = words
                    file.remaining -= 1
                    if file.remaining == 0 {
                        open[index] = nil
                        try write(index, file)
                        progress.filesDone += 1
                    } else {
                        open[index] = file
                    }
                }
                progress.elapsed = Date().timeIntervalSince(start)
                onProgress(progress)
            }
        }
    }

    /// Hashes, compares and reads one file (runs in a child task).
    private static func read(_ job: FileJob, source: any NotebookSource) -> ReadOutcome {
        if !job.notebook.isFolder, let reason = ReadLimits.sizeRefusal(job.notebook.fingerprint.size) {
            return .failed(hash: "", reason: reason)
        }
        let hash: String
        do {
            hash = try ContentHash.of(job.notebook)
        } catch {
            return .failed(hash: "", reason: "cannot read the file")
        }
        if let previous = job.previous, previous.fingerprint.contentHash == hash,
            previous.error != nil || !previous.hasStaleDrawings
        {
            return .sameContent(hash: hash)
        }
        do {
            let (notebook, origins) = try StrokeKeyLog.recording {
                try source.read(at: URL(fileURLWithPath: job.notebook.path))
            }
            return .loaded(
                hash: hash, notebook: notebook, keys: notebook.pages.map { DrawingKey.of($0.drawing) }, origins: origins
            )
        } catch {
            return .failed(hash: hash, reason: String(describing: error))
        }
    }

    private mutating func fail(
        _ index: Int, hash: String, reason: String, onFailure: (BuildReport.Failure) -> Void
    ) throws {
        let job = jobs[index]
        var fingerprint = job.notebook.fingerprint
        fingerprint.contentHash = hash
        try indexer.store.recordFailure(path: job.notebook.path, fingerprint: fingerprint, reason: reason)
        let failure = BuildReport.Failure(path: job.notebook.path, reason: reason)
        report.failures.append(failure)
        onFailure(failure)
    }

    private mutating func write(_ index: Int, _ file: OpenFile) throws {
        let job = jobs[index]
        var fingerprint = job.notebook.fingerprint
        fingerprint.contentHash = file.hash
        let drawings = file.notebook.pages.enumerated().map { page, content in
            IndexedDrawing(
                page: page, key: file.keys[page], strokeCount: content.drawing.strokes.count,
                recognitionVersion: version,
                words: (file.handwriting[page] ?? []) + IndexedWord.typedText(content.texts))
        }
        try indexer.store.replace(
            IndexedFile(
                path: job.notebook.path, fingerprint: fingerprint, format: file.notebook.format,
                title: file.notebook.title, drawings: drawings, strokeOrigins: file.origins))
        report.indexed += 1
    }
}
