import DrawingModel

/// Typed text of a reMarkable v6 page (RootText block 0x07) and its paragraphs.
///
/// Layout: field 1 id; sub-block 2 { sub-block 1 { sub-block 1 { varuint n; n × text item } },
/// sub-block 2 { sub-block 1 { varuint m; m × paragraph style } } }; sub-block 3 { f64 x; f64 y };
/// field 4 f32 width. A text item (sub-block 0) holds 2 id, 3 left, 4 right, 5 u32 deleted length and
/// an optional string (6), whose characters take consecutive ids from the item's id; a string that
/// carries a format code instead of text is an inline bold/italic toggle. Items are ordered by the
/// CRDT rule of `RemarkableCrdtSequence`, character by character; deleted characters and formatting
/// codes are dropped, so the text comes out with its formatting stripped.
///
/// Paragraph boxes are estimates: the text box starts at (x, y) with the given width, and each
/// paragraph takes one line of a height that depends on its style (the tablet's own layout,
/// wrapping included, is not stored).

/// The decoded RootText block.
struct RemarkableRootText {
    enum Value {
        case text(String)
        case format(UInt32)
    }

    var items: [RemarkableCrdtItem<Value>]
    /// Paragraph style per character id of the newline that starts the paragraph ((0,0) = first).
    var styles: [RemarkableCrdtID: UInt8]
    var x: Double
    var y: Double
    var width: Double
}

/// One paragraph of typed text with its estimated box (page coordinates, x centred as in the file).
struct RemarkableParagraph {
    var text: String
    var bounds: Rect
    /// Character ids in this paragraph (the leading newline included), for group anchors.
    var characterIDs: [RemarkableCrdtID]
}

enum RemarkableV6Text {
    /// Most characters (deleted ones included) one page may expand to before it is refused.
    static let characterLimit = 1 << 22

    static func rootText(_ r: inout RemarkableTaggedReader) throws -> RemarkableRootText {
        _ = try r.id(1)
        var body = try r.subBlock(2)
        var itemsOuter = try body.subBlock(1)
        var itemsBlock = try itemsOuter.subBlock(1)
        let itemCount = try itemsBlock.cursor.count(of: "text item", minimumSize: 5) { try $0.varuint() }
        var items: [RemarkableCrdtItem<RemarkableRootText.Value>] = []
        items.reserveCapacity(itemCount)
        for _ in 0..<itemCount {
            var sub = try itemsBlock.subBlock(0)
            let id = try sub.id(2), left = try sub.id(3), right = try sub.id(4)
            let deleted = try sub.u32(5)
            var value: RemarkableRootText.Value?
            if sub.remaining > 0, sub.hasTag(6, .length4) {
                let (text, format) = try sub.string(6)
                value = format.map { .format($0) } ?? .text(text)
            }
            items.append(RemarkableCrdtItem(id: id, left: left, right: right, deletedLength: deleted, value: value))
        }
        var stylesOuter = try body.subBlock(2)
        var stylesBlock = try stylesOuter.subBlock(1)
        let styleCount = try stylesBlock.cursor.count(of: "paragraph style", minimumSize: 6) { try $0.varuint() }
        var styles: [RemarkableCrdtID: UInt8] = [:]
        for _ in 0..<styleCount {
            let character = try stylesBlock.rawID()
            _ = try stylesBlock.id(1)
            var style = try stylesBlock.subBlock(2)
            _ = try style.cursor.u8()
            styles[character] = try style.cursor.u8()
        }
        var position = try r.subBlock(3)
        let x = try position.cursor.f64(), y = try position.cursor.f64()
        let width = Double(try r.f32(4))
        return RemarkableRootText(items: items, styles: styles, x: x, y: y, width: width)
    }

    /// Estimated line height of a paragraph style, in px (styles: 0 basic, 1 plain, 2 heading,
    /// 3 bold, 4/5 bullets, 6/7 checkboxes).
    static func lineHeight(style: UInt8) -> Double {
        switch style {
        case 2: return 150
        case 4, 5, 6, 7: return 35
        default: return 70
        }
    }

    /// The text split into paragraphs, in order, with formatting codes and deleted characters removed.
    static func paragraphs(_ root: RemarkableRootText) throws -> [RemarkableParagraph] {
        // Expand items into one entry per character: ids, neighbours and the character (nil = none).
        var ids: [RemarkableCrdtID] = [], lefts: [RemarkableCrdtID] = [], rights: [RemarkableCrdtID] = []
        var characters: [Character?] = []
        func append(_ id: RemarkableCrdtID, _ left: RemarkableCrdtID, _ right: RemarkableCrdtID, _ c: Character?) throws {
            guard ids.count < characterLimit else {
                throw RemarkableFormatError.malformed("typed text longer than \(characterLimit) characters", offset: 0)
            }
            ids.append(id); lefts.append(left); rights.append(right); characters.append(c)
        }
        for item in root.items {
            var scalars: [Character?]
            if item.deletedLength > 0 {
                guard Int(item.deletedLength) <= characterLimit - ids.count else {
                    throw RemarkableFormatError.malformed("typed text longer than \(characterLimit) characters", offset: 0)
                }
                scalars = [Character?](repeating: nil, count: Int(item.deletedLength))
            } else {
                switch item.value {
                case .text(let text)?: scalars = text.unicodeScalars.map { Character($0) }
                case .format?: scalars = [nil]
                case nil: scalars = []
                }
            }
            guard !scalars.isEmpty else { continue }
            var id = item.id, left = item.left
            for (k, c) in scalars.enumerated() {
                let isLast = k == scalars.count - 1
                let next = RemarkableCrdtID(author: id.author, counter: id.counter &+ 1)
                try append(id, left, isLast ? item.right : next, c)
                left = id
                id = next
            }
        }
        let order = RemarkableCrdtSequence.order(ids: ids, lefts: lefts, rights: rights)

        var paragraphs: [RemarkableParagraph] = []
        var text = "", members: [RemarkableCrdtID] = [], startID = RemarkableCrdtID.end
        var y = root.y
        func close() {
            let height = lineHeight(style: root.styles[startID] ?? 1)
            paragraphs.append(RemarkableParagraph(
                text: text, bounds: Rect(x: root.x, y: y, width: max(root.width, 0), height: height),
                characterIDs: members))
            y += height
        }
        for (position, index) in order.enumerated() {
            guard let c = characters[index] else { members.append(ids[index]); continue }
            if c == "\n" {
                if position > 0 { close() }
                text = ""; members = [ids[index]]; startID = ids[index]
            } else {
                text.append(c)
                members.append(ids[index])
            }
        }
        if !order.isEmpty { close() }
        return paragraphs
    }
}
