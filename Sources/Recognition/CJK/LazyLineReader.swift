import Foundation
import Synchronization

/// A line reader built at its first use: the CJK reader beside a Latin one
/// (`RecognizerResources.makeMixedReader`). Its character networks, Zinnia's models and character
/// models take longer to load than an English page takes to read, and an English page read with
/// `en,zh,ja` may never hand a piece to it (`ScriptGate` turns its doubtful words away), so it is
/// loaded when the first piece arrives, once, by whichever thread gets there first while the
/// others wait, and then shared by all; or, started with `startBuilding()` (the shipped mixed
/// reader), on a thread of its own while the Latin network loads.
///
/// The files were checked to exist and open before (`HandwritingRecognizer.checkResources`), so a
/// build that fails now means a file was damaged or removed since: reading on would index pages
/// with a reading that silently differs, so the process stops with the error on standard error,
/// as the command's own deferred recognizer does.
package final class LazyLineReader: LineReading {
    private let build: @Sendable () throws(ModelError) -> any LineReading
    private let built = Mutex<(any LineReading)?>(nil)

    /// - Parameter build: makes the reader; called at most once.
    package init(build: @escaping @Sendable () throws(ModelError) -> any LineReading) {
        self.build = build
    }

    /// Starts building the reader on a thread of its own and returns at once: the pages' readers
    /// that need it later wait only for what is left of the build, and the build runs while the
    /// other core loads the Latin network. A reader that no page needs is then built anyway, once
    /// a process, beside the reading rather than in its way.
    package func startBuilding() {
        Thread.detachNewThread { [self] in _ = reader }
    }

    /// Whether the reader was built (for the tests: an English page must not build it, unless
    /// `startBuilding()` did).
    package var isLoaded: Bool {
        built.withLock { $0 != nil }
    }

    /// The reader, built now if it was not yet.
    package var reader: any LineReading {
        built.withLock { built in
            if let built { return built }
            do throws(ModelError) {
                let reader = try build()
                built = reader
                return reader
            } catch {
                FileHandle.standardError.write(Data("notebook-index: \(error)\n".utf8))
                exit(2)
            }
        }
    }

    package func read(_ line: LineInk) -> [DecodedWord] {
        reader.read(line)
    }

    package func read(lines: [LineInk]) -> [[DecodedWord]] {
        reader.read(lines: lines)
    }

    package func read(_ line: LineInk, lineHeight: Double?) -> [DecodedWord] {
        reader.read(line, lineHeight: lineHeight)
    }

    /// Built as late: the words join the reader once it is built.
    package func addingWords(_ words: [String]) -> any LineReading {
        LazyLineReader { [self] in reader.addingWords(words) }
    }

    package func knows(_ word: String) -> Bool {
        reader.knows(word)
    }

    package func roughRead(_ line: LineInk, lineHeight: Double?) -> RoughReading? {
        reader.roughRead(line, lineHeight: lineHeight)
    }

    package func rankedAsLoneWord(_ word: DecodedWord) -> DecodedWord {
        reader.rankedAsLoneWord(word)
    }
}
