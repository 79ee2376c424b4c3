import Foundation
import SearchIndex
import Testing

@testable import NotebookIndexCLI

/// `export --markdown`: one file per indexed notebook with its front matter and text, written
/// only when it changes, removed when its notebook goes, and never a file export did not write.
@Suite struct ExportMarkdownTests {
    let runner = CommandRunner()
    var out: String { runner.folder + "/vault/notebooks" }

    func run(_ arguments: [String]) async -> InProcessTests.Run {
        await InProcessTests().run(arguments + ["--index", runner.index])
    }

    func build() async {
        let result = await run(["build", runner.folder + "/notes"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    func export(_ paths: [String]? = nil) async -> InProcessTests.Run {
        await run(["export"] + (paths ?? [runner.folder + "/notes"]) + ["--markdown", out])
    }

    func name(_ relative: String) -> String {
        MarkdownNotebook.fileName(path: runner.folder + "/" + relative, title: nil)
    }

    func contents(_ name: String) -> String? {
        FileManager.default.contents(atPath: out + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    func exported() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    }

    @Test func eachNotebookHasFrontMatterThenItsTextPageByPage() async throws {
        defer { runner.cleanUp() }
        runner.write("notes/week1.xopp", xournalPage("Shopping #list", strokes: 2))
        await build()
        let result = await export()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(out): 1 written, 0 unchanged, 0 removed\n")
        let file = name("notes/week1.xopp")
        #expect(file.hasPrefix("week1-") && file.hasSuffix(".md") && file.count == "week1-".count + 10 + 3)
        #expect(try exported() == [".notebook-index-export.json", file])
        #expect(
            contents(file) == """
                ---
                source: "\(runner.folder)/notes/week1.xopp"
                format: "xopp"
                pages: 1
                recognizer_version: 1
                languages: [en]
                ---

                ## Page 1

                ink0 ink1

                > [!typed]
                > Shopping \\#list

                """)
    }

    @Test func aFileIsWrittenOnlyWhenItsTextChanges() async throws {
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed", strokes: 2))
        await build()
        _ = await export()
        let path = out + "/" + name("notes/a.xopp")
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
        let again = await export()
        #expect(again.stdout == "\(out): 0 written, 1 unchanged, 0 removed\n")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) == past)

        runner.write("notes/a.xopp", xournalPage("typed", strokes: 3))
        await build()
        let changed = await export()
        #expect(changed.stdout == "\(out): 1 written, 0 unchanged, 0 removed\n")
        #expect(contents(name("notes/a.xopp"))?.contains("\nink0 ink1 ink2\n") == true)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) != past)
    }

    @Test func aVanishedNotebooksFileIsRemovedButNoFileExportDidNotWrite() async throws {
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("a"))
        runner.write("notes/sub/b.xopp", xournalPage("b"))
        runner.write("vault/notebooks/my own note.md", "mine\n")
        await build()
        _ = await export()
        #expect(
            try exported() == [
                ".notebook-index-export.json", name("notes/a.xopp"), name("notes/sub/b.xopp"), "my own note.md",
            ])

        // gone from disk: removed, whether the index still holds it or not
        try FileManager.default.removeItem(atPath: runner.folder + "/notes/sub/b.xopp")
        let removed = await export()
        #expect(removed.status == 0)
        #expect(removed.stdout == "\(out): 0 written, 1 unchanged, 1 removed\n")
        #expect(try exported() == [".notebook-index-export.json", name("notes/a.xopp"), "my own note.md"])
        try FileManager.default.removeItem(atPath: runner.folder + "/notes/a.xopp")
        await build()
        _ = await export()
        #expect(try exported() == [".notebook-index-export.json", "my own note.md"])
        #expect(contents("my own note.md") == "mine\n")
        let manifest = try #require(contents(ExportFolder.manifestName))
        #expect(manifest == "{\"format\": \"notebook-index-export\", \"version\": 1, \"files\": []}\n")
    }

    @Test func aFileInTheWayIsNeverWrittenOverAndAnEditedOneIsLeftWhenItsNotebookGoes() async throws {
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("a"))
        runner.write("notes/b.xopp", xournalPage("b"))
        runner.write("vault/notebooks/" + name("notes/b.xopp"), "someone else's\n")
        await build()
        let result = await export()
        #expect(result.status == NotebookIndexCLI.ExitCode.partial)
        #expect(
            result.stderr == """
                \(runner.folder)/notes/b.xopp: \(out)/\(name("notes/b.xopp")) is there and export did not write it; not written over

                """)
        #expect(contents(name("notes/b.xopp")) == "someone else's\n")

        let edited = (contents(name("notes/a.xopp")) ?? "") + "my remark\n"
        runner.write("vault/notebooks/" + name("notes/a.xopp"), edited)
        try FileManager.default.removeItem(atPath: runner.folder + "/notes/a.xopp")
        let gone = await export()
        #expect(gone.stderr.contains("\(out)/\(name("notes/a.xopp")): edited since export wrote it; left in place\n"))
        #expect(contents(name("notes/a.xopp")) == edited)
        #expect(contents(ExportFolder.manifestName)?.contains("a.xopp") == false)
    }

    @Test func aManifestNamingAFileOutsideTheFolderIsRefusedWhole() async throws {
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("a"))
        runner.write("vault/precious.md", "keep\n")
        runner.write(
            "vault/notebooks/" + ExportFolder.manifestName,
            """
            {"format": "notebook-index-export", "version": 1, "files": [
            {"name": "../precious.md", "source": "/nowhere/gone.xopp", "sha256": "x"}
            ]}
            """)
        await build()
        let result = await export()
        #expect(result.status == NotebookIndexCLI.ExitCode.failure)
        #expect(result.stderr.hasPrefix("notebook-index: \(out)/\(ExportFolder.manifestName): not an export manifest"))
        #expect(FileManager.default.fileExists(atPath: runner.folder + "/vault/precious.md"))
        #expect(try exported() == [ExportFolder.manifestName])
    }

    @Test func aPathTheIndexDoesNotHoldIsNamedAndTheRestExported() async throws {
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("a"))
        await build()
        runner.write("later/b.xopp", xournalPage("b"))
        let result = await export([runner.folder + "/notes", runner.folder + "/later", runner.folder + "/nowhere"])
        #expect(result.status == NotebookIndexCLI.ExitCode.partial)
        #expect(
            result.stderr == """
                \(runner.folder)/nowhere: no such file or folder
                \(runner.folder)/later/b.xopp: not in the index; run 'notebook-index build' on it first

                """)
        #expect(try exported() == [".notebook-index-export.json", name("notes/a.xopp")])
    }

    @Test(arguments: [
        ("plain words", "plain words"), ("#tag and [[link]]", "\\#tag and \\[\\[link\\]\\]"),
        ("a*b_c `d` $x$ 50% <b> & | ~", "a\\*b\\_c \\`d\\` \\$x\\$ 50\\% \\<b\\> \\& \\| \\~"),
        ("- not a list", "\\- not a list"), ("+1", "\\+1"), ("===", "\\==="),
        ("12. not numbered", "12\\. not numbered"),
        ("3) nor this", "3\\) nor this"), ("1999 was", "1999 was"), ("back\\slash", "back\\\\slash"),
    ])
    func textIsEscapedSoThatItReadsAsWritten(line: String, markdown: String) {
        #expect(MarkdownNotebook.escaped(line) == markdown)
    }

    @Test func namesComeFromThePathAndNeverCollide() {
        let a = MarkdownNotebook.fileName(path: "/home/me/Notes/week1.xopp", title: nil)
        let b = MarkdownNotebook.fileName(path: "/home/me/Work/week1.xopp", title: nil)
        #expect(a.hasPrefix("week1-") && b.hasPrefix("week1-") && a != b)
        #expect(
            MarkdownNotebook.fileName(path: "/r/0e1f.rmdoc", title: "Meeting: 3/4 [draft]").hasPrefix(
                "Meeting- 3-4 -draft-"))
        #expect(MarkdownNotebook.fileName(path: "/r/.hidden", title: nil).hasPrefix("hidden-"))
        #expect(MarkdownNotebook.slug("...") == "notebook")
    }
}
