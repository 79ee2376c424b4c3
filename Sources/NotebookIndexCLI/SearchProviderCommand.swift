import Foundation
import SearchIndex

/// `notebook-index search-provider` (`CommandSpecs.searchProvider`): answers GNOME Shell's and
/// KRunner's searches on the session bus (`SearchProvider`) until SIGTERM or SIGINT, or until
/// the bus goes away. D-Bus activation starts it (contrib/dbus/); it needs no terminal.
struct SearchProviderCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    func run() async throws -> Int32 {
        let indexPath = context.indexPath(option: try arguments.value(Options.index))
        _ = try IndexError.reading(indexPath) { try IndexStore(path: indexPath, access: .read) }
        let provider = SearchProvider(indexPath: indexPath, opener: NotebookOpener())
        let service = try DBusService(
            name: SearchProvider.busName, path: SearchProvider.objectPath,
            introspection: SearchProvider.introspection, handler: provider.handle)
        let stopSignal = StopSignal()
        let finished = DispatchSemaphore(value: 0)
        // libdbus blocks its thread; the bus's own thread, so the command's task can wait for signals
        let thread = Thread {
            service.run(until: { stopSignal.isStopped })
            stopSignal.stop()
            finished.signal()
        }
        thread.start()
        context.printError("notebook-index: serving \(SearchProvider.busName) on the session bus")
        let signal = await stopSignal.wait()
        finished.wait()
        guard let signal else {
            context.printError("notebook-index: the session bus went away")
            return NotebookIndexCLI.ExitCode.failure
        }
        context.printError("notebook-index: stopped (\(StopSignal.name(signal)))")
        return NotebookIndexCLI.ExitCode.success
    }
}
