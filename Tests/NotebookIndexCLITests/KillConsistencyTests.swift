import Foundation
import Testing

@testable import SearchIndex

/// A build killed with SIGKILL at random moments leaves a sound index in which every file's rows
/// are complete or absent, and the next build converges to what a clean build gives.
@Suite(.enabled(if: CommandRunner.binary != nil, "the notebook-index binary is not built"))
struct KillConsistencyTests {
    @Test func killedBuildsLeaveAConsistentIndex() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        for i in 0..<80 {
            let words = (0..<20).map { "word\(i)x\($0)" }.joined(separator: " ")
            runner.write("notes/f\(i).xopp", xournalPage("file\(i) " + words, strokes: 20))
        }
        var random = SeededRandom(seed: 42)
        for _ in 0..<3 {
            let (process, _, _) = try runner.start(["build", "notes", "--index", runner.index, "--jobs", "2"])
            Thread.sleep(forTimeInterval: 0.05 + Double(random.next() % 300) / 1000)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try checkConsistent(runner.index)
        }
        let finish = try runner.run(["build", "notes", "--index", runner.index])
        #expect(finish.status == 0)
        try checkConsistent(runner.index)

        let clean = runner.folder + "/clean.sqlite"
        #expect(try runner.run(["build", "notes", "--index", clean]).status == 0)
        for word in ["file7", "word3x5", "word79x19"] {
            let a = try runner.run(["query", word, "--full-words", "--json", "--index", runner.index])
            let b = try runner.run(["query", word, "--full-words", "--json", "--index", clean])
            #expect(a.status == 0 && a.stdout == b.stdout)
        }
        let store = try IndexStore(path: runner.index, access: .read)
        #expect(try store.status(currentRecognitionVersion: 0).files == 80)
    }

    private func checkConsistent(_ path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
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
    }
}

struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 11
    }
}
