import DrawingModel
import Foundation
import Recognition
import SearchIndex

/// Everything a command needs from the outside world, so that tests can run commands in-process
/// with their own streams, environment, readers and recognizer.
package struct CLIContext: Sendable {
    package var environment: [String: String]
    package var standardOutput: any TextSink
    package var standardError: any TextSink
    /// Colour in `query` output only when standard output is a terminal.
    package var outputIsTerminal: Bool
    /// Progress bars only when standard error is a terminal.
    package var errorIsTerminal: Bool
    package var source: any NotebookSource
    /// The recognizer's version, known without loading it (for `status`).
    package var recognitionVersion: Int
    /// Creates the recognizer for some languages, all supported (`build`, `text`).
    package var makeTranscriber: @Sendable ([Locale.Language]) throws -> any DrawingTranscriber
    /// Whether `build` runs its work in a child process (`BuildSupervisor`); only the real
    /// command does, since it starts its own executable.
    package var supervisesBuilds = false
    /// Standard input, read to its end (`baloo-extract` reads its request there).
    package var readStandardInput: @Sendable () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }

    package init(
        environment: [String: String], standardOutput: any TextSink, standardError: any TextSink,
        outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, source: any NotebookSource,
        recognitionVersion: Int,
        makeTranscriber: @escaping @Sendable ([Locale.Language]) throws -> any DrawingTranscriber
    ) {
        self.environment = environment
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.source = source
        self.recognitionVersion = recognitionVersion
        self.makeTranscriber = makeTranscriber
    }

    /// The real streams, environment, readers and recognizer.
    package static func standard() -> CLIContext {
        let output = FileDescriptorSink(descriptor: 1)
        let error = FileDescriptorSink(descriptor: 2)
        var context = CLIContext(
            environment: ProcessInfo.processInfo.environment, standardOutput: output, standardError: error,
            outputIsTerminal: output.isTerminal, errorIsTerminal: error.isTerminal, source: RegistryNotebookSource(),
            recognitionVersion: TranscriberFactory.recognitionVersion,
            makeTranscriber: TranscriberFactory.make(languages:))
        context.supervisesBuilds = true
        return context
    }

    func print(_ text: String) { standardOutput.write(text + "\n") }
    func printError(_ text: String) { standardError.write(text + "\n") }

    /// The languages to read: `--language` ("en,de"), else `$NOTEBOOK_INDEX_LANGUAGES`, else the
    /// language of the user's locale (`$LC_ALL`, else `$LANG`: "de_DE.UTF-8" → de) when it is
    /// supported, else English.
    /// - Throws: `LanguageError` when the option or the variable names a language not supported
    ///   (or none): a choice that was made is never silently replaced by another.
    func recognitionLanguages(option: String?) throws(LanguageError) -> [Locale.Language] {
        if let option { return try RecognitionLanguage.parse(option) }
        if let list = environment["NOTEBOOK_INDEX_LANGUAGES"], !list.isEmpty {
            return try RecognitionLanguage.parse(list)
        }
        let locale = [environment["LC_ALL"], environment["LANG"]].compactMap { $0 }.first { !$0.isEmpty }
        return [locale.flatMap(RecognitionLanguage.fromPOSIXLocale) ?? RecognitionLanguage.english]
    }

    /// The index path: `--index`, else `$NOTEBOOK_INDEX`, else `$XDG_DATA_HOME/notebook-index/index.sqlite`,
    /// else `~/.local/share/notebook-index/index.sqlite`.
    func indexPath(option: String?) -> String {
        if let option, !option.isEmpty { return Crawler.absolutePath(option) }
        if let path = environment["NOTEBOOK_INDEX"], !path.isEmpty { return Crawler.absolutePath(path) }
        let data: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            data = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            data = home + "/.local/share"
        }
        return data + "/notebook-index/index.sqlite"
    }

    /// Writes `text` to the file at `argument` (relative to the current folder), whole or not at
    /// all; false once the reason it could not be written is printed.
    func write(_ text: String, toFile argument: String) -> Bool {
        write(Data(text.utf8), toFile: argument)
    }

    /// Writes `data` to the file at `argument`, as `write(_:toFile:)` writes text.
    func write(_ data: Data, toFile argument: String) -> Bool {
        let path = Crawler.absolutePath(argument)
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            return true
        } catch {
            let reason = (error as NSError).localizedDescription
            printError("notebook-index: \(Formatting.shown(path)): cannot write: \(Formatting.shown(reason))")
            return false
        }
    }

    /// The notebook at the command's FILE argument (`text`, `inspect`, `render`), with its absolute
    /// path; nil once the reason it could not be read is printed as `path: reason`.
    func readNotebook(_ argument: String) -> (path: String, notebook: Notebook)? {
        let path = Crawler.absolutePath(argument)
        do {
            return (path, try source.read(at: URL(fileURLWithPath: path)))
        } catch {
            printError("\(Formatting.shown(path)): \(Formatting.shown(String(describing: error)))")
            return nil
        }
    }
}
