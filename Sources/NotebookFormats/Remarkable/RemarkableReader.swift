import DrawingModel
import Foundation

/// Reads reMarkable notebooks: single `.rm` pages (versions 3, 5 and 6) and xochitl notebook
/// folders (`<uuid>.content`, `<uuid>.metadata`, `<uuid>/<page>.rm`).
///
/// Stages, one file each: `RemarkableV6Scanner` (bytes, tags), `RemarkableV6Blocks` (top-level
/// blocks), `RemarkableCrdtSequence` (CRDT order), `RemarkableSceneTree` (groups, layers, strokes),
/// `RemarkableV6Lines` (points), `RemarkableV6Text` (typed text), `RemarkableV3V5Reader` (older
/// pages, with `RemarkableEraserMask`), `RemarkableNotebookFolder` (bundles).
///
/// What counts as ink: every live line, highlighters and shaders included (as `.highlighter` and
/// `.crayon` ink). Erased v6 lines (tombstones) are dropped; v3/v5 eraser and erase-area strokes
/// become masks on the strokes they erase and are never ink.
package struct RemarkableReader: NotebookReader {
    package static let formatName = "rm"
    package static let displayName = "reMarkable"
    package static let fileExtensions = ["rm"]

    /// The first bytes of every `.rm` page since version 3.
    package static let magic = Array("reMarkable .lines file, version=".utf8)

    /// Whether `prefix` (the first bytes of a file) starts like a reMarkable `.rm` page.
    package static func matches(prefix: some Collection<UInt8>) -> Bool {
        prefix.count >= magic.count && prefix.prefix(magic.count).elementsEqual(magic)
    }

    /// Recognises `.rm` pages by their header, whatever their extension.
    package static func canRead(_ probe: FormatProbe) -> Bool {
        matches(prefix: probe.head)
    }

    /// Claims a notebook folder: one that holds exactly one `<uuid>.content` file.
    package static func claims(directory url: URL) -> Bool {
        RemarkableNotebookFolder.contentFile(in: url) != nil
    }

    /// Reads one `.rm` page from memory.
    /// - Throws: `ReadError` naming the problem.
    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        Notebook(format: formatName, pages: [try page(bytes: contents)])
    }

    /// Reads a `.rm` page file, or a notebook folder when `url` is a directory.
    /// - Throws: `ReadError` with a one-line reason.
    package static func read(at url: URL) throws -> Notebook {
        do {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return try RemarkableNotebookFolder.read(directory: url)
            }
            let page = try readPage(bytes: try RemarkableNotebookFolder.readBytes(url))
            return Notebook(format: formatName, pages: [page])
        } catch let error as RemarkableFormatError {
            throw ReadError(error.description)
        }
    }

    /// Reads one `.rm` page from its bytes.
    /// - Throws: `ReadError` naming the problem.
    package static func page(bytes: [UInt8]) throws -> Page {
        do {
            return try readPage(bytes: bytes)
        } catch let error as RemarkableFormatError {
            throw ReadError(error.description)
        }
    }

    static func readPage(bytes: [UInt8]) throws -> Page {
        switch try version(bytes) {
        case 6: return try RemarkableSceneTree(bytes: bytes).page()
        case let v: return try RemarkableV3V5Reader.page(bytes, version: v)
        }
    }

    /// The `.lines` version named by the 43-byte header: 3, 5 or 6.
    static func version(_ bytes: [UInt8]) throws -> Int {
        guard bytes.count >= 43 else {
            throw matches(prefix: bytes.prefix(magic.count)) || bytes.isEmpty
                ? RemarkableFormatError.truncated(offset: bytes.count, needed: 43 - bytes.count)
                : RemarkableFormatError.notLinesFile
        }
        guard matches(prefix: bytes) else {
            if bytes.starts(with: Array("reMarkable lines with selections and layers".utf8)) {
                throw RemarkableFormatError.unsupportedVersion("1 or 2 (multi-page .lines)")
            }
            throw RemarkableFormatError.notLinesFile
        }
        let tail = bytes[magic.count..<43]
        let digits = String(decoding: tail.prefix { $0 != 0x20 }, as: UTF8.self)
        guard tail.drop(while: { $0 != 0x20 }).allSatisfy({ $0 == 0x20 }) else {
            throw RemarkableFormatError.notLinesFile
        }
        switch digits {
        case "3": return 3
        case "5": return 5
        case "6": return 6
        default: throw RemarkableFormatError.unsupportedVersion(digits.isEmpty ? "(none)" : digits)
        }
    }
}
