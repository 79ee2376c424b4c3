/// How far a build has come, for a progress bar.
public struct BuildProgress: Sendable {
    /// Files that needed work (new, changed, stale), and how many of them are done.
    public var filesTotal: Int
    public var filesDone: Int
    /// Pages of the files read so far, and how many of them are recognized (or reused).
    public var pagesSeen: Int
    public var pagesDone: Int
    /// Seconds since the work began.
    public var elapsed: Double

    public init(filesTotal: Int, filesDone: Int, pagesSeen: Int, pagesDone: Int, elapsed: Double) {
        self.filesTotal = filesTotal
        self.filesDone = filesDone
        self.pagesSeen = pagesSeen
        self.pagesDone = pagesDone
        self.elapsed = elapsed
    }
}

/// What a build did.
public struct BuildReport: Sendable {
    /// One file that could not be indexed (or a given path that could not be crawled).
    public struct Failure: Sendable, Hashable {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Notebooks found under the given paths.
    public var found = 0
    /// Files read and stored by this build.
    public var indexed = 0
    /// Files skipped because nothing changed (including files whose failure is remembered).
    public var unchanged = 0
    /// Files whose mtime changed but whose content did not.
    public var touched = 0
    /// Files removed from the index because they are gone from disk.
    public var removed = 0
    /// Pages run through the recognizer, and pages whose stored recognition was reused.
    public var pagesRecognized = 0
    public var pagesReused = 0
    /// Files that failed in this build, in the order they failed.
    public var failures: [Failure] = []
    /// Files skipped because they failed before and have not changed since.
    public var rememberedFailures = 0
    /// Pages indexed but recognized in part (over a recognition budget), as `path` and
    /// `page N: ...`; the file counts as indexed.
    public var notices: [Failure] = []
}
