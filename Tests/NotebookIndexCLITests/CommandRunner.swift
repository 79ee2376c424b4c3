import Foundation

/// Runs the built `notebook-index` binary in a fresh temporary folder, as a user would.
struct CommandRunner {
    typealias Output = ChildProcess.Output

    /// The binary beside the test bundle (SwiftPM puts both in the products folder).
    static let binary: URL? = {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("notebook-index")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }()

    let folder: String
    var index: String { folder + "/index.sqlite" }

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("h4-cli-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder + "/notes", withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: folder) }

    func write(_ relative: String, _ text: String) {
        let path = folder + "/" + relative
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// Starts the binary with `arguments` in the temporary folder, with its own HOME and no
    /// NOTEBOOK_INDEX or XDG_DATA_HOME from the outside.
    func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        guard let binary = Self.binary else { throw CocoaError(.fileNoSuchFile) }
        var environment = ProcessInfo.processInfo.environment
        environment["NOTEBOOK_INDEX"] = nil
        environment["XDG_DATA_HOME"] = nil
        environment["HOME"] = folder + "/home"
        for (key, value) in extra { environment[key] = value }
        return try ChildProcess.start(binary.path, arguments, in: folder, environment: environment)
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Output {
        let (process, out, err) = try start(arguments, environment: environment)
        return ChildProcess.finish(process, out, err)
    }
}

/// A small Xournal++ page (plain XML) with two strokes and typed text.
func xournalPage(_ text: String, strokes: Int = 2) -> String {
    let strokeLines = (0..<strokes).map { i in
        "<stroke tool=\"pen\" color=\"#000000ff\" width=\"1.41\">\(10 + i * 20) 10 \(20 + i * 20) 20 \(30 + i * 20) 10</stroke>"
    }.joined(separator: "\n")
    return """
        <?xml version="1.0" standalone="no"?>
        <xournal creator="tests" fileversion="4">
        <title>test</title>
        <page width="612" height="792">
        <background type="solid" color="#ffffffff" style="plain"/>
        <layer>
        \(strokeLines)
        <text font="Sans" size="12" x="50" y="60" color="#000000ff">\(text)</text>
        </layer>
        </page>
        </xournal>

        """
}
