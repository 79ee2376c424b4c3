import DrawingModel
import Foundation
import SearchIndex

/// A `NotebookSource` that keeps the last notebooks it read, for `serve`: typing a word asks for
/// the same few files again and again, and reading a notebook costs more than searching.
///
/// A notebook is kept with the size and modification time its file had when read, and read
/// again once either changes, so a page drawn is always the file as it is now. Safe to share
/// between the server's threads.
final class CachedNotebookSource: NotebookSource, @unchecked Sendable {
    private let source: any NotebookSource
    private let capacity: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var clock = 0

    private struct Entry {
        var size: Int64
        var modified: Date
        var notebook: Notebook
        var used: Int
    }

    /// - Parameter capacity: how many notebooks to keep; the least recently used goes first.
    init(_ source: any NotebookSource, capacity: Int = 16) {
        self.source = source
        self.capacity = capacity
    }

    func isNotebookFile(_ url: URL) -> Bool { source.isNotebookFile(url) }
    func isNotebookFolder(_ url: URL) -> Bool { source.isNotebookFolder(url) }

    func read(at url: URL) throws -> Notebook {
        let path = url.path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let modified = attributes?[.modificationDate] as? Date ?? .distantPast
        let kept: Notebook? = lock.withLock {
            clock += 1
            guard var entry = entries[path], entry.size == size, entry.modified == modified else { return nil }
            entry.used = clock
            entries[path] = entry
            return entry.notebook
        }
        if let kept { return kept }
        // Read outside the lock: two threads may read one file at once, which is only wasted work.
        let notebook = try source.read(at: url)
        lock.withLock {
            clock += 1
            entries[path] = Entry(size: size, modified: modified, notebook: notebook, used: clock)
            if entries.count > capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
                entries[oldest] = nil
            }
        }
        return notebook
    }
}
