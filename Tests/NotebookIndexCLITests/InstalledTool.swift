import Foundation

/// A program of the system the tests may use when it is there (a shell, groff): tests that
/// need one are enabled only if it is found, so a machine without it skips them visibly.
enum InstalledTool {
    /// The program called `name` on PATH.
    static func path(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `program` in `folder` with HOME and the XDG folders there too, so that no
    /// configuration of the machine's user is read or written.
    static func run(
        _ program: String, _ arguments: [String], in folder: String, environment extra: [String: String] = [:]
    ) throws
        -> ChildProcess.Output
    {
        var environment = ProcessInfo.processInfo.environment
        for key in ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"] { environment[key] = folder }
        for (key, value) in extra { environment[key] = value }
        let (process, out, err) = try ChildProcess.start(program, arguments, in: folder, environment: environment)
        return ChildProcess.finish(process, out, err)
    }
}

/// A child process with its output in pipes, for `CommandRunner` and `InstalledTool`.
enum ChildProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Starts `program` in `folder` with standard input empty.
    static func start(
        _ program: String, _ arguments: [String], in folder: String, environment: [String: String]
    ) throws
        -> (Process, Pipe, Pipe)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// Reads both pipes to their end, then waits for the process.
    static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Output {
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
