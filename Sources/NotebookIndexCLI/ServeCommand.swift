import Foundation
import SearchIndex

/// `notebook-index serve` (`CommandSpecs.serve`): the search page on a local port until SIGTERM
/// or SIGINT. The first line of standard output is the URL to open, so that a script (or a test)
/// that asked for `--port 0` learns the port picked; requests are answered by `SearchSite`
/// through `HTTPServer`.
struct ServeCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    func run() async throws -> Int32 {
        let indexPath = context.indexPath(option: try arguments.value(Options.index))
        // The index must be there to start: a typo in --index is said at once, not on each search.
        _ = try IndexError.reading(indexPath) { try IndexStore(path: indexPath, access: .read) }
        let server = try Self.start(
            indexPath: indexPath, address: try arguments.value(Options.listen) ?? .loopback,
            port: try arguments.value(Options.port) ?? Self.defaultPort, context: context, opener: NotebookOpener())
        let stopSignal = StopSignal()
        context.print(server.url)
        let signal = await stopSignal.wait()
        server.stop()
        context.printError("notebook-index: stopped (\(StopSignal.name(signal ?? SIGTERM)))")
        return NotebookIndexCLI.ExitCode.success
    }

    static let defaultPort: UInt16 = 8_517

    /// A server answering for the index at `indexPath`.
    static func start(
        indexPath: String, address: ListenAddress, port: UInt16, context: CLIContext, opener: NotebookOpener
    ) throws -> HTTPServer {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255) }
        let site = SearchSite(
            indexPath: indexPath, pictures: PagePictures(source: CachedNotebookSource(context.source)),
            recognitionVersion: context.recognitionVersion,
            openToken: bytes.map { String(format: "%02x", $0) }.joined(), opener: opener)
        return try HTTPServer(address: address, port: port) { site.respond($0) }
    }
}
