import DrawingModel

/// Typed text of a reMarkable v6 page (RootText block 0x07): decoding. `RemarkableTextLayout` puts
/// the characters in order and splits them into paragraphs.
///
/// Layout: field 1 id; sub-block 2 { sub-block 1 { sub-block 1 { varuint n; n × text item } },
/// sub-block 2 { sub-block 1 { varuint m; m × paragraph style } } }; sub-block 3 { f64 x; f64 y };
/// field 4 f32 width. A text item (sub-block 0) holds 2 id, 3 left, 4 right, 5 u32 deleted length and
/// an optional string (6), whose characters take consecutive ids from the item's id; a string that
/// carries a format code instead of text is an inline bold/italic toggle.

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

enum RemarkableV6Text {
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
}
