import DrawingModel
import Foundation
import TextMatching

/// Reads Microsoft OneNote sections (`.one`, docs/formats.md#onenote-file) in the packaged form: the file
/// OneDrive, SharePoint and OneNote for the web give (container in `OneStorePackage`, objects in
/// `OneNoteObjectSpace`, ink in `OneNoteInk`).
///
/// ```
/// storage manifest root {84DEFAB9-AAA3-4A0D-A3A8-520C77AC7073},2 → the section's object space
/// SectionNode 0x00060007       SectionDisplayName (UTF-16), ElementChildNodes → PageSeriesNode
/// PageSeriesNode 0x00060008    ChildGraphSpaceElementNodes: the pages' object spaces, in order
/// page space, content root     PageManifestNode → ContentChildNodes → PageNode
/// PageNode and below           StructureElementChildNodes (the title), ElementChildNodes
///                              (outlines, ink), ContentChildNodes; OffsetFromParentHoriz/Vert
///                              (half inches, floats) from the parent; RichEditTextUnicode
///                              (UTF-16) or TextExtendedAscii (Windows-1252) on rich text nodes
/// PageNode 0x200035D7          OneNote's handwriting recognition (JCIDs 0x20054 → 0x20055 →
///                              0x20056 → 0x20057 through 0x240035D9); a word node has
///                              0x1C0035DA, its alternates (UTF-16, each ending in NUL, best
///                              first), and 0x1C0035DF, the ink it read (20 bytes an object: GUID
///                              and number of the container and of the stroke node)
/// ```
/// What becomes what: pages in the section's order (pages no page series lists, such as deleted
/// ones still in the file, are left out); strokes with their width and colour; typed text, the
/// title among it, as text without boxes; each recognised word's best alternate as text with the
/// box of the ink it read (words without a letter or digit are left out), as the Supernote reader
/// gives the device's words. Units: points from the page's origin, y down, no page size.
/// Refused with a reason: the table of contents (`.onetoc2`) and sections in the revision-store
/// form that OneNote 2007–2016 save on disk (unless it only wraps a package).
package struct OneNoteReader: NotebookReader {
    package static let formatName = "onenote"
    package static let displayName = "OneNote"
    package static let fileExtensions = ["one"]

    /// guidFileType of a section, {7B5C52E4-D88C-4DA7-AEB1-5378D02996D3}, as stored.
    static let sectionType: [UInt8] = [
        0xE4, 0x52, 0x5C, 0x7B, 0x8C, 0xD8, 0xA7, 0x4D, 0xAE, 0xB1, 0x53, 0x78, 0xD0, 0x29, 0x96, 0xD3,
    ]
    /// guidFileType of a table of contents (`.onetoc2`), {43FF2FA1-EFD9-4C76-9EE2-10EA5722765F}.
    static let contentsType: [UInt8] = [
        0xA1, 0x2F, 0xFF, 0x43, 0xD9, 0xEF, 0x76, 0x4C, 0x9E, 0xE2, 0x10, 0xEA, 0x57, 0x22, 0x76, 0x5F,
    ]
    static let revisionStore = UUID(uuidString: "109ADD3F-911B-49F5-A5D0-1791EDC8AED8")
    static let dataRoot = ExGUID("84DEFAB9-AAA3-4A0D-A3A8-520C77AC7073", 2)
    /// Deepest nesting of nodes on a page (outlines in outlines, tables).
    static let maxDepth = 64

    enum JCID {
        static let section: UInt32 = 0x0006_0007
        static let pageSeries: UInt32 = 0x0006_0008
    }

    enum Property {
        static let sectionName: UInt32 = 0x1C00_349B
        static let childSpaces: UInt32 = 0x2C00_1D63
        static let content: UInt32 = 0x2400_1C1F
        static let elements: UInt32 = 0x2400_1C20
        static let structure: UInt32 = 0x2400_1D5F
        static let offsetX: UInt32 = 0x1400_1C14
        static let offsetY: UInt32 = 0x1400_1C15
        static let unicodeText: UInt32 = 0x1C00_1C22
        static let asciiText: UInt32 = 0x1C00_3498
        static let recognition: UInt32 = 0x2000_35D7
        static let recognitionChildren: UInt32 = 0x2400_35D9
        static let alternates: UInt32 = 0x1C00_35DA
        static let recognisedInk: UInt32 = 0x1C00_35DF
    }

    package static func canRead(_ probe: FormatProbe) -> Bool {
        probe.container == .none && (probe.head.starts(with: sectionType) || probe.head.starts(with: contentsType))
    }

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let package = try OneStorePackage(contents, at: try packageOffset(contents))
        guard let rootCell = package.storageRoots[dataRoot] else { throw ReadError("OneNote section without its root") }
        let root = try OneNoteObjectSpace(package, cell: rootCell)
        guard let sectionID = root.roots[1], let section = try root.object(sectionID), section.jcid == JCID.section
        else { throw ReadError("OneNote section without its section node") }
        var cells: [CellID] = []
        for seriesID in section.objects(Property.elements) {
            guard let series = try root.object(seriesID), series.jcid == JCID.pageSeries else { continue }
            cells += series.spaces(Property.childSpaces)
        }
        guard cells.count <= ReadLimits.maxPages else { throw ReadError("more than \(ReadLimits.maxPages) pages") }
        let ids = StableStrokeID(fileContents: contents)
        var pages: [Page] = []
        for (k, cell) in cells.enumerated() {
            do throws(ReadError) {
                var page = OneNotePage(space: try OneNoteObjectSpace(package, cell: cell), ids: ids, number: k)
                pages.append(try page.read())
            } catch {
                throw ReadError("page \(k + 1): \(error.description)")
            }
        }
        return Notebook(format: formatName, title: section.bytes(Property.sectionName).flatMap(text), pages: pages)
    }

    /// Where the package starts: at 0 in a packaged section, or after the transaction log of a
    /// revision-store header that only wraps one (as onenote.rs found in OneDrive downloads).
    static func packageOffset(_ bytes: [UInt8]) throws(ReadError) -> Int {
        if bytes.starts(with: contentsType) {
            throw ReadError(
                "OneNote table of contents (.onetoc2): it lists sections and holds no pages; read the .one files")
        }
        guard bytes.count >= 64, bytes.starts(with: sectionType) else {
            throw ReadError("not a OneNote section (no .one file type GUID)")
        }
        if isPackage(bytes, at: 0) { return 0 }
        let format = LittleEndianBytes.guid(bytes[48..<64])
        guard format == revisionStore else { throw ReadError("OneNote file of unknown format {\(format.uuidString)}") }
        guard bytes.count >= 1024 else { throw ReadError("OneNote header is truncated (\(bytes.count) bytes)") }
        var header = LittleEndianBytes(bytes[160..<172], what: "OneNote header")
        let start = (try? header.u64()) ?? 0
        let length = UInt64((try? header.u32()) ?? 0)
        if bytes[32..<48].allSatisfy({ $0 == 0 }), start <= UInt64(bytes.count), length <= UInt64(bytes.count) - start,
            isPackage(bytes, at: Int(start + length))
        {
            return Int(start + length)
        }
        throw ReadError(
            "OneNote section in the revision-store form OneNote 2007–2016 save on disk: not read yet (only the packaged form OneDrive and SharePoint give)"
        )
    }

    private static func isPackage(_ bytes: [UInt8], at offset: Int) -> Bool {
        offset >= 0 && offset <= bytes.count - 64 && bytes[offset...].starts(with: sectionType)
            && LittleEndianBytes.guid(bytes[(offset + 48)..<(offset + 64)]) == OneStorePackage.fileFormat
    }

    /// UTF-16LE text without its NULs and OneNote's field codes (U+FDDF, `HYPERLINK "…"` before a
    /// link's text).
    static func text(_ raw: ArraySlice<UInt8>) -> String? { cleaned(utf16(raw)) }

    /// TextExtendedAscii: one Windows-1252 byte a character.
    static func asciiText(_ raw: ArraySlice<UInt8>) -> String? {
        cleaned(String(String.UnicodeScalarView(raw.map(Windows1252.scalar(of:)))))
    }

    /// U+FDDF, which starts a field code in OneNote's text.
    static let fieldMark = Unicode.Scalar(0xFDDF) ?? "?"

    /// The alternates of a recognised word, best first.
    static func alternates(_ raw: ArraySlice<UInt8>) -> [String] {
        utf16(raw).split(separator: "\0").compactMap { cleaned(String($0)) }
    }

    static func utf16(_ raw: ArraySlice<UInt8>) -> String {
        let units = stride(from: raw.startIndex, to: raw.endIndex - 1, by: 2).map {
            UInt16(raw[$0]) | UInt16(raw[$0 + 1]) << 8
        }
        return String(decoding: units, as: UTF16.self)
    }

    static func cleaned(_ text: String) -> String? {
        let parts = text.unicodeScalars.split(separator: fieldMark, omittingEmptySubsequences: false).map(String.init)
        var result = parts.first ?? ""
        for part in parts.dropFirst() {
            // a field's instruction ends at the quote closing its argument; its result follows
            if part.hasPrefix("HYPERLINK \""), let close = part.dropFirst(11).firstIndex(of: "\"") {
                result += part[part.index(after: close)...]
            } else {
                result += part
            }
        }
        result = result.filter { $0 != "\0" }.trimmingCharacters(in: .whitespacesAndNewlines)
        return result.isEmpty ? nil : result
    }
}

/// One page being read: its nodes walked from the content root, each once.
struct OneNotePage {
    let space: OneNoteObjectSpace
    let ids: StableStrokeID
    let number: Int
    private var page = Page(drawing: Drawing())
    private var visited: Set<ExGUID> = []
    /// The box of each stroke node and ink container read, for the recognised words.
    private var strokeBounds: [ExGUID: Rect] = [:]
    private var containerBounds: [ExGUID: Rect] = [:]
    private var recognition: [ExGUID] = []

    init(space: OneNoteObjectSpace, ids: StableStrokeID, number: Int) {
        self.space = space
        self.ids = ids
        self.number = number
    }

    typealias P = OneNoteReader.Property

    mutating func read() throws(ReadError) -> Page {
        if let manifest = space.roots[1] { try visit(manifest, origin: Point(x: 0, y: 0), depth: 0) }
        var seen: Set<ExGUID> = []
        for id in recognition { try words(id, depth: 0, seen: &seen) }
        return page
    }

    private mutating func visit(_ id: ExGUID, origin: Point, depth: Int) throws(ReadError) {
        guard visited.insert(id).inserted, let object = try space.object(id) else { return }
        guard depth < OneNoteReader.maxDepth else {
            throw ReadError("nodes nested deeper than \(OneNoteReader.maxDepth)")
        }
        let origin = Point(
            x: origin.x + (object.float(P.offsetX) ?? 0) * 36, y: origin.y + (object.float(P.offsetY) ?? 0) * 36)
        if object.jcid == OneNoteInk.container {
            let first = page.drawing.strokes.count
            let strokes = try OneNoteInk.strokes(of: object, origin: origin, in: space) { [ids, number] k in
                ids.id(page: number, index: first + k)
            }
            guard page.drawing.strokes.count + strokes.count <= ReadLimits.maxStrokesPerPage else {
                throw ReadError("more than \(ReadLimits.maxStrokesPerPage) strokes")
            }
            for decoded in strokes {
                page.drawing.strokes.append(decoded.stroke)
                guard let box = decoded.stroke.pathBounds else { continue }
                strokeBounds[decoded.node] = box
                containerBounds[id] = containerBounds[id].map { $0.union(box) } ?? box
            }
        }
        if let text = object.bytes(P.unicodeText).flatMap(OneNoteReader.text)
            ?? object.bytes(P.asciiText).flatMap(OneNoteReader.asciiText)
        {
            page.texts.append(TextElement(text: text))
        }
        recognition += object.objects(P.recognition)
        for property in [P.structure, P.elements, P.content] {
            for child in object.objects(property) { try visit(child, origin: origin, depth: depth + 1) }
        }
    }

    /// The recognised words under a node of OneNote's recognition, with the box of their ink.
    private mutating func words(_ id: ExGUID, depth: Int, seen: inout Set<ExGUID>) throws(ReadError) {
        guard depth < OneNoteReader.maxDepth, seen.insert(id).inserted, let node = try space.object(id) else { return }
        if let raw = node.bytes(P.alternates), let best = OneNoteReader.alternates(raw).first,
            best.unicodeScalars.contains(where: CharacterSet.alphanumerics.contains)
        {
            // the stroke nodes read; their containers where none is known (a container may hold more)
            let ink = node.bytes(P.recognisedInk).map(Self.objectIDs) ?? []
            let boxes = ink.compactMap { strokeBounds[$0] }
            let bounds = (boxes.isEmpty ? ink.compactMap { containerBounds[$0] } : boxes).reduce(nil) {
                (box: Rect?, next) in
                box.map { $0.union(next) } ?? next
            }
            page.texts.append(TextElement(text: best, bounds: bounds))
        }
        for child in node.objects(P.recognitionChildren) { try words(child, depth: depth + 1, seen: &seen) }
    }

    /// Object IDs stored as bytes: 20 each, a GUID and a 32-bit number.
    static func objectIDs(_ raw: ArraySlice<UInt8>) -> [ExGUID] {
        stride(from: raw.startIndex, to: raw.endIndex - 19, by: 20).map { at in
            var number = LittleEndianBytes(raw[(at + 16)..<(at + 20)], what: "object ID")
            return ExGUID(guid: LittleEndianBytes.guid(raw[at..<(at + 16)]), n: (try? number.u32()) ?? 0)
        }
    }
}
