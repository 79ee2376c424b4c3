import Foundation
import Testing

/// OneNote's own recognition, indexed beside the ink, is found by `query` with the box of the
/// ink it read.
extension InProcessTests {
    static let oneNoteCorpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/other/onenote-rs__Schnelle_Notizen.one")

    @Test func oneNoteRecognitionIsFoundByQuery() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/formats/onenote-package.one")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: runner.folder + "/notes/ours.one")
        let corpus = FileManager.default.fileExists(atPath: Self.oneNoteCorpus.path)
        if corpus {
            try FileManager.default.copyItem(
                atPath: Self.oneNoteCorpus.path, toPath: runner.folder + "/notes/quick.one")
        }
        #expect(await run(["build", runner.folder + "/notes", "--index", runner.index]).status == 0)
        let ours = await run(["query", "Fixture", "--index", runner.index])
        #expect(ours.status == 0)
        // the title matches too; OneNote's word has the box of the stroke it read
        #expect(ours.stdout.contains("page 1  \"Fixture\"  at (72, 144) 22×5 (typed text)\n    Fixture\n"))
        let typed = await run(["query", "notes", "--index", runner.index])
        #expect(typed.stdout.contains("See the notes"))
        guard corpus else { return }  // the rest needs ../shared/corpus
        let marker = await run(["query", "Marker", "--index", runner.index])
        #expect(marker.status == 0)
        #expect(marker.stdout.hasPrefix("\(runner.folder)/notes/quick.one\npage 1  \"Marker\"  at ("))
        #expect(marker.stdout.contains("(typed text)\n    Marker\n"))
        let fox = await run(["query", "lazy dog", "--index", runner.index])
        #expect(fox.stdout.contains("The big brown fox jumps over the lazy dog."))
    }
}
