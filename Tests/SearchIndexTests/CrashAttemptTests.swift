import Foundation
import SearchIndex
import Testing

/// What a build makes of the attempts a dead build left (poison files).
@Suite struct CrashAttemptTests {
    /// Leaves attempts on `files` as a build that died while reading them would.
    private func dieWhileReading(_ folder: TemporaryFolder, _ files: [String], alone: Bool) throws {
        let store = try IndexStore(path: folder.index, access: .write)
        let found = Crawler(source: TextNotebookSource()).crawl([folder.path + "/notes"]).notebooks
        for notebook in found where files.contains((notebook.path as NSString).lastPathComponent) {
            try store.beginAttempt(path: notebook.path, fingerprint: notebook.fingerprint, alone: alone)
        }
    }

    private func crashBuild(_ folder: TemporaryFolder) async throws -> BuildReport {
        let store = try IndexStore(path: folder.index, access: .write)
        return try await Indexer(store: store, source: TextNotebookSource(), transcriber: WordTranscriber())
            .build(paths: [folder.path + "/notes"], jobs: 2, afterCrash: true)
    }

    @Test func theFileReadAloneWhenTheBuildCrashedIsRememberedAsFailed() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple\n")
        folder.write("notes/poison.tnb", "poison\n")
        try dieWhileReading(folder, ["poison.tnb"], alone: true)
        let report = try await crashBuild(folder)
        #expect(report.failures.map(\.path) == [folder.path + "/notes/poison.tnb"])
        #expect(report.indexed == 1 && report.rememberedFailures == 0)
        let again = try await build(folder)
        #expect(again.failures.isEmpty && again.rememberedFailures == 1 && again.indexed == 0)
        #expect(try search(folder, "poison").isEmpty)
        #expect(try search(folder, "apple").count == 1)
    }

    @Test func filesReadTogetherAreSuspectsReadAgainNotFailed() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple\n")
        folder.write("notes/b.tnb", "banana\n")
        try dieWhileReading(folder, ["a.tnb", "b.tnb"], alone: false)
        let report = try await crashBuild(folder)
        #expect(report.failures.isEmpty && report.indexed == 2)
        let store = try IndexStore(path: folder.index, access: .read)
        #expect(try store.unfinishedAttempts().isEmpty)
    }

    @Test func attemptsOfABuildKilledFromOutsideConvictNothing() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple\n")
        try dieWhileReading(folder, ["a.tnb"], alone: true)
        let report = try await build(folder)
        #expect(report.failures.isEmpty && report.indexed == 1)
    }
}
