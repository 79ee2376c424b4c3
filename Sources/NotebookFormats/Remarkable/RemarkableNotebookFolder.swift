import DrawingModel
import Foundation

/// Reads a reMarkable (xochitl) document: a notebook folder on disk, or the archive of one
/// (`RemarkableArchive`), both seen as `RemarkableDocumentFiles`.
///
/// Layout: `<doc>.content` (JSON), optional `<doc>.metadata` (JSON, `visibleName` = title), and a
/// folder `<doc>/` with one `<page-id>.rm` per page that has ink (older bundles name them `<n>.rm`
/// by page index). Page order comes from `.content`: the firmware-3 `cPages.pages[]` list sorted by
/// `idx.value` (string order, ties by position), pages whose `deleted.value` is set left out; else
/// the older `pages` array of ids; else (rmapi's oldest downloads) `pageCount` pages, or as many as
/// there are `<n>.rm` files from `0.rm` on. A listed page without an `.rm` file is an empty page,
/// with the paper of the document's first page read from a file (no size when there is none);
/// that is also how PDF/EPUB-annotation bundles read when their document is absent (only the
/// annotations are ours to index). Document `tags` become typed text on the first page and
/// `pageTags` on their page, so that a search for a tag finds them. `.pagedata`, thumbnails and the
/// PDF itself are not read.
enum RemarkableNotebookFolder {
    /// Largest `.content` or `.metadata` file accepted (bytes).
    static let maxJSONSize = 16 << 20
    /// Most document and page tags taken from one `.content` file; the rest are ignored.
    static let maxTags = 1_000

    /// The single `*.content` file directly inside `directory`; nil when there is none or several.
    static func contentFile(in directory: URL) -> URL? {
        RemarkableFolderFiles(directory: directory).contentName.map { directory.appendingPathComponent($0) }
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
        try read(RemarkableFolderFiles(directory: directory), format: RemarkableReader.formatName)
    }

    /// Reads the document whose files `files` holds.
    /// - Throws: `RemarkableFormatError.folder` naming the file or page at fault.
    static func read(_ files: some RemarkableDocumentFiles, format: String) throws -> Notebook {
        guard let contentName = files.contentName else {
            throw RemarkableFormatError.folder("not a reMarkable notebook folder (needs exactly one .content file)")
        }
        let documentID = String(contentName.dropLast(".content".count))
        let content = try json(contentName, in: files)
        let pageIDs = try self.pageIDs(content) { files.contains("\(documentID)/\($0).rm") }
        let metadataName = documentID + ".metadata"
        let title = files.contains(metadataName) ? (try? json(metadataName, in: files))?["visibleName"] as? String : nil

        var pages: [Page] = []
        var blank: [Int] = []
        for (index, id) in pageIDs.enumerated() {
            var name = "\(documentID)/\(id).rm"
            if !files.contains(name) { name = "\(documentID)/\(index).rm" }
            guard files.contains(name) else {
                blank.append(index)
                pages.append(Page(drawing: Drawing()))
                continue
            }
            do {
                pages.append(
                    try RemarkableReader.readPage(bytes: try bytes(name, in: files, limit: ReadLimits.maxFileSize)))
            } catch let error as RemarkableFormatError {
                throw RemarkableFormatError.folder("page \(index) (\(lastComponent(name))): \(error.description)")
            }
        }
        let paper = pages.lazy.compactMap(\.size).first
        for index in blank { pages[index].size = paper }
        addTags(content, pageIDs: pageIDs, to: &pages)
        return Notebook(format: format, title: title, pages: pages)
    }

    /// A file's bytes; a Git LFS pointer in its place is refused with that advice.
    private static func bytes(_ name: String, in files: some RemarkableDocumentFiles, limit: Int) throws -> [UInt8] {
        let bytes = try files.bytes(name, limit: limit)
        if GitLFSPointer.matches(bytes) { throw RemarkableFormatError.folder(GitLFSPointer.refusal) }
        return bytes
    }

    private static func json(_ name: String, in files: some RemarkableDocumentFiles) throws -> [String: Any] {
        let bytes: [UInt8]
        do {
            bytes = try self.bytes(name, in: files, limit: maxJSONSize)
        } catch RemarkableFormatError.folder(let reason) where reason == GitLFSPointer.refusal {
            throw RemarkableFormatError.folder("\(lastComponent(name)): \(reason)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw RemarkableFormatError.folder("\(lastComponent(name)) is not a JSON object")
        }
        return object
    }

    private static func lastComponent(_ name: String) -> Substring {
        name.split(separator: "/").last ?? Substring(name)
    }

    /// Page ids in reading order, from `cPages.pages`, else `pages`, else numbers: `pageCount` or
    /// the count of numbered pages `hasNumberedPage` finds from 0 on, whichever is larger.
    static func pageIDs(_ content: [String: Any], hasNumberedPage: (Int) -> Bool) throws -> [String] {
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
            let stated = (content["pageCount"] as? NSNumber)?.intValue ?? 0
            var found = 0
            while found <= ReadLimits.maxPages, hasNumberedPage(found) { found += 1 }
            let count = max(stated, found)
            guard count > 0 else { throw RemarkableFormatError.folder("the .content file lists no pages") }
            guard count <= ReadLimits.maxPages else {
                throw RemarkableFormatError.folder(
                    "the .content file counts \(count) pages, more than \(ReadLimits.maxPages)")
            }
            return (0..<count).map(String.init)
        }
        guard ids.count <= ReadLimits.maxPages else {
            throw RemarkableFormatError.folder(
                "the .content file lists \(ids.count) pages, more than \(ReadLimits.maxPages)")
        }
        // A page id becomes a file name: refuse anything that could leave the page folder.
        ids = ids.filter { !$0.isEmpty && !$0.contains("/") && $0 != "." && $0 != ".." }
        return ids
    }

    /// Adds document tags to the first page and page tags to their page, as typed text.
    static func addTags(_ content: [String: Any], pageIDs: [String], to pages: inout [Page]) {
        guard !pages.isEmpty else { return }
        var taken = 0
        func take(_ element: Any, page: Int) {
            let name = element as? String ?? (element as? [String: Any])?["name"] as? String ?? ""
            guard taken < maxTags, !name.allSatisfy(\.isWhitespace) else { return }
            taken += 1
            pages[page].texts.append(TextElement(text: name))
        }
        for tag in content["tags"] as? [Any] ?? [] { take(tag, page: 0) }
        var pageIndex: [String: Int] = [:]
        for (index, id) in pageIDs.enumerated() where pageIndex[id] == nil { pageIndex[id] = index }
        for tag in content["pageTags"] as? [Any] ?? [] {
            guard let id = (tag as? [String: Any])?["pageId"] as? String, let page = pageIndex[id] else { continue }
            take(tag, page: page)
        }
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
