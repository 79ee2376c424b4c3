import Foundation
import TextMatching

/// Text in the PDF's font, Helvetica (a standard Type 1 font every viewer has, so nothing is
/// embedded) in WinAnsiEncoding (Windows-1252): how a string becomes bytes and how those bytes
/// are written as a PDF string.
///
/// The font is in the page resources twice: `/F1` with Helvetica's own metrics, for the typed
/// text people read, and `/F2` with every character half an em wide (`/Widths`), for the
/// invisible words, as OCR tools lay out text with a glyphless font: stretched to its box, a
/// word's letters then advance evenly, where Helvetica's narrow ones (i, l, ') would crowd
/// together in a narrow word and text extractors would take a doubled letter for the
/// overprinting of fake bold and drop it.
///
/// Fallback: a character Windows-1252 has no byte for is written as its base letter where it has
/// one ("ő" as "o", "ș" as "s"), otherwise as "?" (CJK, Greek, "ł" …), one byte per character as
/// the reader sees it; control characters become spaces. So a search for the word in a viewer
/// finds it where its letters are all Windows-1252, which holds every letter of the languages the
/// recognizer reads.
enum PDFText {
    /// The font of the typed text in the page resources.
    static let fontName = "F1"
    /// The font of the invisible words.
    static let hiddenFontName = "F2"
    /// Helvetica's ascent and descent, in text space units per unit of font size (Adobe's AFM):
    /// the box a viewer highlights for a word runs from descent to ascent around the baseline.
    static let ascent = 0.718, descent = -0.207
    /// The width of every character of `/F2`, in thousandths of the font size.
    static let hiddenWidth = 500
    /// The codes `/F2`'s widths cover: every byte WinAnsi gives a glyph.
    static let firstCode = 32, lastCode = 255

    /// The WinAnsi bytes of `text`, with the fallback above.
    static func bytes(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isNewline || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control })
            {
                out.append(0x20)
            } else if let byte = byte(of: character) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "?"))
            }
        }
        return out
    }

    /// The byte of a character precomposed ("e" + U+0301 is "é"), else of its base letter; nil
    /// when neither has a byte with a glyph.
    private static func byte(of character: Character) -> UInt8? {
        let text = String(character)
        let composed = Array(text.precomposedStringWithCanonicalMapping.unicodeScalars)
        if composed.count == 1, let byte = glyphByte(composed[0]) { return byte }
        return text.decomposedStringWithCanonicalMapping.unicodeScalars.first.flatMap(glyphByte)
    }

    /// The WinAnsi byte of a character the font draws: not a control code, nor one of the codes
    /// WinAnsi leaves unused (127, 129, 141, 143, 144, 157).
    private static func glyphByte(_ scalar: Unicode.Scalar) -> UInt8? {
        guard let byte = Windows1252.byte(of: scalar), byte >= firstCode, byte != 0x7F else { return nil }
        return Windows1252.scalar(of: byte) == "\u{FFFD}" ? nil : byte
    }

    /// `bytes` as a PDF literal string, `(…)`: parentheses and backslashes escaped, bytes outside
    /// printable ASCII as octal escapes, so the file stays ASCII.
    static func literal(_ bytes: [UInt8]) -> String {
        var out = "("
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
                out += "\\" + String(UnicodeScalar(byte))
            case 0x20..<0x7F:
                out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let octal = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out + ")"
    }

    /// `text` as a PDF text string for the document's information: UTF-16BE with its byte order
    /// mark, in hex (`<FEFF…>`), which holds any character.
    static func textString(_ text: String) -> String {
        var out = "<FEFF"
        for unit in text.utf16 {
            let hex = String(unit, radix: 16, uppercase: true)
            out += String(repeating: "0", count: 4 - hex.count) + hex
        }
        return out + ">"
    }
}
