import Foundation
import SearchIndex
import SeededRandom
import Testing

/// A file that kills the process reading it is remembered as failed, so it cannot stop
/// every later build. The kill is the kernel's (SIGKILL, as the out-of-memory killer sends) on
/// the build's worker while the file is being read.
@Suite(.enabled(if: CommandRunner.binary != nil, "the notebook-index binary is not built"))
struct PoisonFileTests {
    @Test func aFileThatKillsTheBuildIsRememberedAsFailed() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/good.xopp", xournalPage("harmless words"))
        let poison = runner.folder + "/notes/poison.rm"
        #expect(FileManager.default.createFile(atPath: poison, contents: Data(slowRemarkablePage())))

        let (build, _, err) = try runner.start(["build", "notes", "--index", runner.index, "--jobs", "1"])
        try killWorker(of: build, whileReading: poison, index: runner.index)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        build.waitUntilExit()
        #expect(build.terminationStatus == 1)
        #expect(stderr.contains("poison.rm: notebook-index died while reading this file"))

        let found = try runner.run(["query", "harmless", "--index", runner.index])
        #expect(found.status == 0)
        let again = try runner.run(["build", "notes", "--index", runner.index])
        #expect(again.status == 0 && again.stderr.isEmpty)
        let status = try runner.run(["status", "--index", runner.index])
        #expect(status.stdout.contains("poison.rm: notebook-index died while reading this file"))
    }

    /// A worker stopped on purpose (SIGTERM) stops the build and blames no file.
    @Test func aBuildStoppedWithSIGTERMBlamesNoFile() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let poison = runner.folder + "/notes/poison.rm"
        #expect(FileManager.default.createFile(atPath: poison, contents: Data(slowRemarkablePage())))
        let (build, _, _) = try runner.start(["build", "notes", "--index", runner.index, "--jobs", "1"])
        try killWorker(of: build, whileReading: poison, index: runner.index, signal: SIGTERM)
        build.waitUntilExit()
        let stopped =
            build.terminationReason == .uncaughtSignal ? build.terminationStatus : build.terminationStatus - 128
        #expect(stopped == SIGTERM)
        let status = try runner.run(["status", "--index", runner.index])
        #expect(!status.stdout.contains("died while reading"))
    }

    /// Waits until the build has recorded its attempt on `path`, then kills the build's worker.
    private func killWorker(of build: Process, whileReading path: String, index: String, signal: Int32 = SIGKILL) throws
    {
        // the deadline is only for a build that hangs: a debug build on a loaded machine may take
        // a minute to reach the file
        let deadline = Date().addingTimeInterval(600)
        var recorded = false
        while !recorded, Date() < deadline {
            recorded =
                (try? IndexStore(path: index, access: .read)).flatMap { try? $0.unfinishedAttempts() }?
                .contains(where: { $0.path.hasSuffix("/poison.rm") }) == true
            if !recorded { Thread.sleep(forTimeInterval: 0.005) }  // polls the index, which has no notification
        }
        #expect(recorded, "the build never recorded its attempt on poison.rm")
        // the supervisor starts its worker from whichever thread it runs on
        let tasks =
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(build.processIdentifier)/task")) ?? []
        let workers = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(build.processIdentifier)/task/\(task)/children", encoding: .utf8))
                ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }
        #expect(workers.count == 1)
        for worker in workers { kill(worker, signal) }
    }

    /// A reMarkable v5 page of 3,000 short strokes scattered at random: seconds of recognition,
    /// so the worker is surely still on it when killed.
    private func slowRemarkablePage() -> [UInt8] {
        var bytes = Array("reMarkable .lines file, version=5".utf8)
        bytes += Array(repeating: UInt8(ascii: " "), count: 43 - bytes.count)
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        func f32(_ v: Float) { u32(v.bitPattern) }
        var random = SplitMix64(seed: 13)
        let strokes = 3_000
        u32(1)
        u32(UInt32(strokes))
        for _ in 0..<strokes {
            u32(2)
            u32(0)
            u32(0)
            f32(2)
            u32(0)
            u32(4)
            let x = Float(random.next() % 1404), y = Float(random.next() % 1872)
            for _ in 0..<4 {
                for value in [x + Float(random.next() % 12), y + Float(random.next() % 12), 0.1, 0, 2, 0.5] {
                    f32(value)
                }
            }
        }
        return bytes
    }
}
