/// Files a build has started on and not finished: how a file that kills the build (a crash, the
/// kernel's out-of-memory killer) is found and remembered as failed, so it cannot stop every
/// later build.
///
/// A build records an attempt, committed, before it touches a file, and removes it in the same
/// transaction that stores the file's outcome. What is left after a build died names the files
/// it was working on. A build killed from outside (Ctrl-C, a timeout) leaves attempts too, so
/// they only condemn a file when the build is known to have crashed (`Indexer.build`'s
/// `afterCrash`): an attempt made while the file was alone in flight convicts it; the others are
/// suspects, retried alone first.
extension IndexStore {
    /// One unfinished attempt.
    package struct Attempt: Sendable, Hashable {
        package var path: String
        package var size: Int64
        package var modificationTime: Int64
        /// Whether no other file was in flight, so a crash during it was this file's doing.
        package var alone: Bool
    }

    static let attemptsTable = """
        CREATE TABLE IF NOT EXISTS attempts(
            path TEXT PRIMARY KEY,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            alone INTEGER NOT NULL
        );
        """

    /// Records, durably, that the build is about to read `path`.
    package func beginAttempt(path: String, fingerprint: FileFingerprint, alone: Bool) throws {
        try database.transaction {
            try database.run(
                "INSERT OR REPLACE INTO attempts(path, size, mtime_ns, alone) VALUES (?, ?, ?, ?)",
                path, fingerprint.size, fingerprint.modificationTime, alone ? 1 : 0)
        }
    }

    /// The attempts a previous build left unfinished.
    package func unfinishedAttempts() throws -> [Attempt] {
        var attempts: [Attempt] = []
        try database.statement("SELECT path, size, mtime_ns, alone FROM attempts ORDER BY path").forEachRow { row in
            attempts.append(
                Attempt(path: row.string(0), size: row.int64(1), modificationTime: row.int64(2), alone: row.int(3) != 0)
            )
        }
        return attempts
    }

    /// Forgets every unfinished attempt.
    package func clearAttempts() throws {
        try database.transaction { try database.execute("DELETE FROM attempts") }
    }

    /// Ends the attempt on `path`; call inside the transaction that stores its outcome.
    func endAttempt(path: String) throws {
        try database.run("DELETE FROM attempts WHERE path = ?", path)
    }
}
