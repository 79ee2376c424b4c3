import Foundation
import SeededRandom
import Testing

@testable import SearchIndex

/// A build killed with SIGKILL at random moments, once it has begun to commit files, leaves a
/// sound index in which every file's rows are complete or absent, and the next build converges to
/// what a clean build gives (the slow lane: it runs the built binary).
@Suite(.enabled(if: CommandRunner.binary != nil, "the notebook-index binary is not built"))
struct KillConsistencyTests {
    @Test func killedBuildsLeaveAConsistentIndex() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        var random = SplitMix64(seed: 42)
        var partial = false
        var count = 0
        // each round adds notebooks and kills the build that reads them; rounds go on (up to a
        // limit) until some kill has landed with part of the new files committed: on a quiet
        // machine the small files commit in a burst, on a loaded one the first commit comes late
        for round in 0..<8 where !(partial && round >= 3) {
            for i in count..<(count + 30) {
                let words = (0..<20).map { "word\(i)x\($0)" }.joined(separator: " ")
                runner.write("notes/f\(i).xopp", xournalPage("file\(i) " + words, strokes: 20))
            }
            count += 30
            let before = (try? filesIn(runner.index)) ?? 0
            let (process, _, _) = try runner.start(["build", "notes", "--index", runner.index, "--jobs", "2"])
            // once this build has committed a file, at a random moment soon after; the deadline is
            // only for a build that hangs (a debug build on a loaded machine takes long to start)
            let deadline = Date().addingTimeInterval(600)
            while (try? filesIn(runner.index)) ?? 0 <= before, process.isRunning, Date() < deadline {
                try await Task.sleep(nanoseconds: 2_000_000)
            }
            try await Task.sleep(nanoseconds: (random.next() % 20) * 1_000_000)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if let files = try checkConsistent(runner.index), files > before, files < count { partial = true }
        }
        #expect(partial, "some kill landed halfway through a build")
        let finish = try runner.run(["build", "notes", "--index", runner.index])
        #expect(finish.status == 0)
        #expect(try checkConsistent(runner.index) == count)

        let clean = runner.folder + "/clean.sqlite"
        #expect(try runner.run(["build", "notes", "--index", clean]).status == 0)
        for word in ["file7", "word3x5", "word79x19"] {
            let a = try runner.run(["query", word, "--full-words", "--json", "--index", runner.index])
            let b = try runner.run(["query", word, "--full-words", "--json", "--index", clean])
            #expect(a.status == 0 && a.stdout == b.stdout)
        }
    }

    /// The files the index at `path` has committed, read while a build may be writing it.
    private func filesIn(_ path: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        return try IndexStore(path: path, access: .read).database.integer("SELECT count(*) FROM files") ?? 0
    }

    /// Checks the index at `path` and returns how many files it holds (nil when there is none yet).
    private func checkConsistent(_ path: String) throws -> Int? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let store = try IndexStore(path: path, access: .read)
        #expect(try store.integrityCheck() == "ok")
        let incomplete = try store.database.integer(
            """
            SELECT count(*) FROM files f WHERE f.error IS NULL
              AND f.pages != (SELECT count(*) FROM drawings d WHERE d.file_id = f.id)
            """)
        #expect(incomplete == 0)
        let words = try store.database.integer("SELECT count(*) FROM words")
        let indexed = try store.database.integer("SELECT count(*) FROM readings_fts WHERE readings_fts MATCH 'file*'")
        #expect((words ?? 0) == 0 || (indexed ?? 0) > 0)
        #expect(try store.database.text("INSERT INTO readings_fts(readings_fts) VALUES ('integrity-check')") == nil)
        return try store.database.integer("SELECT count(*) FROM files")
    }
}
