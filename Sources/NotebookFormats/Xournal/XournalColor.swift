import DrawingModel

/// Colours as Xournal, Xournal++ and MrWriter write them: `#RRGGBBAA`, `#RRGGBB`, or one of the
/// original Xournal's names.
enum XournalColor {
    /// The pen palette of Xournal 0.4 (`xo-file.c` names → RGBA), also accepted by Xournal++.
    private static let named: [String: UInt32] = [
        "black": 0x0000_00ff, "blue": 0x3333_ccff, "red": 0xff00_00ff, "green": 0x0080_00ff,
        "gray": 0x8080_80ff, "lightblue": 0x00c0_ffff, "lightgreen": 0x00ff_00ff,
        "magenta": 0xff00_ffff, "orange": 0xff80_00ff, "yellow": 0xffff_00ff, "white": 0xffff_ffff,
    ]

    /// The colour of a `color` attribute; black when absent or unreadable.
    static func parse(_ text: String?) -> Ink.Color {
        guard let text = text?.trimmingSpaces, !text.isEmpty else { return .black }
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            guard hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else { return .black }
            return rgba(hex.count == 6 ? value << 8 | 0xff : value)
        }
        return named[text.lowercased()].map(rgba) ?? .black
    }

    /// Xournal 0.4's paper colours (`xo-file.c`'s `bgcolor_names`), which differ from its pens'.
    private static let namedPaper: [String: UInt32] = [
        "white": 0xffff_ffff, "yellow": 0xffff_96ff, "pink": 0xffc0_d4ff, "orange": 0xffc0_80ff,
        "blue": 0xa0e8_ffff, "green": 0xc0ff_c0ff,
    ]

    /// The paper colour of a solid `<background color=…>`; nil (white paper) when absent,
    /// unreadable or transparent.
    static func paper(_ text: String?) -> Ink.Color? {
        guard let text = text?.trimmingSpaces, !text.isEmpty else { return nil }
        let color: Ink.Color
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            guard hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
            color = rgba(hex.count == 6 ? value << 8 | 0xff : value)
        } else {
            guard let value = namedPaper[text.lowercased()] else { return nil }
            color = rgba(value)
        }
        return color.alpha > 0 ? color : nil
    }

    static func rgba(_ value: UInt32) -> Ink.Color {
        Ink.Color(
            red: Double(value >> 24 & 0xff) / 255, green: Double(value >> 16 & 0xff) / 255,
            blue: Double(value >> 8 & 0xff) / 255, alpha: Double(value & 0xff) / 255)
    }
}
