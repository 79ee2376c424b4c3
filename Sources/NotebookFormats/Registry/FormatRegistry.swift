import DrawingModel
import Foundation

/// The formats that exist, which reader a file needs, and reading it (the module's overview is
/// NotebookFormats.swift).
///
/// Detection: a folder goes to the first reader that `claims(directory:)` it; a file goes to the
/// reader claiming its extension, otherwise to the first whose `canRead(_:)` accepts its probe
/// (magic bytes, the container, the XML root element inside gzip or zip, a zip's entry names).
package enum NotebookFormats {
    /// Every reader, in detection order. Readers for other formats add themselves here.
    package static let readers: [any NotebookReader.Type] = [
        XournalReader.self,
        InkMLReader.self,
        SVGReader.self,
        RemarkableReader.self,
        RemarkableArchiveReader.self,
        NativeJSONReader.self,
        RnoteReader.self,
        SaberReader.self,
        UIMReader.self,
        WILLReader.self,
        PDFReader.self,
        TldrawReader.self,
        ExcalidrawReader.self,
        SupernoteReader.self,
        ButterflyReader.self,
        ISFReader.self,
        OneNoteReader.self,
    ]

    /// Every format's `displayName` in one phrase, for help texts ("A, B and C").
    package static var displayNames: String {
        let names = readers.map { $0.displayName }
        return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " and " : "") + (names.last ?? "")
    }

    /// The reader for the file or folder at `url`, or nil when no reader recognises it.
    /// - Throws: `ReadError` when the file cannot be opened.
    package static func detect(_ url: URL) throws(ReadError) -> (any NotebookReader.Type)? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ReadError("no such file")
        }
        if isDirectory.boolValue {
            return readers.first { $0.claims(directory: url) }
        }
        let fileExtension = url.pathExtension.lowercased()
        if let reader = reader(forExtension: fileExtension) { return reader }
        return detect(contents: try Containers.readFile(at: url), fileExtension: fileExtension)
    }

    /// The reader for a file's contents: by extension, then by content.
    package static func detect(contents: [UInt8], fileExtension: String) -> (any NotebookReader.Type)? {
        if let reader = reader(forExtension: fileExtension) { return reader }
        let probe = probe(contents: contents, fileExtension: fileExtension)
        return readers.first { $0.canRead(probe) }
    }

    /// The reader that claims this lower-case extension, if any.
    package static func reader(forExtension fileExtension: String) -> (any NotebookReader.Type)? {
        guard !fileExtension.isEmpty else { return nil }
        return readers.first { $0.fileExtensions.contains(fileExtension) }
    }

    /// Whether a crawl should take the file at `url` as a notebook: its extension is one a reader
    /// claims, and where that extension is shared with other files (`.json`), its content is ours;
    /// or its extension is one a reader probes (`.zip`) and its content is that reader's.
    package static func isNotebookFile(_ url: URL) -> Bool {
        let fileExtension = url.pathExtension.lowercased()
        if let reader = reader(forExtension: fileExtension) {
            guard reader.extensionIsShared else { return true }
            guard let probe = probe(fileAt: url) else { return true }  // reading reports why
            return reader.canRead(probe)
        }
        let probing = readers.filter { $0.probedExtensions.contains(fileExtension) }
        guard !probing.isEmpty, let probe = probe(fileAt: url) else { return false }
        return probing.contains { $0.canRead(probe) }
    }

    /// What detection sees of the file at `url` without reading it whole: its first 4 KB and, for
    /// a zip, the entry names of the central directory at its end. Nil when it cannot be opened.
    static func probe(fileAt url: URL) -> FormatProbe? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 4096)) ?? Data())
        var probe = probe(contents: head, fileExtension: url.pathExtension.lowercased())
        if probe.container == .zip { probe.zipEntryNames = ZipArchive.entryNames(ofFileAt: url) ?? [] }
        return probe
    }

    /// Reads the notebook file or folder at `url` with the reader `detect` picks.
    /// - Throws: `ReadError` with a one-line reason (without the path) when the file cannot be read,
    ///   no reader recognises it, or the reader refuses it.
    ///   A Git LFS pointer in place of the notebook is refused with that advice, whatever its
    ///   extension; a zip that no reader takes is described by what it holds.
    package static func read(at url: URL) throws(ReadError) -> Notebook {
        if GitLFSPointer.matches(fileAt: url) { throw ReadError(GitLFSPointer.refusal) }
        guard let reader = try detect(url) else {
            // Read again only to say why: the file is refused either way.
            let contents = (try? Containers.readFile(at: url)) ?? []
            throw ReadError(unrecognised(contents))
        }
        return try readError { try reader.read(at: url) }
    }

    /// Reads a file's contents already in memory (fuzzing, tests).
    package static func read(contents: [UInt8], fileExtension: String) throws(ReadError) -> Notebook {
        if GitLFSPointer.matches(contents) { throw ReadError(GitLFSPointer.refusal) }
        guard let reader = detect(contents: contents, fileExtension: fileExtension) else {
            throw ReadError(unrecognised(contents))
        }
        return try readError { try reader.read(contents: contents, fileExtension: fileExtension) }
    }

    /// Why no reader takes `contents`: what a zip archive holds, or that the format is unknown.
    static func unrecognised(_ contents: [UInt8]) -> String {
        ZipArchive.hasMagic(contents)
            ? ZipArchive.notANotebook(bytes: contents) : "not a notebook format this tool reads"
    }

    /// What detection sees of a file: extension, first bytes, container and XML root element.
    package static func probe(contents: [UInt8], fileExtension: String) -> FormatProbe {
        let head = Array(contents.prefix(4096))
        let probeSize = 16 << 10
        var container = FormatProbe.Container.none
        var content = head
        var zipEntryNames: [String] = []
        if Gzip.hasMagic(contents) {
            container = .gzip
            content = Gzip.prefix(contents, limit: probeSize)
        } else if ZipArchive.hasMagic(contents) {
            container = .zip
            content = []
            let archive = try? ZipArchive(contents)
            zipEntryNames = archive?.entries.map(\.name) ?? []
            if let archive,
                let entry = archive.entry(named: "content.xml")
                    ?? archive.entries.first(where: { $0.name.hasSuffix(".xml") }),
                entry.uncompressedSize <= ReadLimits.maxExpandedSize
            {
                content = Array(((try? archive.contents(of: entry)) ?? []).prefix(probeSize))
            }
        }
        return FormatProbe(
            fileExtension: fileExtension, head: head, container: container, contentHead: content,
            xmlRoot: xmlRootName(content), zipEntryNames: zipEntryNames)
    }

    /// Local name of the first element, when `prefix` starts like an XML document.
    static func xmlRootName(_ prefix: [UInt8]) -> String? {
        var parser = XMLPullParser(prefix, lenientEnd: true)
        guard case .start(let tag)? = try? parser.next() else { return nil }
        return String(tag.localName)
    }

    /// Runs a reader, turning any error into a `ReadError`. Every reader's notebook passes
    /// `checkedInk()` here, so no format can bring unbounded or non-finite ink further.
    private static func readError(_ body: () throws -> Notebook) throws(ReadError) -> Notebook {
        do {
            return try PointBudget.$current.withValue(PointBudget()) { try body() }.checkedInk()
        } catch let error as ReadError {
            throw error
        } catch let error as XMLError {
            throw error.readError
        } catch {
            throw ReadError(String(describing: error))
        }
    }
}

extension NotebookFormats {
    /// The document inside a gzip file (capped like every read), or nil when `contents` is not gzip
    /// or does not inflate. Used by the fuzzer to mutate documents rather than compressed bytes.
    package static func expandedContents(_ contents: [UInt8]) -> [UInt8]? {
        guard Gzip.hasMagic(contents) else { return nil }
        return try? Gzip.decompress(contents)
    }
}
