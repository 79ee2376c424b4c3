/// Character data and attribute values: the five predefined entities and numeric character
/// references are decoded; anything else that starts with `&` is kept as written.
extension XMLPullParser {
    /// Character data between `start` and `end`, references decoded; CR LF and lone CR become LF.
    func decodeText(_ start: Int, _ end: Int) -> String {
        decode(start, end, normalizeSpace: false)
    }

    /// An attribute value between `start` and `end`: references decoded and literal tabs, line
    /// breaks and carriage returns replaced by spaces, as XML requires (references such as `&#10;`
    /// still give a line break).
    func decodeAttribute(_ start: Int, _ end: Int) -> String {
        decode(start, end, normalizeSpace: true)
    }

    private func decode(_ start: Int, _ end: Int, normalizeSpace: Bool) -> String {
        var needsWork = false
        for byte in bytes[start..<end]
        where byte == UInt8(ascii: "&") || byte == 0x0d || (normalizeSpace && (byte == 0x0a || byte == 0x09)) {
            needsWork = true
            break
        }
        if !needsWork { return String(decoding: bytes[start..<end], as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var at = start
        while at < end {
            let byte = bytes[at]
            switch byte {
            case UInt8(ascii: "&"):
                if let (decoded, next) = reference(at, end) {
                    out.append(contentsOf: decoded)
                    at = next
                    continue
                }
                out.append(byte)
            case 0x0d:
                if at + 1 < end, bytes[at + 1] == 0x0a { at += 1 }
                out.append(normalizeSpace ? 0x20 : 0x0a)  // CR LF counts as one
            case 0x0a, 0x09:
                out.append(normalizeSpace ? 0x20 : byte)
            default:
                out.append(byte)
            }
            at += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes the reference starting at `at` (`&…;`); nil when it is not a predefined entity or a
    /// valid character reference, in which case the `&` is kept literally.
    private func reference(_ at: Int, _ end: Int) -> ([UInt8], Int)? {
        var semicolon = at + 1
        while semicolon < end, semicolon - at <= 12, bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
        guard semicolon < end, bytes[semicolon] == UInt8(ascii: ";") else { return nil }
        let body = bytes[(at + 1)..<semicolon]
        let next = semicolon + 1
        switch String(decoding: body, as: UTF8.self) {
        case "lt": return ([UInt8(ascii: "<")], next)
        case "gt": return ([UInt8(ascii: ">")], next)
        case "amp": return ([UInt8(ascii: "&")], next)
        case "quot": return ([UInt8(ascii: "\"")], next)
        case "apos": return ([UInt8(ascii: "'")], next)
        default: break
        }
        guard body.first == UInt8(ascii: "#"), body.count >= 2 else { return nil }
        var digits = body.dropFirst()
        var radix: UInt32 = 10
        if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            guard let d = hexDigitValue(digit), d < radix else { return nil }
            value = value * radix + d
        }
        // Characters XML forbids (NUL, other C0 controls, surrogates) become U+FFFD.
        let allowed = value == 0x9 || value == 0xa || value == 0xd || (value >= 0x20 && value <= 0x10ffff)
        let scalar = allowed ? Unicode.Scalar(value) ?? "\u{fffd}" : "\u{fffd}"
        return (Array(String(Character(scalar)).utf8), next)
    }

    /// The document as UTF-8: UTF-16 input (with a BOM, or starting `<` `0`) is transcoded.
    static func utf8(_ data: [UInt8]) -> [UInt8] {
        guard data.count >= 2 else { return data }
        let bigEndian: Bool
        var start = 2
        switch (data[0], data[1]) {
        case (0xfe, 0xff): bigEndian = true
        case (0xff, 0xfe): bigEndian = false
        case (0x3c, 0x00): (bigEndian, start) = (false, 0)
        case (0x00, 0x3c): (bigEndian, start) = (true, 0)
        default: return data
        }
        var units: [UInt16] = []
        units.reserveCapacity((data.count - start) / 2)
        var at = start
        while at + 1 < data.count {
            let (hi, lo) = bigEndian ? (data[at], data[at + 1]) : (data[at + 1], data[at])
            units.append(UInt16(hi) << 8 | UInt16(lo))
            at += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}

@inline(__always)
private func hexDigitValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
}
