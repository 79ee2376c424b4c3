import Foundation
import NotebookFormats

/// Finding the files (and notebook folders) to work on.
enum Inputs {
    /// An input: a file, or a folder some reader reads as one notebook.
    struct Item {
        var url: URL
        var isFolder: Bool
    }

    /// The files under `paths` (recursively, sorted), with notebook folders kept whole.
    static func items(_ paths: [String]) -> [Item] {
        var items: [Item] = []
        for path in paths { collect(URL(fileURLWithPath: path), into: &items) }
        return items
    }

    private static func collect(_ url: URL, into items: inout [Item]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            items.append(Item(url: url, isFolder: false))
            return
        }
        if NotebookFormats.readers.contains(where: { $0.claims(directory: url) }) {
            items.append(Item(url: url, isFolder: true))
            return
        }
        let children = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
        for child in children.sorted(by: { $0.path < $1.path }) where !child.lastPathComponent.hasPrefix(".") {
            collect(child, into: &items)
        }
    }

    /// Total size in bytes of a file or of every file in a folder.
    static func size(_ item: Item) -> Int {
        guard item.isFolder else {
            return ((try? FileManager.default.attributesOfItem(atPath: item.url.path))?[.size] as? NSNumber)?.intValue
                ?? 0
        }
        var total = 0
        let walker = FileManager.default.enumerator(at: item.url, includingPropertiesForKeys: [.fileSizeKey])
        while let child = walker?.nextObject() as? URL {
            total += (try? child.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        return total
    }
}
