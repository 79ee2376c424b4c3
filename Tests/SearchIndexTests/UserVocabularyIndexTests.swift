import Foundation
import Recognition
import Testing

@testable import SearchIndex

/// The index learns the user's words from typed text and from handwriting read surely twice,
/// and each build hands what it learned to the recognizer.
@Suite struct UserVocabularyIndexTests {
    static func vocabulary(_ folder: TemporaryFolder) throws -> [String] {
        try IndexStore(path: folder.index, access: .read).userVocabulary().words
    }

    @Test func typedWordsAndWordsReadTwiceAreLearnedAndHandedToTheNextBuild() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "qubit gates\ntyped: Jacobian of File2\nqubit once ab\n")
        let transcriber = WordTranscriber()
        _ = try await build(folder, transcriber: transcriber)
        // the first build knew nothing yet
        #expect(transcriber.vocabularies == [.empty])
        // typed words from one, handwriting from two; no digits, no two-letter words
        #expect(try Self.vocabulary(folder) == ["jacobian", "qubit"])
        // status counts the same words ("gates" and "once", read once, do not qualify yet)
        #expect(try IndexStore(path: folder.index, access: .read).status(currentRecognitionVersion: 1).userWords == 2)

        folder.write("notes/b.tnb", "more qubit\n")
        _ = try await build(folder, transcriber: transcriber)
        #expect(transcriber.vocabularies.last?.words == ["jacobian", "qubit"])
        // a build that reads nothing does not ask
        _ = try await build(folder, transcriber: transcriber)
        #expect(transcriber.vocabularies.count == 2)
    }

    @Test func wordsOfRemovedNotebooksAreForgotten() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "typed: Jacobian\n")
        folder.write("notes/b.tnb", "typed: Hessian\n")
        _ = try await build(folder)
        #expect(try Self.vocabulary(folder) == ["hessian", "jacobian"])
        folder.remove("notes/b.tnb")
        _ = try await build(folder)
        #expect(try Self.vocabulary(folder) == ["jacobian"])
    }

    @Test func anIndexWithoutTheTableHasAnEmptyVocabulary() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        do {
            let store = try IndexStore(path: folder.index, access: .write)
            try store.database.execute("DROP TABLE user_words")
        }
        #expect(try Self.vocabulary(folder).isEmpty)
    }
}
