import DrawingModel
import Foundation
import NotebookFormats
import SearchIndex

/// The pages `serve` draws as pictures (`/picture`), each drawn once and kept: the search page
/// shows every hit's page small and its line large as two pictures of the same page, and typing
/// asks for the same pages again and again, while drawing a page of handwriting costs far more
/// than searching the index.
///
/// A page is kept under its file's `stamp` (size and modification time, which the search page
/// puts in the picture's URL), so a changed file is drawn afresh, and the browser may keep a
/// picture as long as it likes. Safe to share between the server's threads.
final class PagePictures: @unchecked Sendable {
    /// One page drawn: `SVGWriter.fragment` of it, and the key of its ink, to tell whether a hit
    /// from the index still lies on it (`DrawingKey`, as `SearchHit.drawing` holds it).
    struct Drawn: Sendable {
        var fragment: SVGWriter.Fragment
        var drawingKey: String
    }

    private let source: any NotebookSource
    private let capacity: Int
    private let lock = NSLock()
    private var kept: [String: (drawn: Drawn, used: Int)] = [:]
    private var clock = 0

    /// - Parameter capacity: how many pages to keep; the least recently used goes first.
    init(source: any NotebookSource, capacity: Int = 96) {
        self.source = source
        self.capacity = capacity
    }

    /// `size-mtime` of the file at `path`, nil when there is none: what the pictures of its
    /// pages are kept under.
    static func stamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_size)-\(info.st_mtim.tv_sec)\(String(format: "%09d", info.st_mtim.tv_nsec))"
    }

    /// Page `page` (from 1) of the notebook at `path`, drawn.
    /// - Throws: a `ServeError` saying why when the file cannot be read or lacks the page.
    func page(path: String, page: Int) throws(ServeError) -> Drawn {
        let key = "\(Self.stamp(path) ?? "gone") \(page) \(path)"
        let found: Drawn? = lock.withLock {
            clock += 1
            kept[key]?.used = clock
            return kept[key]?.drawn
        }
        if let found { return found }
        let notebook: Notebook
        do {
            notebook = try source.read(at: URL(fileURLWithPath: path))
        } catch {
            throw ServeError(message: "\(path): \(error)")
        }
        guard notebook.pages.indices.contains(page - 1) else {
            throw ServeError(message: "\(path): no page \(page) now")
        }
        let drawing = notebook.pages[page - 1]
        let drawn = Drawn(fragment: SVGWriter.fragment(drawing), drawingKey: DrawingKey.of(drawing.drawing))
        lock.withLock {
            clock += 1
            kept[key] = (drawn, clock)
            if kept.count > capacity, let oldest = kept.min(by: { $0.value.used < $1.value.used })?.key {
                kept[oldest] = nil
            }
        }
        return drawn
    }
}
