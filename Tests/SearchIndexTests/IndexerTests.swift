import Foundation
import SearchIndex
import Testing

@Suite struct IndexerTests {
    @Test func firstBuildIndexesEveryNotebookAndTheSecondSkipsThem() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple pie\n---\nbanana split\n")
        folder.write("notes/sub/b.tnb", "cherry tart\n")
        folder.write("notes/readme.txt", "not a notebook")
        let transcriber = WordTranscriber()
        let first = try await build(folder, transcriber: transcriber)
        #expect(first.found == 2 && first.indexed == 2 && first.failures.isEmpty)
        #expect(first.pagesRecognized == 3 && transcriber.calls == 3)

        let second = try await build(folder, transcriber: transcriber)
        #expect(second.unchanged == 2 && second.indexed == 0)
        #expect(transcriber.calls == 3)
    }

    @Test func changedFileIsReadAgainAndOnlyItsChangedPagesRecognized() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple pie\n---\nbanana split\n")
        _ = try await build(folder)
        folder.write("notes/a.tnb", "apple pie\n---\nbanana bread\n")
        folder.setModificationTime("notes/a.tnb", 1_000_000)
        let transcriber = WordTranscriber()
        let report = try await build(folder, transcriber: transcriber)
        #expect(report.indexed == 1 && report.pagesRecognized == 1 && report.pagesReused == 1)
        #expect(try search(folder, "bread").count == 1)
        #expect(try search(folder, "split").isEmpty)
        #expect(try search(folder, "apple").count == 1)
    }

    @Test func touchedFileWithSameContentOnlyMovesItsFingerprint() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple pie\n")
        _ = try await build(folder)
        folder.setModificationTime("notes/a.tnb", 2_000_000)
        let transcriber = WordTranscriber()
        let touched = try await build(folder, transcriber: transcriber)
        #expect(touched.touched == 1 && touched.indexed == 0 && transcriber.calls == 0)
        let again = try await build(folder, transcriber: transcriber)
        #expect(again.unchanged == 1 && again.touched == 0)
    }

    @Test func deletedFilesAreRemovedButFilesOutsideTheBuiltPathsStay() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple\n")
        folder.write("notes/b.tnb", "banana\n")
        folder.write("other/c.tnb", "cherry\n")
        _ = try await build(folder)
        _ = try await build(folder, [folder.path + "/other"])
        folder.remove("notes/b.tnb")
        let report = try await build(folder)
        #expect(report.removed == 1)
        #expect(try search(folder, "banana").isEmpty)
        #expect(try search(folder, "cherry").count == 1)
    }

    @Test func newRecognizerVersionReRecognizesEveryDrawing() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple\n---\nbanana\n")
        _ = try await build(folder)
        let store = try IndexStore(path: folder.index, access: .read)
        #expect(try store.status(currentRecognitionVersion: 2).staleDrawings == 2)
        let newer = WordTranscriber(version: 2)
        let report = try await build(folder, transcriber: newer)
        #expect(report.indexed == 1 && report.pagesRecognized == 2 && newer.calls == 2)
        #expect(try store.status(currentRecognitionVersion: 2).staleDrawings == 0)
        #expect(try store.recognitionVersion() == 2)
    }

    /// Languages are stored with the version: another set re-recognizes everything, the same set
    /// in another order or region re-recognizes nothing.
    @Test func changedLanguagesReRecognizeEveryDrawing() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple\n---\nbanana\n")
        _ = try await build(folder)
        let store = try IndexStore(path: folder.index, access: .read)
        #expect(try store.recognitionLanguages() == ["en"])
        let german = WordTranscriber(languages: ["de", "en"])
        let report = try await build(folder, transcriber: german)
        #expect(report.indexed == 1 && report.pagesRecognized == 2 && german.calls == 2)
        #expect(try store.recognitionLanguages() == ["en", "de"])
        #expect(try store.status(currentRecognitionVersion: 1).recognitionLanguages == ["en", "de"])
        let same = WordTranscriber(languages: ["en-GB", "de-AT"])
        #expect(try await build(folder, transcriber: same).unchanged == 1 && same.calls == 0)
        #expect(try search(folder, "banana").count == 1)
    }

    @Test func failingFileIsRememberedAndRetriedOnlyWhenItChanges() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/bad.tnb", "BROKEN\n")
        folder.write("notes/good.tnb", "apple\n")
        let first = try await build(folder)
        #expect(
            first.failures == [
                BuildReport.Failure(path: folder.path + "/notes/bad.tnb", reason: "broken test notebook")
            ])
        #expect(first.indexed == 1)
        let status = try IndexStore(path: folder.index, access: .read).status(currentRecognitionVersion: 1)
        #expect(status.failures.map(\.reason) == ["broken test notebook"])

        let second = try await build(folder)
        #expect(second.failures.isEmpty && second.rememberedFailures == 1)

        folder.write("notes/bad.tnb", "fixed now\n")
        folder.setModificationTime("notes/bad.tnb", 3_000_000)
        let third = try await build(folder)
        #expect(third.indexed == 1 && third.failures.isEmpty)
        #expect(try search(folder, "fixed").count == 1)
        #expect(try IndexStore(path: folder.index, access: .read).status(currentRecognitionVersion: 1).failures.isEmpty)
    }

    @Test func missingPathIsReportedAndNothingIsRemoved() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple\n")
        _ = try await build(folder)
        let report = try await build(folder, [folder.path + "/nowhere"])
        #expect(report.failures.map(\.reason) == ["no such file or folder"])
        #expect(try search(folder, "apple").count == 1)
    }

    @Test func typedTextIsIndexedBesideHandwriting() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple pie\ntyped: Meeting agenda today\n")
        _ = try await build(folder)
        let hits = try search(folder, "agenda")
        #expect(hits.count == 1)
        #expect(hits.first?.source == .typedText && hits.first?.strokeIDs == [])
        #expect(try search(folder, "meeting agenda").count == 1)
    }

    @Test func notebookFolderIsOneNotebook() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/book.tnbdir/content.tnb", "apple\n")
        folder.write("notes/book.tnbdir/inner.tnb", "banana\n")
        let report = try await build(folder)
        #expect(report.found == 1)
        #expect(try search(folder, "apple").first?.path == folder.path + "/notes/book.tnbdir")
        #expect(try search(folder, "banana").isEmpty)
    }
}
