import Recognition

/// How far a build has come, for a progress bar.
package struct BuildProgress: Sendable {
    /// Files that needed work (new, changed, stale), and how many of them are done.
    package var filesTotal: Int
    package var filesDone: Int
    /// Pages of the files read so far, and how many of them are recognized (or reused).
    package var pagesSeen: Int
    package var pagesDone: Int
    /// Seconds since the work began.
    package var elapsed: Double

    package init(filesTotal: Int, filesDone: Int, pagesSeen: Int, pagesDone: Int, elapsed: Double) {
        self.filesTotal = filesTotal
        self.filesDone = filesDone
        self.pagesSeen = pagesSeen
        self.pagesDone = pagesDone
        self.elapsed = elapsed
    }
}

/// What a build did.
package struct BuildReport: Sendable {
    /// One file that could not be indexed (or a given path that could not be crawled).
    package struct Failure: Sendable, Hashable {
        package var path: String
        package var reason: String

        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Notebooks found under the given paths.
    package var found = 0
    /// Files read and stored by this build.
    package var indexed = 0
    /// Files skipped because nothing changed (including files whose failure is remembered).
    package var unchanged = 0
    /// Files whose mtime changed but whose content did not.
    package var touched = 0
    /// Files removed from the index because they are gone from disk.
    package var removed = 0
    /// Pages run through the recognizer, and pages whose stored recognition was reused.
    package var pagesRecognized = 0
    package var pagesReused = 0
    /// Files that failed in this build, in the order they failed.
    package var failures: [Failure] = []
    /// Files skipped because they failed before and have not changed since.
    package var rememberedFailures = 0
    /// The writer's adaptation this build fitted (`Indexer.learnHand`), kept or rejected; nil
    /// when it fitted none.
    package var handFit: HandAdapter.Report?
    /// Drawings marked to be read again by the next build with the adaptation learned.
    package var drawingsToReread = 0
    /// Drawings whose lines holding an unsure word the fitted hand read again in the same build
    /// (`Indexer.readUnsureLinesAgain`), and of the network inputs it read (lines, and words
    /// read a second time), those whose states it found kept (`KeptLineStates`) and those it ran
    /// the network for.
    package var drawingsReadAgainWithHand = 0
    package var inputsFromKeptStates = 0
    package var inputsThroughNetwork = 0
    /// Pages indexed but recognized in part (over a recognition budget), as `path` and
    /// `page N: ...`; the file counts as indexed.
    package var notices: [Failure] = []
}
