import DrawingModel
import Foundation

/// Why a file could not be read; `description` is the one-line reason shown after `path: `.
package struct ReadError: Error, Sendable, CustomStringConvertible, Equatable {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// A reader for one notebook format.
///
/// Only `formatName`, `displayName`, `fileExtensions` and `read(at:)` are required; the other requirements have
/// defaults, so a reader adds them when it can do better (read from memory, recognise its files by
/// content, claim folders).
package protocol NotebookReader: Sendable {
    /// Short name shown by `inspect` and stored in the index ("xopp", "rm", ...).
    static var formatName: String { get }
    /// The format's name for people, as `--help` lists it ("Xournal++", "Wacom UIM").
    static var displayName: String { get }
    /// Lower-case file extensions this reader claims.
    static var fileExtensions: [String] { get }
    /// Reads the file or folder at `url`.
    /// - Throws: `ReadError` naming the problem (not the path; the caller prefixes it).
    static func read(at url: URL) throws -> Notebook

    /// Reads a file's contents already in memory (used by the fuzzer and by tests). `fileExtension`
    /// is the lower-case extension the file had, without the dot ("" if none).
    /// The default writes the bytes to a temporary file and calls `read(at:)`.
    static func read(contents: [UInt8], fileExtension: String) throws -> Notebook

    /// Whether this reader recognises a file by its first bytes (used when the extension is
    /// unknown or missing). The default recognises nothing.
    static func canRead(_ probe: FormatProbe) -> Bool

    /// Whether this reader reads the folder at `url` as one notebook (a reMarkable bundle with a
    /// `.content` file, for example). The default claims no folder.
    static func claims(directory url: URL) -> Bool

    /// Whether files with this reader's extension are often something else (any `.json` file), so
    /// that a crawl must look at the content (`canRead(_:)`) before taking one. Default false.
    static var extensionIsShared: Bool { get }

    /// Extensions this reader does not claim but whose files may be its format (rmapi's `.zip`):
    /// a crawl takes such a file when `canRead(_:)` accepts it, and detection by content finds the
    /// reader for it as for any file. Default none.
    static var probedExtensions: [String] { get }
}

extension NotebookReader {
    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("notebook-formats-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(fileExtension.isEmpty ? "input" : "input.\(fileExtension)")
        try Data(contents).write(to: file)
        return try read(at: file)
    }

    package static func canRead(_ probe: FormatProbe) -> Bool { false }

    package static func claims(directory url: URL) -> Bool { false }

    package static var extensionIsShared: Bool { false }

    package static var probedExtensions: [String] { [] }
}

/// What format detection knows about a file before choosing a reader: its extension and its
/// first bytes, decompressed when the file is gzip or zip.
package struct FormatProbe: Sendable {
    /// Lower-case extension without the dot ("" if none).
    package var fileExtension: String
    /// The first bytes of the file as stored (up to 4 KB).
    package var head: [UInt8]
    /// The container around the content, detected by magic bytes.
    package var container: Container
    /// The first bytes of the content (inside gzip or a zip's main entry), up to 16 KB.
    package var contentHead: [UInt8]
    /// Local name of the first XML element of the content, when it looks like XML.
    package var xmlRoot: String?
    /// The entry names of a zip container, as stored (empty for other containers, or when the
    /// central directory cannot be read).
    package var zipEntryNames: [String]

    package enum Container: String, Sendable {
        case none, gzip, zip
    }

    package init(
        fileExtension: String, head: [UInt8], container: Container, contentHead: [UInt8], xmlRoot: String?,
        zipEntryNames: [String] = []
    ) {
        self.fileExtension = fileExtension
        self.head = head
        self.container = container
        self.contentHead = contentHead
        self.xmlRoot = xmlRoot
        self.zipEntryNames = zipEntryNames
    }
}
