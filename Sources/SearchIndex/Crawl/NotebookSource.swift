import DrawingModel
import Foundation
import NotebookFormats

/// Which files and folders are notebooks, and how to read them. The indexer and crawler see the
/// readers only through this, so tests can index formats of their own.
package protocol NotebookSource: Sendable {
    /// Whether the crawler should index this file (by its name; cheap, no reading).
    func isNotebookFile(_ url: URL) -> Bool
    /// Whether this folder is one notebook (a reMarkable notebook folder) rather than a folder to walk.
    func isNotebookFolder(_ url: URL) -> Bool
    /// Reads the file or folder.
    /// - Throws: an error whose description is the one-line reason.
    func read(at url: URL) throws -> Notebook
}

/// The readers of `NotebookFormats`.
package struct RegistryNotebookSource: NotebookSource {
    package init() {}

    package func isNotebookFile(_ url: URL) -> Bool {
        NotebookFormats.isNotebookFile(url)
    }

    package func isNotebookFolder(_ url: URL) -> Bool {
        NotebookFormats.readers.contains { $0.claims(directory: url) }
    }

    package func read(at url: URL) throws -> Notebook {
        try NotebookFormats.read(at: url)
    }
}
