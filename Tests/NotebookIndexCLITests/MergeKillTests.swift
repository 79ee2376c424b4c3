import Foundation
import SeededRandom
import Testing

@testable import SearchIndex

/// A merge killed with SIGKILL at random moments leaves OUT sound, every file in it complete, and
/// the next merge finishes the work without copying anything twice (the slow lane: it runs the
/// built binary).
@Suite(.enabled(if: CommandRunner.binary != nil, "the notebook-index binary is not built"))
struct MergeKillTests {
    let cli = InProcessTests()

    @Test func killedMergesLeaveAConsistentIndexAndResume() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        for i in 0..<300 { runner.write("notes/f\(i).xopp", xournalPage("file\(i) typed words", strokes: 4)) }
        let notes = runner.folder + "/notes"
        let whole = runner.folder + "/whole.sqlite"
        #expect(await cli.run(["build", notes, "--index", whole]).status == 0)
        let shards = (1...3).map { runner.folder + "/shard\($0).sqlite" }
        for (number, shard) in shards.enumerated() {
            #expect(await cli.run(["build", notes, "--index", shard, "--shard", "\(number + 1)/3"]).status == 0)
        }
        let merged = runner.folder + "/merged.sqlite"
        var random = SplitMix64(seed: 7)
        var partial = false
        for _ in 0..<4 {
            let (process, _, _) = try runner.start(["merge", merged] + shards)
            // once the merge has begun to copy, at a random moment of it
            let begun = Date()
            while (try? filesIn(merged)) ?? 0 == 0, process.isRunning, Date().timeIntervalSince(begun) < 60 {
                try await Task.sleep(nanoseconds: 5_000_000)
            }
            try await Task.sleep(nanoseconds: (random.next() % 300) * 1_000_000)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if let files = try checkConsistent(merged), files > 0, files < 300 { partial = true }
        }
        #expect(partial, "some kill landed halfway through a merge")
        let finish = try runner.run(["merge", merged] + shards)
        #expect(finish.status == 0)
        #expect(finish.stdout.hasSuffix("already there\n"))
        #expect(try checkConsistent(merged) == 300)
        for query in ["file7", "ink2", "typed words"] {
            let a = await cli.run(["query", query, "--json", "--limit", "10000", "--index", whole])
            let b = await cli.run(["query", query, "--json", "--limit", "10000", "--index", merged])
            #expect(try ShardMergeTests.results(a.stdout) == ShardMergeTests.results(b.stdout), "\(query)")
        }
    }

    /// The files the index at `path` holds, read while a merge may be writing it.
    private func filesIn(_ path: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        return try IndexStore(path: path, access: .read).database.integer("SELECT count(*) FROM files") ?? 0
    }

    /// Checks the index at `path` and returns how many files it holds (nil when there is none yet).
    private func checkConsistent(_ path: String) throws -> Int? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let store = try IndexStore(path: path, access: .read)
        #expect(try store.integrityCheck() == "ok")
        // every file with its page, and its page with 4 strokes' words and 3 typed ones
        let incomplete = try store.database.integer(
            """
            SELECT count(*) FROM files f WHERE f.pages != 1
               OR (SELECT count(*) FROM words w JOIN drawings d ON d.id = w.drawing_id WHERE d.file_id = f.id) != 7
            """)
        #expect(incomplete == 0)
        let paths = try store.database.integer("SELECT count(DISTINCT path) FROM files")
        let files = try store.database.integer("SELECT count(*) FROM files")
        #expect(paths == files)
        return files
    }
}
