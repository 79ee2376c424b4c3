import Foundation
import Recognition
import SearchIndex
import Testing

@testable import NotebookIndexCLI

/// End-to-end: the built binary in a fresh temporary folder.
@Suite(.enabled(if: CommandRunner.binary != nil, "the notebook-index binary is not built"))
struct CommandLineTests {
    @Test(arguments: [
        ([], HelpGolden.tool), (["help"], HelpGolden.tool), (["build"], HelpGolden.build),
        (["query"], HelpGolden.query), (["serve"], HelpGolden.serve),
        (["status"], HelpGolden.status), (["text"], HelpGolden.text), (["inspect"], HelpGolden.inspect),
        (["render"], HelpGolden.render), (["export"], HelpGolden.export), (["merge"], HelpGolden.merge),
        (["completions"], HelpGolden.completions),
    ])
    func helpTextIsExact(command: [String], golden: String) throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let output = try runner.run(command == ["help"] ? ["help"] : command + ["--help"])
        #expect(output.status == 0)
        #expect(output.stdout == golden)
    }

    /// The program's version, then the recognizer's, from the binary itself.
    @Test func versionNamesTheProgramAndTheRecognizer() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let output = try runner.run(["--version"])
        #expect(output.status == 0 && output.stderr.isEmpty)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines == [
                "notebook-index \(ProgramVersion.number)",
                "recognizer version \(HandwritingRecognizer.recognitionVersion)", "",
            ])
        #expect(ProgramVersion.number.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil)
    }

    /// libmicrohttpd (with GnuTLS and the rest it needs), libzinnia and libdbus (with libsystemd
    /// and its compressors) were loaded and initialized at the start of every command when
    /// linked; only `serve`, the character models and `search-provider` open them now. The
    /// dynamic loader lists what it loads (`LD_DEBUG=libs`).
    @Test func startingLoadsNeitherTheHTTPServerNorTheCharacterRecognizerNorTheSessionBus() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let output = try runner.run(["--version"], environment: ["LD_DEBUG": "libs"])
        #expect(output.status == 0)
        #expect(output.stderr.contains("libsqlite3.so"))
        #expect(!output.stderr.contains("libmicrohttpd"))
        #expect(!output.stderr.contains("libgnutls"))
        #expect(!output.stderr.contains("libzinnia"))
        #expect(!output.stderr.contains("libdbus"))
        #expect(!output.stderr.contains("libsystemd"))
    }

    @Test(arguments: [
        ([String](), "Error: missing command\nUsage: notebook-index <command> [options]\n"),
        (["find"], "Error: unknown command 'find'\nUsage: notebook-index <command> [options]\n"),
        (["query"], "Error: missing expected argument 'TEXT'\nUsage: \(CommandSpecs.query.usage)\n"),
        (
            ["query", "x", "--limit", "0"],
            "Error: invalid value '0' for '--limit': expected a whole number of at least 1\nUsage: \(CommandSpecs.query.usage)\n"
        ),
        (
            ["query", "x", "--min-score", "2"],
            "Error: invalid value '2' for '--min-score': expected a number from 0.0 to 1.0\nUsage: \(CommandSpecs.query.usage)\n"
        ),
        (["query", "x", "--bogus"], "Error: unknown option '--bogus'\nUsage: \(CommandSpecs.query.usage)\n"),
        (
            ["query", "x", "--json", "--html", "x.html"],
            "Error: '--html' and '--json' cannot be used together\nUsage: \(CommandSpecs.query.usage)\n"
        ),
        (["build"], "Error: missing expected argument 'PATH'\nUsage: \(CommandSpecs.build.usage)\n"),
        (["build", "notes", "--jobs"], "Error: missing value for '--jobs <n>'\nUsage: \(CommandSpecs.build.usage)\n"),
        (["text", "a", "b"], "Error: unexpected argument 'b'\nUsage: \(CommandSpecs.text.usage)\n"),
        (
            ["render", "a", "--page", "0"],
            "Error: invalid value '0' for '--page': expected a whole number of at least 1\nUsage: \(CommandSpecs.render.usage)\n"
        ),
        (
            ["export", "a"],
            "Error: missing '--pdf FILE', '--markdown DIR' or '--ndjson'\nUsage: \(CommandSpecs.export.usage)\n"
        ),
        (
            ["export", "a", "--pdf", "a.pdf", "--markdown", "md"],
            "Error: '--pdf' and '--markdown' cannot be used together\nUsage: \(CommandSpecs.export.usage)\n"
        ),
        (
            ["export", "a", "b", "--pdf", "a.pdf"],
            "Error: unexpected argument 'b': '--pdf' writes one notebook\nUsage: \(CommandSpecs.export.usage)\n"
        ),
        (
            ["export", "a", "--pdf", "a.pdf", "--index", "i"],
            "Error: '--index' is read with '--markdown' and '--ndjson' only\nUsage: \(CommandSpecs.export.usage)\n"
        ),
        (["status", "--json=yes"], "Error: unknown option '--json=yes'\nUsage: \(CommandSpecs.status.usage)\n"),
        (["completions"], "Error: missing expected argument 'SHELL'\nUsage: notebook-index completions SHELL\n"),
        (
            ["completions", "tcsh"],
            "Error: invalid value 'tcsh' for 'SHELL': expected bash, zsh or fish\nUsage: notebook-index completions SHELL\n"
        ),
        (["man", "x"], "Error: unexpected argument 'x'\nUsage: notebook-index man\n"),
    ])
    func usageErrorsExitTwoInArgumentParserStyle(arguments: [String], message: String) throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let output = try runner.run(arguments)
        #expect(output.status == 2)
        #expect(output.stderr == message + "See 'notebook-index --help'.\n")
        #expect(output.stdout.isEmpty)
    }

    @Test(arguments: [
        (["completions", "bash"], CompletionScript.render(.bash)),
        (["completions", "zsh"], CompletionScript.render(.zsh)),
        (["completions", "fish"], CompletionScript.render(.fish)), (["man"], ManPage.render()),
    ])
    func completionsAndManPrintWhatTheTableMakes(arguments: [String], expected: String) throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let output = try runner.run(arguments)
        #expect(output.status == 0 && output.stderr.isEmpty)
        #expect(output.stdout == expected)
    }

    @Test func buildQueryStatusAndExitCodes() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/week1.xopp", xournalPage("Meeting agenda: apple pie"))
        runner.write("notes/sub/week2.xopp", xournalPage("grocery list"))
        runner.write("notes/broken.xopp", "<xournal><page>")
        runner.write("notes/.hidden/secret.xopp", xournalPage("apple secret"))

        let build = try runner.run(["build", "notes", "--index", runner.index])
        #expect(build.status == 1)
        #expect(build.stderr.hasPrefix(runner.folder + "/notes/broken.xopp: "))
        #expect(build.stdout.isEmpty)

        let hit = try runner.run(["query", "apple pie", "--index", runner.index, "--json"])
        #expect(hit.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(hit.stdout.utf8)) as? [String: Any])
        #expect(json["query"] as? String == "apple pie")
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect(results.first?["path"] as? String == runner.folder + "/notes/week1.xopp")
        #expect(results.first?["page"] as? Int == 0)
        #expect(results.first?["text"] as? String == "apple pie")
        #expect(hit.stdout.hasPrefix("{\"query\": \"apple pie\", \"results\": [{\"path\": "))
        #expect(hit.stdout.contains("\"drawing\": ") && hit.stdout.contains("\"strokeIDs\": []"))

        let human = try runner.run(["query", "agenda"], environment: ["NOTEBOOK_INDEX": runner.index])
        #expect(human.status == 0)
        #expect(human.stdout.hasPrefix("\(runner.folder)/notes/week1.xopp\npage 1  \"agenda:\"  at ("))
        // the line, unmarked in a pipe
        #expect(human.stdout.hasSuffix(" (typed text)\n    Meeting agenda: apple pie\n"))

        let none = try runner.run(["query", "secret", "--index", runner.index])
        #expect(none.status == 1 && none.stdout.isEmpty)

        let status = try runner.run(["status", "--index", runner.index, "--json"])
        #expect(status.status == 0)
        let counts = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(counts["files"] as? Int == 3 && counts["pages"] as? Int == 2)
        #expect(
            (counts["failures"] as? [[String: Any]])?.first?["path"] as? String == runner.folder + "/notes/broken.xopp")

        let again = try runner.run(["build", "notes", "--index", runner.index])
        #expect(again.status == 0 && again.stderr.isEmpty)  // the failure is remembered, not retried
    }

    @Test func defaultIndexFollowsXDGDataHome() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("apple"))
        let build = try runner.run(["build", "notes"], environment: ["XDG_DATA_HOME": runner.folder + "/data"])
        #expect(build.status == 0)
        #expect(FileManager.default.fileExists(atPath: runner.folder + "/data/notebook-index/index.sqlite"))
        let home = try runner.run(["build", "notes"])
        #expect(home.status == 0)
        #expect(
            FileManager.default.fileExists(atPath: runner.folder + "/home/.local/share/notebook-index/index.sqlite"))
    }

    @Test func inspectAndTextFollowTheContract() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("hello", strokes: 2))
        let inspect = try runner.run(["inspect", "notes/a.xopp", "--json"])
        #expect(inspect.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
        #expect(json["path"] as? String == runner.folder + "/notes/a.xopp")
        #expect(json["format"] as? String == "xopp")
        let page = try #require((json["pages"] as? [[String: Any]])?.first)
        #expect(page["page"] as? Int == 0 && page["strokes"] as? Int == 2 && page["points"] as? Int == 6)
        #expect(page["texts"] as? [String] == ["hello"])
        #expect(
            inspect.stdout.contains("\"pages\": [{\"page\": 0, \"strokes\": 2, \"points\": 6, \"bounds\": {\"x\": "))

        let text = try runner.run(["text", "notes/a.xopp", "--json"])
        #expect(text.status == 0)
        #expect(
            text.stdout.hasPrefix(
                "{\"path\": \"\(runner.folder)/notes/a.xopp\", \"pages\": [{\"page\": 0, \"lines\": ["))

        let missing = try runner.run(["inspect", "notes/none.xopp"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix(runner.folder + "/notes/none.xopp: "))
    }

    /// A reMarkable archive reads as its notebook; a Git LFS pointer in a notebook's place
    /// is refused with the advice to fetch it.
    @Test func inspectReadsRemarkableArchivesAndRefusesLFSPointers() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/rm/tags-and-blank-page.rmdoc")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: runner.folder + "/notes/a.rmdoc")
        let inspect = try runner.run(["inspect", "notes/a.rmdoc", "--json"])
        #expect(inspect.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "rmdoc")
        #expect((json["pages"] as? [[String: Any]])?.map { $0["strokes"] as? Int } == [10, 0, 1])

        runner.write("notes/b.xopp", "version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 9\n")
        let pointer = try runner.run(["inspect", "notes/b.xopp"])
        #expect(pointer.status == 1)
        #expect(
            pointer.stderr == runner.folder + "/notes/b.xopp: a Git LFS pointer, not the notebook: run `git lfs pull`\n"
        )
    }

    @Test func secondBuildWaitsOrExitsUnderNoWait() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("apple"))
        let process: Process
        do {
            let lock = try IndexLock(indexPath: runner.index, wait: false)
            let refused = try runner.run(["build", "notes", "--index", runner.index, "--no-wait"])
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("another build is updating \(runner.index)"))

            let (started, _, err) = try runner.start(["build", "notes", "--index", runner.index])
            process = started
            // the build says it waits, and still runs, while the lock is held
            var message = ""
            while !message.contains("waiting for another build") {
                let data = err.fileHandleForReading.availableData
                if data.isEmpty { break }  // the build ended without saying so
                message += String(decoding: data, as: UTF8.self)
            }
            #expect(message.contains("waiting for another build"))
            #expect(process.isRunning)
            withExtendedLifetime(lock) {}
        }  // the lock is released here, which lets the waiting build go on
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
