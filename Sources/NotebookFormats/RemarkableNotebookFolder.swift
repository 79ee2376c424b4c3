import DrawingModel
import Foundation

/// Reads a reMarkable (xochitl) notebook folder.
///
/// Layout: `<doc>.content` (JSON), optional `<doc>.metadata` (JSON, `visibleName` = title), and a
/// folder `<doc>/` with one `<page-id>.rm` per page that has ink (older bundles name them `<n>.rm`
/// by page index). Page order comes from `.content`: the firmware-3 `cPages.pages[]` list sorted by
/// `idx.value` (string order, ties by position), pages whose `deleted.value` is set left out; else
/// the older `pages` array of ids. A listed page without an `.rm` file is an empty page; that is
/// also how PDF/EPUB-annotation bundles read when their document is absent (only the annotations
/// are ours to index). `.pagedata`, thumbnails and the PDF itself are not read.
enum RemarkableNotebookFolder {
    /// Largest `.content` or `.metadata` file accepted (bytes).
    static let maxJSONSize = 16 << 20

    /// The single `*.content` file directly inside `directory`; nil when there is none or several.
    static func contentFile(in directory: URL) -> URL? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        let contents = names.filter { $0.hasSuffix(".content") && $0.count > ".content".count }
        guard contents.count == 1, let name = contents.first else { return nil }
        let url = directory.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { return nil }
        return url
    }

    /// A file's bytes, refusing files larger than `limit`.
    static func readBytes(_ url: URL, limit: Int = ReadLimits.maxFileSize) throws -> [UInt8] {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw RemarkableFormatError.folder("cannot read \(url.lastPathComponent)")
        }
        guard size <= limit else {
            throw RemarkableFormatError.folder(
                "\(url.lastPathComponent) is larger than \(describeByteCount(limit))")
        }
        guard let data = try? Data(contentsOf: url) else {
            throw RemarkableFormatError.folder("cannot read \(url.lastPathComponent)")
        }
        guard data.count <= limit else {
            throw RemarkableFormatError.folder(
                "\(url.lastPathComponent) is larger than \(describeByteCount(limit))")
        }
        return [UInt8](data)
    }

    static func read(directory: URL) throws -> Notebook {
        guard let contentURL = contentFile(in: directory) else {
            throw RemarkableFormatError.folder("not a reMarkable notebook folder (needs exactly one .content file)")
        }
        let documentID = String(contentURL.lastPathComponent.dropLast(".content".count))
        let content = try json(contentURL)
        let pageFolder = directory.appendingPathComponent(documentID)
        let pageIDs = try self.pageIDs(content)
        let title = (try? json(directory.appendingPathComponent(documentID + ".metadata")))?["visibleName"] as? String

        var pages: [Page] = []
        for (index, id) in pageIDs.enumerated() {
            var url = pageFolder.appendingPathComponent(id + ".rm")
            if !FileManager.default.fileExists(atPath: url.path) {
                url = pageFolder.appendingPathComponent("\(index).rm")
            }
            guard FileManager.default.fileExists(atPath: url.path) else {
                pages.append(Page(drawing: Drawing(), size: RemarkableV3V5Reader.pageSize))
                continue
            }
            do {
                pages.append(try RemarkableReader.readPage(bytes: try readBytes(url)))
            } catch let error as RemarkableFormatError {
                throw RemarkableFormatError.folder("page \(index) (\(url.lastPathComponent)): \(error.description)")
            }
        }
        return Notebook(format: RemarkableReader.formatName, title: title, pages: pages)
    }

    private static func json(_ url: URL) throws -> [String: Any] {
        let bytes = try readBytes(url, limit: maxJSONSize)
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw RemarkableFormatError.folder("\(url.lastPathComponent) is not a JSON object")
        }
        return object
    }

    /// Page ids in reading order, from `cPages.pages` or else `pages`.
    static func pageIDs(_ content: [String: Any]) throws -> [String] {
        var ids: [String]
        if let cPages = content["cPages"] as? [String: Any], let list = cPages["pages"] as? [Any] {
            var entries: [(index: String, position: Int, id: String)] = []
            for (position, element) in list.enumerated() {
                guard let page = element as? [String: Any], let id = page["id"] as? String else { continue }
                if let deleted = page["deleted"] as? [String: Any], isSet(deleted["value"]) { continue }
                let index = (page["idx"] as? [String: Any])?["value"] as? String ?? ""
                entries.append((index, position, id))
            }
            entries.sort { ($0.index, $0.position) < ($1.index, $1.position) }
            ids = entries.map(\.id)
        } else if let list = content["pages"] as? [Any] {
            ids = list.compactMap { $0 as? String }
        } else {
            throw RemarkableFormatError.folder("the .content file lists no pages")
        }
        guard ids.count <= ReadLimits.maxPages else {
            throw RemarkableFormatError.folder("the .content file lists \(ids.count) pages, more than \(ReadLimits.maxPages)")
        }
        // A page id becomes a file name: refuse anything that could leave the page folder.
        ids = ids.filter { !$0.isEmpty && !$0.contains("/") && $0 != "." && $0 != ".." }
        return ids
    }

    private static func isSet(_ value: Any?) -> Bool {
        switch value {
        case let b as Bool: return b
        case let n as NSNumber: return n.intValue != 0
        case let s as String: return !s.isEmpty && s != "0" && s != "false"
        default: return false
        }
    }
}
