import DrawingModel

/// The presentation properties the SVG reader needs, resolved down the element tree: from
/// attributes (`stroke="#000"`) and the `style` attribute (`style="stroke:#000;stroke-width:2"`);
/// CSS style sheets are not read.
struct SVGStyle: Sendable {
    /// nil = `none`.
    var stroke: Ink.Color?
    var fill: Ink.Color? = .black
    var strokeWidth = 1.0
    var strokeOpacity = 1.0
    var fillOpacity = 1.0
    /// Group opacity, multiplied down the tree.
    var opacity = 1.0
    var isHidden = false

    /// The style of an element whose parent has `self`.
    func applying(_ tag: XMLStartTag) -> SVGStyle {
        var style = self
        style.isHidden = false
        var declarations: [(String, String)] = []
        for attribute in tag.attributes { declarations.append((attribute.name, attribute.value)) }
        if let inline = tag["style"] {
            for declaration in inline.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                declarations.append((String(parts[0]).trimmingSpaces, String(parts[1]).trimmingSpaces))
            }
        }
        for (name, value) in declarations {
            switch name {
            case "stroke": style.stroke = SVGStyle.paint(value, current: style.stroke)
            case "fill": style.fill = SVGStyle.paint(value, current: style.fill)
            case "stroke-width":
                if let width = leadingNumber(value), width.isFinite, width >= 0 { style.strokeWidth = width }
            case "stroke-opacity": style.strokeOpacity = SVGStyle.unit(value) ?? style.strokeOpacity
            case "fill-opacity": style.fillOpacity = SVGStyle.unit(value) ?? style.fillOpacity
            case "opacity": style.opacity *= SVGStyle.unit(value) ?? 1
            case "display": style.isHidden = style.isHidden || value.trimmingSpaces == "none"
            case "visibility": style.isHidden = style.isHidden || value.trimmingSpaces == "hidden"
            default: break
            }
        }
        return style
    }

    private static func unit(_ value: String) -> Double? {
        guard let v = leadingNumber(value), v.isFinite else { return nil }
        return min(max(value.hasSuffix("%") ? v / 100 : v, 0), 1)
    }

    /// A paint value: `none`, a colour, `currentColor` or a paint server (`url(#g)`, taken as black).
    static func paint(_ value: String, current: Ink.Color?) -> Ink.Color? {
        let text = value.trimmingSpaces.lowercased()
        switch text {
        case "none", "transparent": return nil
        case "inherit": return current
        case "currentcolor": return current ?? .black
        default: return color(text) ?? .black
        }
    }

    /// `#rgb`, `#rrggbb`, `#rrggbbaa` (Write's RGBA), `rgb(r, g, b)` (numbers or percentages) or a
    /// basic colour name; nil when unreadable.
    static func color(_ text: String) -> Ink.Color? {
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            guard let value = UInt32(hex, radix: 16) else { return nil }
            switch hex.count {
            case 3:
                let r = value >> 8 & 0xf, g = value >> 4 & 0xf, b = value & 0xf
                return XournalColor.rgba((r * 17) << 24 | (g * 17) << 16 | (b * 17) << 8 | 0xff)
            case 6: return XournalColor.rgba(value << 8 | 0xff)
            case 8: return XournalColor.rgba(value)
            default: return nil
            }
        }
        if text.hasPrefix("rgb") {
            guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else {
                return nil
            }
            let parts = text[text.index(after: open)..<close].split(separator: ",")
            guard parts.count >= 3 else { return nil }
            var channels: [Double] = []
            for part in parts.prefix(4) {
                let s = String(part).trimmingSpaces
                guard let v = leadingNumber(s), v.isFinite else { return nil }
                channels.append(min(max(s.hasSuffix("%") ? v / 100 : (channels.count < 3 ? v / 255 : v), 0), 1))
            }
            return Ink.Color(
                red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count > 3 ? channels[3] : 1)
        }
        return named[text].map { XournalColor.rgba($0 << 8 | 0xff) }
    }

    private static let named: [String: UInt32] = [
        "black": 0x000000, "white": 0xffffff, "red": 0xff0000, "lime": 0x00ff00, "green": 0x008000,
        "blue": 0x0000ff, "yellow": 0xffff00, "cyan": 0x00ffff, "aqua": 0x00ffff, "magenta": 0xff00ff,
        "fuchsia": 0xff00ff, "gray": 0x808080, "grey": 0x808080, "silver": 0xc0c0c0, "maroon": 0x800000,
        "olive": 0x808000, "purple": 0x800080, "teal": 0x008080, "navy": 0x000080, "orange": 0xffa500,
    ]
}
