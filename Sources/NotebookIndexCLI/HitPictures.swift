import DrawingModel
import Foundation
import SearchIndex

/// The pages a query's hits are on, read again from their files for `query --html` (the index
/// holds text and boxes, not ink): each file read once, each page kept once however many hits it
/// has, and for a hit that cannot be drawn, why.
struct HitPictures {
    /// One page of one file.
    struct PageKey: Hashable {
        var path: String
        /// From 0, as in `SearchHit.page`.
        var page: Int
    }

    /// What `query --html` can show of a hit.
    enum Picture {
        /// The hit is where the index put it on this page, as the file is now.
        case onPage(PageKey)
        /// The hit is listed with this note (one line, no final period) instead of a picture.
        case unavailable(String)
    }

    /// One per hit, in the hits' order.
    private(set) var pictures: [Picture]
    /// The pages at least one hit is drawn on, in the order of their first hit.
    private(set) var pageOrder: [PageKey]
    private(set) var pages: [PageKey: Page]

    /// Reads the files of `hits` through `source`.
    /// - Parameter report: called with a one-line `path: …` note for each file or page whose hits
    ///   cannot be drawn.
    init(_ hits: [SearchHit], source: any NotebookSource, report: (String) -> Void) {
        pictures = Array(repeating: .unavailable(""), count: hits.count)
        pageOrder = []
        pages = [:]
        var files: [String] = []
        var hitsOfFile: [String: [Int]] = [:]
        for (index, hit) in hits.enumerated() {
            if hitsOfFile[hit.path] == nil { files.append(hit.path) }
            hitsOfFile[hit.path, default: []].append(index)
        }
        var drawn: Set<PageKey> = []
        // A file at a time, so that only the pages with hits are held, not whole notebooks.
        for path in files {
            let indices = hitsOfFile[path] ?? []
            let notebook: Notebook
            do {
                notebook = try Self.read(path, source: source)
            } catch {
                report("\(Formatting.shown(path)): \(error.note); its hits are listed without a picture")
                for index in indices { pictures[index] = .unavailable(error.note) }
                continue
            }
            var current: [Int: CurrentPage] = [:]
            var reported: Set<Int> = []
            for index in indices {
                let hit = hits[index]
                let key = PageKey(path: path, page: hit.page)
                let note: String
                if notebook.pages.indices.contains(hit.page) {
                    let page = current[hit.page] ?? CurrentPage(notebook.pages[hit.page])
                    current[hit.page] = page
                    if page.shows(hit) {
                        pictures[index] = .onPage(key)
                        if drawn.insert(key).inserted {
                            pageOrder.append(key)
                            pages[key] = page.page
                        }
                        continue
                    }
                    note = "page \(hit.page + 1) changed since it was indexed"
                } else {
                    note = "page \(hit.page + 1) is no longer in the file"
                }
                pictures[index] = .unavailable(note)
                if reported.insert(hit.page).inserted {
                    report("\(Formatting.shown(path)): \(note); its hits there are listed without a picture")
                }
            }
        }
    }

    /// Why a file could not be read again: its note, without the path.
    struct ReadFailure: Error {
        var note: String
    }

    private static func read(_ path: String, source: any NotebookSource) throws(ReadFailure) -> Notebook {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ReadFailure(note: "the file is gone since it was indexed")
        }
        do {
            return try source.read(at: URL(fileURLWithPath: path))
        } catch {
            throw ReadFailure(note: "the file cannot be read now: \(Formatting.shown(String(describing: error)))")
        }
    }
}
