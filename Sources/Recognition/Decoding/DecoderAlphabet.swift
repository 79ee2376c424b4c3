/// The decoder's one byte per character: Windows-1252, which holds ASCII, every accented letter of
/// Latin-1 and the quotes, guillemets and euro sign of the model's alphabet. The beam search, the
/// word list and the character model compare and index single bytes on their hottest paths, so
/// text is turned into these bytes once, where it enters them, and back where readings leave.
enum DecoderAlphabet {
    /// Windows-1252's characters at 0x80...0x9F (where Latin-1 has control codes); nil: unassigned.
    private static let high: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    /// The byte of a character, nil when Windows-1252 has none.
    static func byte(of scalar: Unicode.Scalar) -> UInt8? {
        let v = scalar.value
        if v < 0x80 || (0xA0...0xFF).contains(v) { return UInt8(v) }
        return high.firstIndex(of: scalar).map { UInt8(0x80 + $0) }
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
        (0x80..<0xA0).contains(byte) ? high[Int(byte) - 0x80] ?? "\u{FFFD}" : Unicode.Scalar(byte)
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
