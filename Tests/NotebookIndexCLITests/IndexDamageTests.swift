import Foundation
import SeededRandom
import Testing

/// An index the user may only read can be searched; a damaged
/// one is named with what to do, and `build --rebuild` makes it afresh.
@Suite(.enabled(if: CommandRunner.binary != nil, "the notebook-index binary is not built"))
struct IndexDamageTests {
    @Test func aReadOnlyIndexInAReadOnlyFolderCanBeSearched() throws {
        let runner = CommandRunner()
        defer {
            chmod(runner.folder + "/ro", 0o755)
            runner.cleanUp()
        }
        runner.write("notes/a.xopp", xournalPage("readable words"))
        let index = runner.folder + "/ro/index.sqlite"
        #expect(try runner.run(["build", "notes", "--index", index]).status == 0)
        chmod(index, 0o444)
        chmod(runner.folder + "/ro", 0o555)
        let query = try runner.run(["query", "readable", "--index", index])
        #expect(query.status == 0 && query.stderr.isEmpty)
        let status = try runner.run(["status", "--index", index])
        #expect(status.status == 0 && status.stdout.contains("files:              1"))
    }

    @Test func aDamagedIndexIsNamedAndRebuiltWhenAsked() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        for i in 0..<20 {
            runner.write(
                "notes/f\(i).xopp", xournalPage("word\(i) " + (0..<30).map { "filler\($0)" }.joined(separator: " ")))
        }
        #expect(try runner.run(["build", "notes", "--index", runner.index]).status == 0)
        // the schema page's records: from its cell content area (the 2 bytes at 105, after the
        // 100-byte file header) to the end of the page (its size: the 2 bytes at 16, 1 for 65,536)
        let handle = try #require(FileHandle(forUpdatingAtPath: runner.index))
        let header = [UInt8](try #require(try handle.read(upToCount: 108)))
        let pageSize = UInt64(header[16]) << 8 | UInt64(header[17])
        let contentStart = UInt64(header[105]) << 8 | UInt64(header[106])
        let start = contentStart == 0 ? 65_536 : contentStart
        let end = pageSize == 1 ? 65_536 : pageSize
        try #require(start < end)
        var random = SplitMix64(seed: 9)
        for _ in 0..<256 {
            try handle.seek(toOffset: start + random.next() % (end - start))
            try handle.write(contentsOf: Data([UInt8(truncatingIfNeeded: random.next())]))
        }
        try handle.close()
        let damaged = "notebook-index: \(runner.index): the index is damaged; remove it and run build again"
        for command in [["query", "word3"], ["status"], ["build", "notes"]] {
            let output = try runner.run(command + ["--index", runner.index])
            #expect(output.status == 2)
            #expect(output.stderr.hasPrefix(damaged))
        }
        #expect(try runner.run(["build", "notes", "--rebuild", "--index", runner.index]).status == 0)
        #expect(try runner.run(["query", "word3", "--index", runner.index]).status == 0)
    }
}
