import TextMatching

/// The decoder's one byte per character: Windows-1252, which holds ASCII, every accented letter of
/// Latin-1 and the quotes, guillemets and euro sign of the model's alphabet. The beam search, the
/// word list and the character model compare and index single bytes on their hottest paths, so
/// text is turned into these bytes once, where it enters them, and back where readings leave.
enum DecoderAlphabet {
    /// The byte of a character, nil when Windows-1252 has none.
    static func byte(of scalar: Unicode.Scalar) -> UInt8? {
        Windows1252.byte(of: scalar)
    }

    /// The bytes of `text`, nil when a character has none.
    static func bytes(of text: some StringProtocol) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard let b = byte(of: scalar) else { return nil }
            out.append(b)
        }
        return out
    }

    static func scalar(of byte: UInt8) -> Unicode.Scalar {
        Windows1252.scalar(of: byte)
    }

    static func string(of bytes: some Sequence<UInt8>) -> String {
        var s = String.UnicodeScalarView()
        for b in bytes { s.append(scalar(of: b)) }
        return String(s)
    }

    /// Whether a byte is a letter with a diacritic (or ß, œ): Latin-1's letters from 0xC0 up, but
    /// × and ÷, and Windows-1252's Š š Œ œ Ž ž Ÿ.
    static func isAccentedLetter(_ b: UInt8) -> Bool {
        switch b {
        case 0xD7, 0xF7: return false
        case 0xC0...0xFF, 0x8A, 0x8C, 0x8E, 0x9A, 0x9C, 0x9E, 0x9F: return true
        default: return false
        }
    }

    /// The lower-case form of an accented letter's byte (ß and ÿ have no upper case here).
    static func lowercased(_ b: UInt8) -> UInt8 {
        switch b {
        case 0xC0...0xDE where b != 0xD7: return b + 0x20
        case 0x8A, 0x8C, 0x8E: return b + 0x10
        case 0x9F: return 0xFF
        default: return b
        }
    }
}
