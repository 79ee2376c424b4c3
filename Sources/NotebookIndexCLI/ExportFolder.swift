import Foundation
import SearchIndex

/// The folder `export --markdown` writes into, and its manifest: the files export wrote there, so
/// that it only ever changes or removes those.
///
/// `.notebook-index-export.json`, one file a line, by name:
///
///     {"format": "notebook-index-export", "version": 1, "files": [
///     {"name": "week1-3f2a9c01d4.md", "source": "/home/me/Notes/week1.xopp", "sha256": "…"}
///     ]}
///
/// `sha256` is the digest of the bytes export wrote: a file whose bytes changed since (edited in
/// the vault) is left in place when its notebook goes. A name is a plain file name ending in
/// `.md`; a manifest that names anything else (`../x`, say) is refused whole, as damaged, so that
/// no edit of it can make export touch a file outside the folder or one it did not write.
struct ExportFolder {
    struct Entry: Hashable {
        var name: String
        var source: String
        var sha256: String
    }

    static let manifestName = ".notebook-index-export.json"
    private static let format = "notebook-index-export"
    /// A manifest larger than this is not one export wrote.
    private static let maxManifestBytes = 64 << 20

    let path: String
    /// By name.
    private(set) var entries: [String: Entry] = [:]
    /// The manifest's bytes as last read or written.
    private var savedManifest: [UInt8]?

    /// Opens the folder, made when missing, and reads its manifest (none yet: no entries).
    /// - Throws: `ExportFolderError` when the folder cannot be made or the manifest read.
    init(path: String) throws(ExportFolderError) {
        self.path = path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ExportFolderError(path: path, reason: "cannot make the folder: \(Self.reason(error))")
        }
        let manifest = path + "/" + Self.manifestName
        guard FileManager.default.fileExists(atPath: manifest) else { return }
        guard let data = FileManager.default.contents(atPath: manifest) else {
            throw ExportFolderError(path: manifest, reason: "cannot read the manifest")
        }
        guard data.count <= Self.maxManifestBytes, let parsed = Self.parse(data) else {
            throw ExportFolderError(
                path: manifest,
                reason: "not an export manifest; move it away to export afresh (files already here are then left alone)"
            )
        }
        entries = Dictionary(parsed.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        savedManifest = [UInt8](data)
    }

    private static func parse(_ data: Data) -> [Entry]? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["format"] as? String == format, object["version"] as? Int == 1,
            let files = object["files"] as? [[String: Any]]
        else { return nil }
        var entries: [Entry] = []
        for file in files {
            guard let name = file["name"] as? String, isPlainName(name), let source = file["source"] as? String,
                let sha256 = file["sha256"] as? String
            else { return nil }
            entries.append(Entry(name: name, source: source, sha256: sha256))
        }
        return entries
    }

    /// A name export could have written: one path component, not hidden, ending in `.md`.
    static func isPlainName(_ name: String) -> Bool {
        name.hasSuffix(".md") && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\0")
    }

    func fileExists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + name)
    }

    /// The bytes of the file `name`, nil when there is none.
    func contents(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path + "/" + name).map { [UInt8]($0) }
    }

    /// Remembers that `name` holds (or is about to hold) `bytes` for `source`.
    mutating func record(name: String, source: String, bytes: [UInt8]) {
        entries[name] = Entry(name: name, source: source, sha256: ContentHash.of(bytes))
    }

    /// Writes `bytes` to `name` unless the file holds them already.
    /// - Returns: whether it wrote.
    mutating func write(_ bytes: [UInt8], to name: String) throws(ExportFolderError) -> Bool {
        if contents(name) == bytes { return false }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + name), options: .atomic)
        } catch {
            throw failure(name, "cannot write", error)
        }
        return true
    }

    /// Forgets `name` and removes its file when it still holds what export wrote.
    /// - Returns: false when the file was left in place because its bytes changed since.
    mutating func remove(_ name: String) throws(ExportFolderError) -> Bool {
        guard let entry = entries.removeValue(forKey: name) else { return true }
        guard let bytes = contents(name) else { return true }
        guard ContentHash.of(bytes) == entry.sha256 else { return false }
        do {
            try FileManager.default.removeItem(atPath: path + "/" + name)
        } catch {
            throw failure(name, "cannot remove", error)
        }
        return true
    }

    /// Writes the manifest when its entries changed since it was read or last saved.
    mutating func saveManifest() throws(ExportFolderError) {
        let lines = entries.keys.sorted().compactMap { entries[$0] }.map { entry in
            let members: [(String, JSONValue)] = [
                ("name", .string(entry.name)), ("source", .string(entry.source)), ("sha256", .string(entry.sha256)),
            ]
            return JSONValue.object(members).rendered
        }
        let files = lines.isEmpty ? "" : "\n" + lines.joined(separator: ",\n") + "\n"
        let text = "{\"format\": \"\(Self.format)\", \"version\": 1, \"files\": [\(files)]}\n"
        let bytes = Array(text.utf8)
        guard bytes != savedManifest else { return }
        if entries.isEmpty, savedManifest == nil { return }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + Self.manifestName), options: .atomic)
        } catch {
            throw failure(Self.manifestName, "cannot write", error)
        }
        savedManifest = bytes
    }

    private func failure(_ name: String, _ what: String, _ error: any Error) -> ExportFolderError {
        ExportFolderError(path: path + "/" + name, reason: "\(what): \(Self.reason(error))")
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}

/// The export folder or its manifest could not be used: printed as `notebook-index: path: reason`.
struct ExportFolderError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
}
