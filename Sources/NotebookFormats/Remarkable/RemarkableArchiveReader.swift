import DrawingModel
import Foundation

/// Reads reMarkable archives (docs/formats.md#remarkable-archives): `.rmdoc` (the reMarkable apps' and cloud's
/// download), rmapi's `.zip` and Scrybble's `.rmn`. Each is a zip of one xochitl notebook folder,
/// read in memory (`RemarkableArchive`) exactly as the folder is (`RemarkableNotebookFolder`): page
/// order, title, tags, typed text, and pages without an `.rm` file as pages without ink.
///
/// Detection: `.rmdoc` and `.rmn` by extension; any zip, `.zip` or not, by content: exactly one
/// `*.content` entry at its top level (after normalising the names). A crawl takes a `.zip` only
/// when its central directory says so.
package struct RemarkableArchiveReader: NotebookReader {
    package static let formatName = "rmdoc"
    package static let displayName = "reMarkable archives (.rmdoc, .rmn)"
    package static let fileExtensions = ["rmdoc", "rmn"]
    package static let probedExtensions = ["zip"]

    /// A zip whose entries hold exactly one top-level `*.content` file.
    package static func canRead(_ probe: FormatProbe) -> Bool {
        probe.container == .zip && RemarkableArchive.contentName(entryNames: probe.zipEntryNames) != nil
    }

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    /// Reads an archive from memory.
    /// - Throws: `ReadError`: not a zip, a zip that holds no single document (saying what it holds),
    ///   or the folder reader's reason.
    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        guard ZipArchive.hasMagic(contents) else {
            throw ReadError("not a zip archive (a reMarkable .rmdoc, .rmn or rmapi .zip is one)")
        }
        let files = try RemarkableArchive(contents)
        guard files.contentName != nil else {
            let contents = files.topLevelNames.filter { $0.hasSuffix(".content") }.count
            let many = contents > 1 ? " with \(contents) .content files" : ""
            throw ReadError(ZipArchive.notANotebook(files.entries, detail: many))
        }
        do {
            return try RemarkableNotebookFolder.read(files, format: formatName)
        } catch let error as RemarkableFormatError {
            throw ReadError(error.description)
        }
    }
}
