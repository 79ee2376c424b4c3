import Foundation

/// Opens a notebook in the app it belongs to, at a page where the app can be told one: Xournal++
/// (`xournalpp --page=N FILE`) for `.xopp` and `.xoj`, the desktop's choice (`xdg-open FILE`)
/// for everything else. `serve` calls it only for files the index holds.
struct NotebookOpener: Sendable {
    /// What to open: a file of the index and a page, from 1.
    struct Target: Sendable, Equatable {
        var path: String
        var page: Int
    }

    /// Runs the command, without waiting for the app to close; throws when it cannot start.
    var launch: @Sendable (_ command: [String]) throws -> Void = NotebookOpener.spawn

    /// The program search path, to find Xournal++.
    var searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

    /// The command line that opens `target`.
    func command(for target: Target) -> [String] {
        let suffix = (target.path as NSString).pathExtension.lowercased()
        if suffix == "xopp" || suffix == "xoj", let xournal = program("xournalpp") {
            return [xournal, "--page=\(target.page)", target.path]
        }
        return [program("xdg-open") ?? "xdg-open", target.path]
    }

    /// A short name of the app, for the page that says what was opened.
    func appName(for target: Target) -> String {
        let program = (command(for: target)[0] as NSString).lastPathComponent
        return program == "xournalpp" ? "Xournal++" : program
    }

    func open(_ target: Target) throws {
        try launch(command(for: target))
    }

    private func program(_ name: String) -> String? {
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Starts the app detached from the server's streams; Foundation reaps it when it exits.
    @Sendable static func spawn(_ command: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }
}
