// NotebookIndexCLI: the `notebook-index` command — one table of commands and their options
// (`CommandSpecs`, `Options`) from which come the parser (`ArgumentParser`), the help (`HelpText`),
// the man page (`ManPage`) and the shell completions (`CompletionScript`); one file per command
// (`BuildCommand`, `QueryCommand`, `StatusCommand`, `TextCommand`, `InspectCommand`, `RenderCommand`,
// `ExportCommand` with `MarkdownExport`, `MarkdownNotebook` and `ExportFolder`,
// `CompletionsCommand`), output (`JSONValue`, `ProgressBar`,
// `HTMLReport` with the pages `HitPictures` reads again) and the one place the recognizer is
// created (`TranscriberFactory`). Everything runs in-process through
// `run(_:context:)`, so tests need no binary; the executable's `main.swift` only calls `main()`.
import Foundation
import SearchIndex

/// Runs the `notebook-index` command line (`main()`) or one command in-process (`run(_:context:)`).
package enum NotebookIndexCLI {
    /// Exit statuses, grep's convention.
    package enum ExitCode {
        package static let success: Int32 = 0
        /// `build`: some files failed; `query`: no hits; `text`/`inspect`/`render`/`export`: a file
        /// could not be read (`export --markdown`: or is not indexed).
        package static let partial: Int32 = 1
        /// Usage or fatal error.
        package static let failure: Int32 = 2
    }

    /// Runs the command line of this process and exits with its status.
    package static func main() -> Never {
        // A build's worker inherits the signal mask of the supervisor thread that started it,
        // which blocks SIGTERM and SIGINT; unblocked here, so stopping it works as for any command.
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        let arguments = Array(CommandLine.arguments.dropFirst())
        let context = CLIContext.standard()
        let status = ResultBox()
        let done = DispatchSemaphore(value: 0)
        // Begun on this thread: a command that never waits (a query) runs to its end here, and
        // the concurrency runtime's worker threads are started only by one that does.
        Task.immediate {
            status.set(await run(arguments, context: context))
            done.signal()
        }
        done.wait()
        exit(status.value)
    }

    /// Runs one command line (without the program name).
    /// - Returns: the exit status.
    package static func run(_ arguments: [String], context: CLIContext) async -> Int32 {
        guard let name = arguments.first else {
            return usageError(UsageError(message: "missing command", usage: CommandSpecs.tool.usage), context)
        }
        let rest = Array(arguments.dropFirst())
        if name == "-h" || name == "--help" {
            context.standardOutput.write(HelpText.tool)
            return ExitCode.success
        }
        if name == "--version" {
            context.standardOutput.write(ProgramVersion.text)
            return ExitCode.success
        }
        if name == "help" {
            let spec = rest.first.flatMap(CommandSpecs.named)
            context.standardOutput.write(spec?.help ?? HelpText.tool)
            return ExitCode.success
        }
        guard let spec = CommandSpecs.named(name) else {
            let message = name.hasPrefix("-") ? "unknown option '\(name)'" : "unknown command '\(name)'"
            return usageError(UsageError(message: message, usage: CommandSpecs.tool.usage), context)
        }
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(rest, spec: spec)
        } catch {
            return usageError(error, context)
        }
        if parsed.wantsHelp {
            context.standardOutput.write(spec.help)
            return ExitCode.success
        }
        do {
            return try await spec.run(parsed, context)
        } catch let error as UsageError {
            return usageError(error, context)
        } catch {
            context.printError("notebook-index: \(Formatting.shown(String(describing: error)))")
            return ExitCode.failure
        }
    }

    static func usageError(_ error: UsageError, _ context: CLIContext) -> Int32 {
        context.printError("Error: \(error.message)")
        context.printError("Usage: \(error.usage)")
        context.printError("See 'notebook-index --help'.")
        return ExitCode.failure
    }
}

/// A fatal error about the index file: printed as `notebook-index: <index>: <reason>`.
struct IndexError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
}

extension IndexError {
    /// Runs `body`, which reads the index at `path`, turning its error into one about the index.
    static func reading<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw IndexError(path: path, reason: IndexStoreError.reason(for: error))
        }
    }
}

/// Carries the exit status out of the main task.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var status: Int32 = NotebookIndexCLI.ExitCode.failure

    func set(_ value: Int32) { lock.withLock { status = value } }
    var value: Int32 { lock.withLock { status } }
}
