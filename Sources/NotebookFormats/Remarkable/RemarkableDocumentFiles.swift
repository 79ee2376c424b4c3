import Foundation

/// The files of one xochitl document, wherever they are kept: a notebook folder on disk
/// (`RemarkableFolderFiles`) or the entries of a `.rmdoc`, `.rmn` or rmapi `.zip` archive
/// (`RemarkableArchive`). `RemarkableNotebookFolder` reads a document through this, so folders and
/// archives give the same notebook.
///
/// Names are relative and `/`-separated: `<doc>.content`, `<doc>.metadata`, `<doc>/<page>.rm`.
protocol RemarkableDocumentFiles {
    /// Names of the files at the top level (no `/` in them), in no particular order.
    var topLevelNames: [String] { get }
    /// Whether a regular file of this name is there.
    func contains(_ name: String) -> Bool
    /// The file's bytes.
    /// - Throws: `RemarkableFormatError.folder` when it cannot be read or is larger than `limit`.
    func bytes(_ name: String, limit: Int) throws -> [UInt8]
}

extension RemarkableDocumentFiles {
    /// The single top-level `*.content` file's name; nil when there is none or several.
    var contentName: String? {
        let contents = topLevelNames.filter { $0.hasSuffix(".content") && $0.count > ".content".count }
        guard contents.count == 1, let name = contents.first, contains(name) else { return nil }
        return name
    }
}

/// A notebook folder on disk.
struct RemarkableFolderFiles: RemarkableDocumentFiles {
    let directory: URL

    var topLevelNames: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    }

    func contains(_ name: String) -> Bool {
        var isDirectory: ObjCBool = false
        let path = directory.appendingPathComponent(name).path
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    func bytes(_ name: String, limit: Int) throws -> [UInt8] {
        try RemarkableNotebookFolder.readBytes(directory.appendingPathComponent(name), limit: limit)
    }
}
