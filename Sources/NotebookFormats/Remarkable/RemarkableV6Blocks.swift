/// The top-level blocks of a reMarkable v6 file, decoded into values.
///
/// Each block is read from its own bounded cursor (payload_length bytes), so fields appended by newer
/// firmware are skipped and no field can be read from the next block. Block types (see
/// docs/formats.md#remarkable-v6): 0x01 SceneTree (declares a group), 0x02 TreeNode (group label,
/// visibility, text anchor), 0x03 glyph range, 0x04 group item, 0x05 line item, 0x07 RootText,
/// 0x09 AuthorIds, 0x0D SceneInfo. Others (migration info, page info, text items 0x06, tombstone
/// blocks 0x08, unknown future types) are skipped by their length, as rmscene does for the tree.
import DrawingModel
import Foundation

/// Properties a TreeNode block gives a group.
struct RemarkableGroupProperties {
    var node: RemarkableCrdtID
    var label: String
    var visible: Bool
    /// The character of the root text the group is anchored to, with its x origin.
    var anchor: RemarkableCrdtID?
    var anchorOriginX: Double?
}

/// A highlighted run of PDF/EPUB text (glyph range item) with its rectangles.
struct RemarkableGlyphRange {
    var text: String
    var rectangles: [Rect]
}

/// One decoded v6 block.
enum RemarkableV6Block {
    case sceneTree(node: RemarkableCrdtID, parent: RemarkableCrdtID)
    case treeNode(RemarkableGroupProperties)
    case groupItem(parent: RemarkableCrdtID, item: RemarkableCrdtItem<RemarkableCrdtID>)
    case lineItem(parent: RemarkableCrdtID, item: RemarkableCrdtItem<RemarkableLine>)
    case glyphItem(parent: RemarkableCrdtID, item: RemarkableCrdtItem<RemarkableGlyphRange>)
    case rootText(RemarkableRootText)
    case authorIDs([UInt16: UUID])
    case sceneInfo(paperSize: Size?)
    case skipped
}

/// The header of one top-level block.
struct RemarkableBlockHeader {
    var offset: Int
    var minVersion: UInt8
    var currentVersion: UInt8
    var type: UInt8
}

enum RemarkableV6Blocks {
    static let header = Array("reMarkable .lines file, version=6          ".utf8)

    /// Splits the file after its header into (block header, payload cursor) pairs.
    ///
    /// A block header cut short by the end of the file ends the list quietly (tablets write such
    /// files); a payload longer than the bytes left is refused as truncation.
    static func split(_ bytes: [UInt8]) throws -> [(RemarkableBlockHeader, RemarkableByteCursor)] {
        var cursor = RemarkableByteCursor(bytes: bytes)
        try cursor.skip(header.count)
        var blocks: [(RemarkableBlockHeader, RemarkableByteCursor)] = []
        while cursor.remaining >= 8 {
            let offset = cursor.position
            let length = try cursor.u32()
            _ = try cursor.u8()
            let minVersion = try cursor.u8()
            let currentVersion = try cursor.u8()
            let type = try cursor.u8()
            guard Int(length) <= cursor.remaining else {
                throw RemarkableFormatError.malformed(
                    "block of \(length) bytes runs past the end of the file", offset: offset)
            }
            let payload = try cursor.subCursor(length: Int(length))
            blocks.append(
                (
                    RemarkableBlockHeader(
                        offset: offset, minVersion: minVersion, currentVersion: currentVersion, type: type),
                    payload
                ))
        }
        return blocks
    }

    /// Decodes one block; throws when its fields do not follow the layout.
    static func decode(
        _ header: RemarkableBlockHeader, _ payload: RemarkableByteCursor
    ) throws
        -> RemarkableV6Block
    {
        var r = RemarkableTaggedReader(payload)
        switch header.type {
        case 0x01:
            let node = try r.id(1)
            _ = try r.id(2)
            _ = try r.bool(3)
            var parent = try r.subBlock(4)
            return .sceneTree(node: node, parent: try parent.id(1))
        case 0x02:
            return .treeNode(try treeNode(&r))
        case 0x03:
            let (parent, item) = try sceneItem(&r, itemType: 1) { try glyphRange(&$0) }
            return .glyphItem(parent: parent, item: item)
        case 0x04:
            let (parent, item) = try sceneItem(&r, itemType: 2) { try $0.id(2) }
            return .groupItem(parent: parent, item: item)
        case 0x05:
            let version = header.currentVersion
            let (parent, item) = try sceneItem(&r, itemType: 3) {
                try RemarkableV6Lines.line(&$0, version: version)
            }
            return .lineItem(parent: parent, item: item)
        case 0x07:
            return .rootText(try RemarkableV6Text.rootText(&r))
        case 0x09:
            return .authorIDs(try authorIDs(&r))
        case 0x0D:
            return .sceneInfo(paperSize: try sceneInfoPaperSize(&r))
        default:
            return .skipped
        }
    }

    private static func treeNode(_ r: inout RemarkableTaggedReader) throws -> RemarkableGroupProperties {
        let node = try r.id(1)
        var labelField = try r.lww(2)
        let label = try labelField.string(2).text
        var visibleField = try r.lww(3)
        let visible = try visibleField.bool(2)
        var properties = RemarkableGroupProperties(node: node, label: label, visible: visible)
        if r.remaining > 0, r.hasTag(7, .length4) {
            var anchor = try r.lww(7)
            properties.anchor = try anchor.id(2)
            var anchorType = try r.lww(8)
            _ = try anchorType.byte(2)
            var threshold = try r.lww(9)
            _ = try threshold.f32(2)
            var originX = try r.lww(10)
            properties.anchorOriginX = Double(try originX.f32(2))
        }
        return properties
    }

    /// The scene-item header shared by blocks 0x03–0x08, then the value sub-block when present.
    private static func sceneItem<Value>(
        _ r: inout RemarkableTaggedReader, itemType: UInt8,
        value: (inout RemarkableTaggedReader) throws -> Value
    ) throws -> (RemarkableCrdtID, RemarkableCrdtItem<Value>) {
        let parent = try r.id(1)
        let id = try r.id(2)
        let left = try r.id(3)
        let right = try r.id(4)
        let deletedLength = try r.u32(5)
        var item = RemarkableCrdtItem<Value>(
            id: id, left: left, right: right, deletedLength: deletedLength, value: nil)
        if var sub = try r.optionalSubBlock(6) {
            let offset = sub.cursor.position
            let type = try sub.cursor.u8()
            guard type == itemType else {
                throw RemarkableFormatError.malformed(
                    "scene item of type \(type), expected \(itemType)", offset: offset)
            }
            item.value = try value(&sub)
        }
        return (parent, item)
    }

    private static func glyphRange(_ r: inout RemarkableTaggedReader) throws -> RemarkableGlyphRange {
        if r.hasTag(2, .byte4) { _ = try r.u32(2) }
        if r.hasTag(3, .byte4) { _ = try r.u32(3) }
        _ = try r.u32(4)
        let text = try r.string(5).text
        var rects = try r.subBlock(6)
        let count = try rects.cursor.count(of: "highlight rectangle", minimumSize: 32) { try $0.varuint() }
        var rectangles: [Rect] = []
        rectangles.reserveCapacity(count)
        for _ in 0..<count {
            let x = try rects.cursor.f64(), y = try rects.cursor.f64()
            let w = try rects.cursor.f64(), h = try rects.cursor.f64()
            rectangles.append(Rect(x: x, y: y, width: abs(w), height: abs(h)))
        }
        return RemarkableGlyphRange(text: text, rectangles: rectangles)
    }

    private static func authorIDs(_ r: inout RemarkableTaggedReader) throws -> [UInt16: UUID] {
        let count = try r.cursor.count(of: "author", minimumSize: 24) { try $0.varuint() }
        var authors: [UInt16: UUID] = [:]
        for _ in 0..<count {
            var sub = try r.subBlock(0)
            let offset = sub.cursor.position
            guard try sub.cursor.varuint() == 16 else {
                throw RemarkableFormatError.malformed("author UUID is not 16 bytes", offset: offset)
            }
            let b = Array(try sub.cursor.bytes(16))
            // Little-endian GUID byte order: the first three fields are byte-swapped.
            let uuid = UUID(
                uuid: (
                    b[3], b[2], b[1], b[0], b[5], b[4], b[7], b[6],
                    b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
                ))
            authors[try sub.cursor.u16()] = uuid
        }
        return authors
    }

    private static func sceneInfoPaperSize(_ r: inout RemarkableTaggedReader) throws -> Size? {
        _ = try r.lww(1)
        if r.remaining > 0, r.hasTag(2, .length4) { _ = try r.lww(2) }
        if r.remaining > 0, r.hasTag(3, .length4) { _ = try r.lww(3) }
        guard r.remaining > 0, var size = try r.optionalSubBlock(5) else { return nil }
        let width = try size.cursor.u32(), height = try size.cursor.u32()
        guard width > 0, height > 0 else { return nil }
        return Size(width: Double(width), height: Double(height))
    }
}
