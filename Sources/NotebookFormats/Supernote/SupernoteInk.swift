import DrawingModel

/// What a Supernote trail is, and the `Ink` of those that are ink (docs/formats.md#supernote-file; values learned
/// from philips/supernote-typescript's notes and checked on the corpus's layer bitmaps).
///
/// | pen | tool | `Ink.Kind` |
/// |---|---|---|
/// | 1, 16 | ink pen (older, newer firmware) | `.pen` |
/// | 10 | needle point | `.monoline` |
/// | 15 | calligraphy pen | `.fountainPen` |
/// | 5, 11 | marker (older, newer) | `.highlighter`: the device paints it beneath the pen's ink, in colour codes of its own, as a highlighter |
/// | 4 | lasso loop | never ink |
/// | other | | `.pen` |
///
/// Never ink either: colour 255 (the eraser's own path, whichever pen id it carries: 3 and 9 on
/// most firmware, 1 on some), colour 254 (white ink: a cover-up that hides what lies under it,
/// invisible on the page), negative record classes (eraser and lasso gestures), and two-point
/// geometry other than ruler lines (heading backgrounds `0001`, link and text boxes `0000`).
///
/// Colours are grey levels (0 black, 1 the marker's black, 157/158 dark grey, 201/202 grey). Files
/// of versions before 20230015 (20220011 in the corpus; supernotelib draws their layers with the
/// older palette up to the same version) store palette ids instead: 0 black, 48 dark grey, 81 the
/// marker's grey (the ids the corpus shows, their bitmap codes telling the shades; 49 and 80, the
/// same shades' other tool, by the same pattern); other ids read as black.
enum SupernoteInk {
    static let eraserColor: UInt32 = 255
    static let whiteColor: UInt32 = 254
    static let lassoPen: UInt32 = 4

    /// Whether the trail is something the page shows as writing.
    static func isInk(_ trail: SupernoteTrail) -> Bool {
        guard trail.color != eraserColor, trail.color != whiteColor, trail.pen != lassoPen, trail.recordClass >= 0
        else { return false }
        return trail.recordClass != 0 || trail.kind == "straightLine"
    }

    static func kind(pen: UInt32) -> Ink.Kind {
        switch pen {
        case 10: return .monoline
        case 15: return .fountainPen
        case 5, 11: return .highlighter
        default: return .pen
        }
    }

    /// The grey level 0 (black) … 255 of a trail's colour.
    static func grey(_ color: UInt32, paletteIDs: Bool) -> Int {
        if paletteIDs {
            switch color {
            case 48, 49: return 157
            case 80, 81: return 201
            default: return 0
            }
        }
        return color <= 1 || color > 253 ? 0 : Int(color)
    }

    /// The ink of a trail: its tool, grey (highlighters see-through, as the device's marker leaves
    /// the writing under it readable) and the tool's width in page pixels.
    static func ink(_ trail: SupernoteTrail, paletteIDs: Bool) -> Ink {
        let kind = kind(pen: trail.pen)
        let level = Double(grey(trail.color, paletteIDs: paletteIDs)) / 255
        return Ink(
            kind: kind, color: Ink.Color(red: level, green: level, blue: level, alpha: kind == .highlighter ? 0.5 : 1),
            width: max(Double(trail.thickness) / 100, 0.1))
    }
}
