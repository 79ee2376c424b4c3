import Foundation

/// SHA-256 of a notebook's bytes; for a folder, of every file's relative path and bytes.
package enum ContentHash {
    /// SHA-256 of `bytes`, in hex (what `export --markdown` remembers of each file it writes).
    package static func of(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.finalizeHex()
    }

    /// - Throws: `ContentHashError` when a file cannot be read.
    static func of(_ notebook: FoundNotebook) throws -> String {
        var hash = SHA256()
        if notebook.isFolder {
            let parent = (notebook.path as NSString).deletingLastPathComponent
            for file in FolderContents.files(of: notebook.path) {
                hash.update(String(file.path.dropFirst(parent.count)))
                hash.update(Int(file.status.size))
                try feed(file.path, into: &hash)
            }
        } else {
            try feed(notebook.path, into: &hash)
        }
        return hash.finalizeHex()
    }

    private static func feed(_ path: String, into hash: inout SHA256) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ContentHashError(path: path) }
        defer { try? handle.close() }
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 1 << 20)
            } catch {
                throw ContentHashError(path: path)
            }
            guard let chunk, !chunk.isEmpty else { break }
            hash.update([UInt8](chunk))
        }
    }
}

struct ContentHashError: Error, CustomStringConvertible {
    var path: String
    var description: String { "cannot read \(path)" }
}
