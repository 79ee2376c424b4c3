import Foundation

/// How the long-running commands (`serve`, `search-provider`) learn that they must stop: SIGTERM
/// or SIGINT (which then no longer end the process at once, so the command can close what it
/// holds), or `stop()` from the command itself (its bus went away).
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Int32?, Never>?
    private var stopped: Int32??
    private var sources: [any DispatchSourceSignal] = []

    /// Catches SIGTERM and SIGINT from now on.
    init() {
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.finish(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether a signal came or `stop()` was called.
    var isStopped: Bool { lock.withLock { stopped != nil } }

    /// Stops without a signal.
    func stop() { finish(nil) }

    /// Waits for the first signal (returned) or `stop()` (nil).
    func wait() async -> Int32? {
        await withCheckedContinuation { (waiting: CheckedContinuation<Int32?, Never>) in
            let already: Int32?? = lock.withLock {
                if stopped == nil { continuation = waiting }
                return stopped
            }
            if let already { waiting.resume(returning: already) }
        }
    }

    /// "SIGTERM", "SIGINT".
    static func name(_ number: Int32) -> String { number == SIGINT ? "SIGINT" : "SIGTERM" }

    private func finish(_ number: Int32?) {
        let waiting: CheckedContinuation<Int32?, Never>? = lock.withLock {
            guard stopped == nil else { return nil }
            stopped = .some(number)
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: number)
    }
}
