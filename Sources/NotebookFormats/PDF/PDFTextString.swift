/// Decodes a PDF text string (ISO 32000-1 §7.9.2.2): UTF-16BE after a `FE FF` mark (language
/// escapes `1B … 1B` removed), UTF-8 after `EF BB BF` (PDF 2.0), otherwise PDFDocEncoding, which is
/// Latin-1 but for the accents at 0x18–0x1F and the punctuation at 0x80–0xA0 (Annex D).
enum PDFTextString {
    static func decode(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xFE, 0xFF]) {
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var at = 2
            var inEscape = false
            while at + 1 < bytes.count {
                let unit = UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
                at += 2
                if unit == 0x001B {
                    inEscape.toggle()
                } else if !inEscape {
                    units.append(unit)
                }
            }
            return String(decoding: units, as: UTF16.self)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let value: UInt32
            switch byte {
            case 0x18...0x1F: value = lowAccents[Int(byte - 0x18)]
            case 0x80...0xA0: value = highPunctuation[Int(byte - 0x80)]
            case 0x7F: value = 0xFFFD
            default: value = UInt32(byte)
            }
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// 0x18–0x1F: breve, caron, circumflex, dot above, double acute, ogonek, ring, tilde.
    private static let lowAccents: [UInt32] = [0x02D8, 0x02C7, 0x02C6, 0x02D9, 0x02DD, 0x02DB, 0x02DA, 0x02DC]
    /// 0x80–0xA0 (0x9F is undefined).
    private static let highPunctuation: [UInt32] = [
        0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044, 0x2039, 0x203A, 0x2212, 0x2030, 0x201E,
        0x201C, 0x201D, 0x2018, 0x2019, 0x201A, 0x2122, 0xFB01, 0xFB02, 0x0141, 0x0152, 0x0160, 0x0178, 0x017D,
        0x0131, 0x0142, 0x0153, 0x0161, 0x017E, 0xFFFD, 0x20AC,
    ]
}
