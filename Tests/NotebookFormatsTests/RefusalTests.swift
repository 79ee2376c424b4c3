import Foundation
import Testing

@testable import NotebookFormats

/// Files that are not the notebook they claim to be are refused with a reason
/// that says what they are, instead of a parser's error.
@Suite struct RefusalTests {
    static let pointer = """
        version https://git-lfs.github.com/spec/v1
        oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
        size 12345

        """
    static let lfsReason = "a Git LFS pointer, not the notebook: run `git lfs pull`"

    @Test(arguments: [
        "xopp", "xoj", "rm", "rmdoc", "rmn", "zip", "json", "inkml", "svg", "svgz", "rnote", "sbn2", "uim", "will", "",
    ])
    func aGitLFSPointerIsRefusedAsAnyFormat(fileExtension: String) throws {
        #expect(throws: ReadError(Self.lfsReason)) {
            try NotebookFormats.read(contents: Array(Self.pointer.utf8), fileExtension: fileExtension)
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent(fileExtension.isEmpty ? "notes" : "notes.\(fileExtension)")
        try Data(Self.pointer.utf8).write(to: file)
        #expect(throws: ReadError(Self.lfsReason)) { try NotebookFormats.read(at: file) }
    }

    @Test func aGitLFSPointerInsideANotebookFolderIsNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lfs-folder-\(UUID().uuidString)")
        let pages = root.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"pages": ["p"]}"#.utf8).write(to: root.appendingPathComponent("d.content"))
        try Data(Self.pointer.utf8).write(to: pages.appendingPathComponent("p.rm"))
        #expect(throws: ReadError("page 0 (p.rm): " + Self.lfsReason)) { try NotebookFormats.read(at: root) }
        try Data(Self.pointer.utf8).write(to: root.appendingPathComponent("d.content"))
        #expect(throws: ReadError("d.content: " + Self.lfsReason)) { try NotebookFormats.read(at: root) }
    }

    @Test func aLongerTextThatStartsLikeAPointerIsNotOne() {
        let text = Self.pointer + String(repeating: "x", count: 2_000)
        #expect(!GitLFSPointer.matches(Array(text.utf8)))
        #expect(GitLFSPointer.matches(Array(Self.pointer.utf8)))
    }

    @Test(arguments: [
        ("zip", "a zip archive of 2 entries (first: notes.txt), not a notebook this tool reads"),
        ("", "a zip archive of 2 entries (first: notes.txt), not a notebook this tool reads"),
        ("rmdoc", "a zip archive of 2 entries (first: notes.txt), not a notebook this tool reads"),
        ("xopp", "a zip archive of 2 entries (first: notes.txt), not a notebook this tool reads"),
        ("sba", "a zip archive of 2 entries (first: notes.txt) without a main.sbn2, not a notebook this tool reads"),
    ])
    func aZipThatIsNoNotebookSaysWhatItHolds(fileExtension: String, reason: String) {
        var zip = TestZipWriter()
        zip.add("notes.txt", "milk, eggs")
        zip.add("photo.jpg", "jpeg")
        #expect(throws: ReadError(reason)) {
            try NotebookFormats.read(contents: zip.bytes, fileExtension: fileExtension)
        }
    }

    @Test func zipsOfOneEntrySeveralDocumentsOrNoneAreDescribed() {
        var one = TestZipWriter()
        one.add("a\u{1}b.txt", "x")
        #expect(throws: ReadError("a zip archive of 1 entry (first: a?b.txt), not a notebook this tool reads")) {
            try NotebookFormats.read(contents: one.bytes, fileExtension: "zip")
        }
        var two = TestZipWriter()
        two.add("a.content", "{}")
        two.add("b.content", "{}")
        #expect(
            throws: ReadError(
                "a zip archive of 2 entries (first: a.content) with 2 .content files, not a notebook this tool reads")
        ) {
            try NotebookFormats.read(contents: two.bytes, fileExtension: "rmdoc")
        }
        #expect(throws: ReadError("an empty zip archive, not a notebook this tool reads")) {
            try NotebookFormats.read(contents: TestZipWriter().bytes, fileExtension: "zip")
        }
    }
}
