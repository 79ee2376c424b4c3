/// Reads decimal numbers out of text the way the XML formats write them: coordinate lists
/// (`"12.5 40 13 41.25"`), SVG path data where separators may be omitted (`"l-1.5.5-2e1"`), and
/// InkML traces (`"'-29'35"`). Every access is bounds-checked; nothing here traps on bad input.
struct NumberLexer {
    let bytes: [UInt8]
    var position = 0

    init(_ text: String) {
        self.bytes = Array(text.utf8)
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The current byte, or nil at the end.
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipSpace() {
        while position < bytes.count, isXMLSpace(bytes[position]) { position += 1 }
    }

    /// Skips white space and at most one comma (SVG's `comma-wsp`).
    mutating func skipSeparator() {
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
            position += 1
            skipSpace()
        }
    }

    /// Reads a number at the current position: `[+-]? (digits [. digits] | . digits) ([eE] [+-]? digits)?`,
    /// and, when `allowNaN`, `nan`/`inf` as C's `strtod` does. Returns nil and consumes nothing when
    /// no number starts here.
    mutating func number(allowNaN: Bool = false) -> Double? {
        let start = position
        var at = position
        var negative = false
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") || bytes[at] == UInt8(ascii: "+") {
            negative = bytes[at] == UInt8(ascii: "-")
            at += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var exact = true
        while at < bytes.count, let d = decimalDigit(bytes[at]) {
            if mantissa < 1 << 53 / 10 { mantissa = mantissa * 10 + d } else { exact = false }
            digits += 1
            at += 1
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            var after = at + 1
            var fraction = 0
            while after < bytes.count, let d = decimalDigit(bytes[after]) {
                if mantissa < 1 << 53 / 10 {
                    mantissa = mantissa * 10 + d
                    fractionDigits += 1
                } else if d != 0 {
                    exact = false
                }
                fraction += 1
                after += 1
            }
            if digits + fraction > 0 {
                digits += fraction
                at = after
            }
        }
        guard digits > 0 else {
            if allowNaN, let special = special(at, negative: negative) { return special }
            position = start
            return nil
        }
        var exponent = 0
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            var e = at + 1
            var exponentNegative = false
            if e < bytes.count, bytes[e] == UInt8(ascii: "-") || bytes[e] == UInt8(ascii: "+") {
                exponentNegative = bytes[e] == UInt8(ascii: "-")
                e += 1
            }
            var value = 0
            var exponentDigits = 0
            while e < bytes.count, let d = decimalDigit(bytes[e]) {
                if value < 100_000 { value = value * 10 + Int(d) }
                exponentDigits += 1
                e += 1
            }
            if exponentDigits > 0 {
                exponent = exponentNegative ? -value : value
                at = e
            }
        }
        position = at
        let scale = exponent - fractionDigits
        if exact, scale >= -22, scale <= 22 {
            // Both operands are exact doubles, so one multiplication or division rounds correctly.
            let m = Double(mantissa)
            let value = scale < 0 ? m / powersOfTen[-scale] : m * powersOfTen[scale]
            return negative ? -value : value
        }
        return Double(String(decoding: bytes[start..<at], as: UTF8.self)) ?? .nan
    }

    /// `nan`, `-nan`, `inf`, `infinity` (any case) as C's `strtod` reads them.
    private mutating func special(_ at: Int, negative: Bool) -> Double? {
        func word(_ w: String) -> Bool {
            let letters = Array(w.utf8)
            guard at + letters.count <= bytes.count else { return false }
            for (i, letter) in letters.enumerated() where bytes[at + i] | 0x20 != letter { return false }
            return true
        }
        if word("nan") {
            position = at + 3
            return .nan
        }
        if word("infinity") {
            position = at + 8
            return negative ? -.infinity : .infinity
        }
        if word("inf") {
            position = at + 3
            return negative ? -.infinity : .infinity
        }
        return nil
    }

    /// Reads white-space separated numbers until the first thing that is not a number (as Xournal++
    /// does with `g_ascii_strtod`), appending at most `limit` of them.
    /// - Returns: false when more than `limit` numbers were present.
    mutating func numberList(into values: inout [Double], limit: Int, allowNaN: Bool = false) -> Bool {
        while true {
            skipSpace()
            guard let value = number(allowNaN: allowNaN) else { return true }
            guard values.count < limit else { return false }
            values.append(value)
        }
    }
}

/// The leading number of an attribute value, ignoring trailing junk (`"0ll"` → 0, `"12pt"` → 12);
/// nil when it does not start with a number.
func leadingNumber(_ text: String?) -> Double? {
    guard let text else { return nil }
    var lexer = NumberLexer(text)
    lexer.skipSpace()
    return lexer.number()
}

@inline(__always)
func decimalDigit(_ byte: UInt8) -> UInt64? {
    byte >= 0x30 && byte <= 0x39 ? UInt64(byte - 0x30) : nil
}

/// 10⁰ … 10²², each exact in a `Double` (built by exact multiplications).
private let powersOfTen: [Double] = {
    var powers: [Double] = [1]
    for _ in 1...22 { powers.append(powers[powers.count - 1] * 10) }
    return powers
}()
