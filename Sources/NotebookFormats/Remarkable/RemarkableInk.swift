import DrawingModel

/// reMarkable pens and colours mapped onto `Ink`.
///
/// Tool ids (rmscene's `Pen`; the second id of each pair is the newer variant of the tool):
///
/// | id | tool | `Ink.Kind` |
/// |---|---|---|
/// | 0, 12 | paintbrush | `.watercolor` |
/// | 1, 14 | pencil | `.pencil` |
/// | 2, 15 | ballpoint | `.pen` |
/// | 3, 16 | marker | `.marker` |
/// | 4, 17 | fineliner | `.monoline` |
/// | 5, 18 | highlighter | `.highlighter` |
/// | 6 | eraser | never ink |
/// | 7, 13 | mechanical pencil | `.pencil` |
/// | 8 | erase area | never ink |
/// | 21 | calligraphy pen | `.fountainPen` |
/// | 23 | shader | `.crayon` (soft shading that may still be writing) |
/// | other | unknown future tool | `.pen` |
///
/// Colour ids 0 black, 1 grey, 2 white, 3 yellow, 4 green, 5 pink, 6 blue, 7 red, 8 grey-overlap,
/// 9 highlight, 10–13 the newer green, cyan, magenta and yellow; the RGB values are approximations
/// of the tablet's palette. An explicit ARGB value in the file wins.

enum RemarkableTool {
    static let eraser: UInt32 = 6
    static let eraseArea: UInt32 = 8

    static func isEraser(_ tool: UInt32) -> Bool { tool == eraser || tool == eraseArea }

    static func kind(_ tool: UInt32) -> Ink.Kind {
        switch tool {
        case 0, 12: return .watercolor
        case 1, 14, 7, 13: return .pencil
        case 3, 16: return .marker
        case 4, 17: return .monoline
        case 5, 18: return .highlighter
        case 21: return .fountainPen
        case 23: return .crayon
        default: return .pen
        }
    }

    static func color(id: UInt32, argb: (UInt8, UInt8, UInt8, UInt8)?, kind: Ink.Kind) -> Ink.Color {
        if let (a, r, g, b) = argb {
            return Ink.Color(
                red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255,
                alpha: Double(a) / 255)
        }
        let rgb: (Int, Int, Int)
        switch id {
        case 0: rgb = (0, 0, 0)
        case 1, 8: rgb = (125, 125, 125)
        case 2: rgb = (255, 255, 255)
        case 3, 9: rgb = (255, 237, 0)
        case 4: rgb = (0, 176, 80)
        case 5: rgb = (255, 105, 180)
        case 6: rgb = (0, 98, 204)
        case 7: rgb = (217, 7, 7)
        case 10: rgb = (145, 218, 125)
        case 11: rgb = (0, 190, 230)
        case 12: rgb = (200, 60, 200)
        case 13: rgb = (250, 231, 25)
        default: rgb = (0, 0, 0)
        }
        return Ink.Color(
            red: Double(rgb.0) / 255, green: Double(rgb.1) / 255, blue: Double(rgb.2) / 255,
            alpha: kind == .highlighter ? 0.4 : 1)
    }

    /// The ink of a stroke; `width` is the mean per-point width, falling back to `fallbackWidth`.
    static func ink(
        tool: UInt32, colorID: UInt32, argb: (UInt8, UInt8, UInt8, UInt8)?,
        points: [StrokePoint], fallbackWidth: Double
    ) -> Ink {
        let kind = kind(tool)
        var total = 0.0
        for p in points { total += p.size.width }
        let mean = points.isEmpty ? 0 : total / Double(points.count)
        let width = mean.isFinite && mean > 0 ? mean : (fallbackWidth.isFinite && fallbackWidth > 0 ? fallbackWidth : 1)
        return Ink(kind: kind, color: color(id: colorID, argb: argb, kind: kind), width: width)
    }
}
