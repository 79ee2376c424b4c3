/// Windows-1252 (the PDF's WinAnsiEncoding): ASCII, Latin-1's letters and signs, and the euro
/// sign, curly quotes, dashes, Š š Œ œ Ž ž Ÿ at 0x80...0x9F, where Latin-1 has control codes. The
/// recognizer's decoder works in these bytes (`DecoderAlphabet`) and `export --pdf` writes its
/// text in them.
package enum Windows1252 {
    /// The characters at 0x80...0x9F; nil: unassigned.
    @usableFromInline static let high: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    /// The byte of a character, nil when Windows-1252 has none.
    @inlinable package static func byte(of scalar: Unicode.Scalar) -> UInt8? {
        let v = scalar.value
        if v < 0x80 || (0xA0...0xFF).contains(v) { return UInt8(v) }
        return high.firstIndex(of: scalar).map { UInt8(0x80 + $0) }
    }

    /// The character of a byte; U+FFFD for the five bytes Windows-1252 leaves unassigned.
    @inlinable package static func scalar(of byte: UInt8) -> Unicode.Scalar {
        (0x80..<0xA0).contains(byte) ? high[Int(byte) - 0x80] ?? "\u{FFFD}" : Unicode.Scalar(byte)
    }
}
