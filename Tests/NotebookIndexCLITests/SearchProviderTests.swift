import Foundation
import Testing

@testable import NotebookIndexCLI

/// `search-provider` on a private session bus: the built binary owns its name on a `dbus-daemon`
/// of the test's own, and `gdbus call` asks it as GNOME Shell and KRunner do. Opening a result runs
/// a `xournalpp` of the test's (first on the child's PATH) that writes down its arguments.
@Suite(
    .enabled(if: CommandRunner.binary != nil, "the notebook-index binary is not built"),
    .enabled(
        if: busTool("dbus-daemon") != nil && busTool("gdbus") != nil,
        "dbus-daemon or gdbus is missing (apt-get install -y dbus libglib2.0-bin)"))
struct SearchProviderTests {
    let cli = InProcessTests()

    /// A bus, the provider on it, and its notebooks.
    final class Provider {
        let runner = CommandRunner()
        var bus: Process?
        var provider: Process?
        var address = ""
        var opened: String { runner.folder + "/opened.txt" }
        var own: String { runner.folder + "/notes/own.xopp" }

        deinit {
            if let provider, provider.isRunning {
                provider.terminate()
                provider.waitUntilExit()
            }
            // a child of the test runner inherits its threads' blocked signals: SIGTERM would wait
            if let bus, bus.isRunning {
                kill(bus.processIdentifier, SIGKILL)
                bus.waitUntilExit()
            }
            runner.cleanUp()
        }

        /// `gdbus call` of `method` (`interface.Member`) with `arguments` in GVariant text.
        func call(_ method: String, _ arguments: [String]) throws -> ChildProcess.Output {
            let gdbus = try #require(busTool("gdbus"))
            var environment = ProcessInfo.processInfo.environment
            environment["DBUS_SESSION_BUS_ADDRESS"] = address
            let (process, out, err) = try ChildProcess.start(
                gdbus,
                [
                    "call", "--session", "--dest", SearchProvider.busName, "--object-path", SearchProvider.objectPath,
                    "--method", method,
                ] + arguments, in: runner.folder, environment: environment)
            return ChildProcess.finish(process, out, err)
        }
    }

    func start() async throws -> Provider {
        let provider = Provider()
        let runner = provider.runner
        runner.write("notes/own.xopp", xournalPage("typed", strokes: 3))
        runner.write("notes/other.xopp", xournalPage("other", strokes: 2))
        #expect(await cli.run(["build", runner.folder + "/notes", "--index", runner.index]).status == 0)
        runner.write("bin/xournalpp", "#!/bin/sh\necho \"$@\" >> \(provider.opened)\n")
        chmod(runner.folder + "/bin/xournalpp", 0o755)

        let daemon = try #require(busTool("dbus-daemon"))
        let (bus, busOut, _) = try ChildProcess.start(
            daemon, ["--session", "--nofork", "--print-address=1"], in: runner.folder,
            environment: ProcessInfo.processInfo.environment)
        provider.bus = bus
        provider.address = try #require(ServeTests.readLine(busOut.fileHandleForReading))
        let (child, _, _) = try runner.start(
            ["search-provider", "--index", runner.index],
            environment: ["DBUS_SESSION_BUS_ADDRESS": provider.address, "PATH": runner.folder + "/bin:/usr/bin:/bin"])
        provider.provider = child
        // ready once it answers on the bus
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if try provider.call("org.freedesktop.DBus.Introspectable.Introspect", []).status == 0 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return provider
    }

    @Test func gnomeShellGetsPagesWithHitsAndTheirNamesAndLines() async throws {
        let provider = try await start()
        let initial = try provider.call("org.gnome.Shell.SearchProvider2.GetInitialResultSet", ["['ink2']"])
        #expect(initial.status == 0)
        #expect(initial.stdout == "(['1:\(provider.own)'],)\n")
        let sub = try provider.call(
            "org.gnome.Shell.SearchProvider2.GetSubsearchResultSet", ["['1:\(provider.own)']", "['ink1']"])
        #expect(sub.stdout.contains("'1:\(provider.own)'") && sub.stdout.contains("other.xopp"))
        let metas = try provider.call("org.gnome.Shell.SearchProvider2.GetResultMetas", ["['1:\(provider.own)']"])
        #expect(metas.status == 0)
        #expect(metas.stdout.contains("'name': <'own.xopp · page 1'>"))
        #expect(metas.stdout.contains("'description': <'ink0 ink1 ink2'>"))
        #expect(metas.stdout.contains("'id': <'1:\(provider.own)'>"))
        let none = try provider.call("org.gnome.Shell.SearchProvider2.GetInitialResultSet", ["['nothing']"])
        #expect(none.stdout == "(@as [],)\n")
    }

    @Test func kRunnerMatchAnswersHitsWithTheirLines() async throws {
        let provider = try await start()
        let match = try provider.call("org.kde.krunner1.Match", ["ink2"])
        #expect(match.status == 0)
        #expect(
            match.stdout.hasPrefix(
                "([('1:\(provider.own)', 'own.xopp · page 1', 'accessories-text-editor', 30, "))
        #expect(match.stdout.contains("{'subtext': <'ink0 ink1 ink2'>}"))
        #expect(try provider.call("org.kde.krunner1.Actions", []).stdout == "(@a(sss) [],)\n")
    }

    @Test func activatingAResultOpensThePageInItsAppOnlyForPagesOfTheIndex() async throws {
        let provider = try await start()
        let activate = try provider.call(
            "org.gnome.Shell.SearchProvider2.ActivateResult", ["1:\(provider.own)", "['ink2']", "0"])
        #expect(activate.status == 0)
        #expect(try provider.call("org.kde.krunner1.Run", ["1:\(provider.own)", ""]).status == 0)
        for refused in ["1:/etc/passwd", "2:\(provider.own)", "x", "1:relative.xopp"] {
            let answer = try provider.call("org.kde.krunner1.Run", [refused, ""])
            #expect(answer.status != 0 && answer.stderr.contains("InvalidArgs"), "\(refused)")
        }
        // the app starts detached; give it a moment to write
        let deadline = Date().addingTimeInterval(10)
        var opened = ""
        while Date() < deadline {
            opened = (try? String(contentsOfFile: provider.opened, encoding: .utf8)) ?? ""
            if opened.components(separatedBy: "\n").count >= 3 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(opened == "--page=1 \(provider.own)\n--page=1 \(provider.own)\n")
    }

    @Test func stopsCleanlyOnSIGTERM() async throws {
        let provider = try await start()
        let child = try #require(provider.provider)
        child.terminate()
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
        #expect(try provider.call("org.kde.krunner1.Actions", []).status != 0, "its name is gone from the bus")
    }
}

/// The D-Bus tool `name` (`dbus-daemon`, `gdbus`), when installed.
func busTool(_ name: String) -> String? {
    ["/usr/bin", "/bin", "/usr/local/bin"].map { "\($0)/\(name)" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}

/// contrib/'s GNOME, KRunner, D-Bus activation and desktop files name the bus name and object the
/// provider serves, and the command they start.
@Test(arguments: [
    "gnome/io.github.notebook_index.SearchProvider.ini", "krunner/notebook-index.desktop",
    "dbus/io.github.notebook_index.SearchProvider.service.in", "desktop/io.github.notebook_index.desktop.in",
])
func desktopSearchFilesNameTheProvider(file: String) throws {
    let text = try String(contentsOf: DesktopSearchTests.contrib.appendingPathComponent(file), encoding: .utf8)
    let values = Dictionary(
        text.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains("=") }.map { line in
            let equals = line.firstIndex(of: "=")!
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }, uniquingKeysWith: { first, _ in first })
    switch file {
    case let name where name.hasPrefix("gnome/"):
        #expect(values["BusName"] == SearchProvider.busName && values["ObjectPath"] == SearchProvider.objectPath)
        #expect(values["Version"] == "2" && values["DesktopId"] == "io.github.notebook_index.desktop")
    case let name where name.hasPrefix("krunner/"):
        #expect(values["X-Plasma-DBusRunner-Service"] == SearchProvider.busName)
        #expect(values["X-Plasma-DBusRunner-Path"] == SearchProvider.objectPath && values["X-Plasma-API"] == "DBus")
    case let name where name.hasPrefix("dbus/"):
        #expect(values["Name"] == SearchProvider.busName)
        #expect(values["Exec"] == "@BINDIR@/notebook-index search-provider")
    default:
        #expect(values["Type"] == "Application" && values["Exec"]?.contains("@BINDIR@/notebook-index serve") == true)
    }
}
