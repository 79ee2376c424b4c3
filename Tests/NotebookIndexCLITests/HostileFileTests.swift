import Foundation
import Testing

/// Through the built binary: odd files are named with a
/// reason and never stop or hang the build.
@Suite(.enabled(if: CommandRunner.binary != nil, "the notebook-index binary is not built"))
struct HostileFileTests {
    @Test func aFifoOrALinkToADeviceIsRefusedNotRead() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        #expect(mkfifo(runner.folder + "/notes/fifo.svg", 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: runner.folder + "/zero.xopp", withDestinationPath: "/dev/zero")
        let build = try runner.run(["build", "notes/fifo.svg", "zero.xopp", "--index", runner.index])
        #expect(build.status == 1)
        #expect(build.stderr.contains("/notes/fifo.svg: not a regular file"))
        #expect(build.stderr.contains("/zero.xopp: not a regular file"))
        for command in ["text", "inspect"] {
            let output = try runner.run([command, "zero.xopp"])
            #expect(output.status == 1 && output.stderr.contains("zero.xopp: not a regular file"))
        }
    }

    @Test func namesThatAreNotUTF8OrTooLongAreNamedWithAReason() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let name = Array((runner.folder + "/notes/caf").utf8) + [0xE9] + Array(".xopp".utf8) + [0]
        let fd = name.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        #expect(fd >= 0)
        close(fd)
        // folders one inside the other until the path is past PATH_MAX
        var folder = open(runner.folder + "/notes", O_RDONLY)
        let part = String(repeating: "d", count: 200)
        for _ in 0..<21 {
            mkdirat(folder, part, 0o755)
            let inner = openat(folder, part, O_RDONLY)
            close(folder)
            folder = inner
        }
        close(folder)
        runner.write("notes/good.xopp", xournalPage("fine words"))
        let build = try runner.run(["build", "notes", "--index", runner.index])
        #expect(build.status == 1)
        #expect(build.stderr.contains("/notes/caf\u{FFFD}.xopp: the file name is not valid UTF-8"))
        #expect(build.stderr.contains(": the path is longer than the system allows"))
        #expect(try runner.run(["query", "fine", "--index", runner.index]).status == 0)
    }

    @Test func controlCharactersInNamesAreEscapedWhereverTheyAreShown() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/\u{1B}[31mred\nforged: line.xopp", "<xournal><page>")
        let build = try runner.run(["build", "notes", "--index", runner.index])
        #expect(build.status == 1)
        #expect(!build.stderr.contains("\u{1B}"))
        #expect(build.stderr.contains("/notes/\\u{1B}[31mred\\nforged: line.xopp: "))
        #expect(build.stderr.split(separator: "\n").count == 1)
        let status = try runner.run(["status", "--index", runner.index])
        #expect(!status.stdout.contains("\u{1B}") && status.stdout.contains("\\u{1B}[31mred\\nforged"))
    }

    @Test func anIgnorePatternThatWouldBacktrackIsMatchedInLinearTime() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/.notebook-index-ignore", "*a*a*a*a*a*a*a*a*a*b\n")
        runner.write("notes/" + String(repeating: "a", count: 204) + ".xopp", xournalPage("kept"))
        // backtracking would try about C(204, 9) = 10^15 splits: a minute is a bound that a
        // linear matcher never nears and a backtracking one never meets
        let started = Date()
        #expect(try runner.run(["build", "notes", "--index", runner.index]).status == 0)
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsHashed() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let path = runner.folder + "/notes/huge.xopp"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 3 << 30) == 0)  // sparse: reading it all would take seconds
        let build = try runner.run(["build", "notes", "--index", runner.index])
        #expect(build.status == 1)
        #expect(build.stderr.contains("huge.xopp: file is 3 GB, over the 256 MB limit"))
    }

    @Test func anIndexOnDevNullLeavesNothingBehind() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? [])
        let build = try runner.run(["build", "notes", "--index", "/dev/null"])
        #expect(build.status == 2)
        #expect(build.stderr.contains("/dev/null: "))
        let after = Set((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? [])
        #expect(after.subtracting(before).filter { $0.hasPrefix("null") }.isEmpty)
    }
}
