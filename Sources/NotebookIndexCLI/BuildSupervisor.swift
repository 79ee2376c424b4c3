import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs `build` in a child process of the same command, so that a file that crashes the reader
/// or the recognizer, or makes the kernel kill it for memory, cannot stop every later build.
///
/// The child (the worker) does the whole build as an unsupervised `build` would, recording each
/// file it starts on (`IndexStore.beginAttempt`). When it dies by a signal, the supervisor starts
/// a new worker told so; that one remembers the file it was reading alone as failed, reads the
/// files it was reading together one at a time, and goes on. A worker's exit status is the
/// command's. The supervisor holds no lock and opens no index; the worker watches its standard
/// input, a pipe from the supervisor, and ends when the supervisor is gone (killed by a timeout,
/// say), so no build outlives the command.
enum BuildSupervisor {
    /// Set in a worker's environment: "1", or "after-crash" when the previous worker died.
    static let workerVariable = "NOTEBOOK_INDEX_BUILD_WORKER"
    static let afterCrash = "after-crash"
    /// Each crash convicts a file or sets suspects apart to read alone, so a build makes progress
    /// on every restart; this only stops a worker that dies outside any file.
    static let maxRestarts = 100
    /// The deaths a file can cause: a trap or fault, an abort (a failed allocation), and SIGKILL
    /// (the kernel's out-of-memory killer). Any other signal (SIGTERM, SIGINT, SIGHUP) was sent
    /// to stop the build, so the supervisor stops too.
    static let crashSignals: Set<Int32> = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGKILL]

    /// Runs workers with `arguments` (the command line without the program) until one exits.
    /// - Returns: that worker's exit status.
    static func supervise(arguments: [String], environment: [String: String]) throws -> Int32 {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var crashed = false
        for _ in 0...maxRestarts {
            let worker = Process()
            worker.executableURL = URL(fileURLWithPath: executable)
            worker.arguments = arguments
            var workerEnvironment = environment
            workerEnvironment[workerVariable] = crashed ? afterCrash : "1"
            worker.environment = workerEnvironment
            let lifeline = Pipe()
            worker.standardInput = lifeline
            try worker.run()
            worker.waitUntilExit()
            try? lifeline.fileHandleForWriting.close()
            if worker.terminationReason == .exit { return worker.terminationStatus }
            guard crashSignals.contains(worker.terminationStatus) else {
                signal(worker.terminationStatus, SIG_DFL)
                kill(getpid(), worker.terminationStatus)
                return 128 + worker.terminationStatus
            }
            crashed = true
        }
        throw SupervisorError(restarts: maxRestarts)
    }

    /// In a worker: ends the process as soon as the supervisor's end of standard input closes.
    static func exitWhenSupervisorEnds() {
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(0, &byte, 1)
                if count == 0 || (count < 0 && errno != EINTR) { _exit(NotebookIndexCLI.ExitCode.failure) }
            }
        }
    }
}

struct SupervisorError: Error, CustomStringConvertible {
    var restarts: Int
    var description: String {
        "the build crashed \(restarts + 1) times outside any file; run 'notebook-index build' again or report it"
    }
}
