/// Reads PDF objects from bytes (ISO 32000-1 §7.2–7.3): numbers, names (`#xx` escapes), literal
/// strings (escapes, balanced parentheses, octal), hex strings, arrays, dictionaries, `n g R`
/// references, and the `n g obj … endobj` frame with its optional `stream` keyword.
///
/// Bounded: nesting deeper than `maxDepth` is refused, and every value made is charged to the
/// document's `PDFBudget` (strings and runs of space or comments by their length, one unit per
/// 64 bytes), so no file can make the parser build more values, or read the same bytes more
/// often, than the budget allows. Positions only move forward; every read is bounds-checked.
struct PDFParser {
    /// Deepest array and dictionary nesting accepted (Acrobat's own limit is 28).
    static let maxDepth = 64

    let bytes: [UInt8]
    var position: Int
    let end: Int
    let budget: PDFBudget

    init(_ bytes: [UInt8], at position: Int, end: Int? = nil, budget: PDFBudget) {
        self.bytes = bytes
        self.position = max(0, position)
        self.end = min(end ?? bytes.count, bytes.count)
        self.budget = budget
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            return true
        default: return false
        }
    }

    static func isRegular(_ byte: UInt8) -> Bool { !isWhitespace(byte) && !isDelimiter(byte) }

    var current: UInt8? { position < end ? bytes[position] : nil }

    /// Skips white space and `%` comments.
    mutating func skipSpace() {
        while position < end {
            let byte = bytes[position]
            if Self.isWhitespace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "%") {
                while position < end, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// The run of regular characters at the current position (a keyword or number), consumed.
    mutating func word() -> ArraySlice<UInt8> {
        skipSpace()
        let start = position
        while position < end, Self.isRegular(bytes[position]) { position += 1 }
        return bytes[start..<position]
    }

    /// Whether the next word is `keyword`; consumes it only if so.
    mutating func take(_ keyword: String) -> Bool {
        let saved = position
        if word().elementsEqual(keyword.utf8) { return true }
        position = saved
        return false
    }

    /// A non-negative integer word, or nil (nothing consumed).
    mutating func unsignedInteger() -> Int? {
        let saved = position
        let digits = word()
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            position = saved
            return nil
        }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// One direct object (a reference `n g R` counts as one).
    /// - Throws: `ReadError` at the end of the data, on a malformed token or past `maxDepth`.
    mutating func object(depth: Int = 0) throws(ReadError) -> PDFObject {
        guard depth <= Self.maxDepth else {
            throw ReadError("PDF objects nested deeper than \(Self.maxDepth) levels at byte \(position)")
        }
        let before = position
        skipSpace()
        // Long runs of space or comments cost like the values they could have been.
        try budget.charge(1 + (position - before) >> 6)
        guard let byte = current else { throw ReadError("PDF data ends inside an object at byte \(position)") }
        switch byte {
        case UInt8(ascii: "/"):
            position += 1
            return .name(name())
        case UInt8(ascii: "("):
            position += 1
            let string = try literalString()
            try budget.charge(string.count >> 6)
            return .string(string)
        case UInt8(ascii: "["):
            position += 1
            var elements: [PDFObject] = []
            while true {
                skipSpace()
                guard let next = current else { throw ReadError("PDF array is not closed (from byte \(position))") }
                if next == UInt8(ascii: "]") {
                    position += 1
                    return .array(elements)
                }
                elements.append(try object(depth: depth + 1))
            }
        case UInt8(ascii: "<"):
            if position + 1 < end, bytes[position + 1] == UInt8(ascii: "<") {
                position += 2
                return .dictionary(try dictionaryBody(depth: depth))
            }
            position += 1
            let string = try hexString()
            try budget.charge(string.count >> 5)
            return .string(string)
        default:
            return try numberOrKeyword()
        }
    }

    /// The entries of a dictionary after its `<<`, through its `>>`. A key without a value (`/K >>`)
    /// is dropped; a repeated key keeps its last value.
    mutating func dictionaryBody(depth: Int) throws(ReadError) -> [String: PDFObject] {
        var entries: [String: PDFObject] = [:]
        while true {
            skipSpace()
            guard let next = current else { throw ReadError("PDF dictionary is not closed (from byte \(position))") }
            if next == UInt8(ascii: ">") {
                guard position + 1 < end, bytes[position + 1] == UInt8(ascii: ">") else {
                    throw ReadError("PDF dictionary ends with a single '>' at byte \(position)")
                }
                position += 2
                return entries
            }
            guard next == UInt8(ascii: "/") else {
                throw ReadError("PDF dictionary key is not a name at byte \(position)")
            }
            position += 1
            let key = name()
            skipSpace()
            if current == UInt8(ascii: ">") { continue }
            let value = try object(depth: depth + 1)
            if value != .null { entries[key] = value }
        }
    }

    /// A name's characters after its `/`, with `#xx` escapes decoded.
    private mutating func name() -> String {
        var raw: [UInt8] = []
        while position < end, Self.isRegular(bytes[position]) {
            let byte = bytes[position]
            if byte == UInt8(ascii: "#"), position + 2 < end, let high = Self.hexValue(bytes[position + 1]),
                let low = Self.hexValue(bytes[position + 2])
            {
                raw.append(high << 4 | low)
                position += 3
            } else {
                raw.append(byte)
                position += 1
            }
        }
        return String(decoding: raw, as: UTF8.self)
    }

    private mutating func literalString() throws(ReadError) -> [UInt8] {
        var out: [UInt8] = []
        var nesting = 1
        while position < end {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "("):
                nesting += 1
                out.append(byte)
            case UInt8(ascii: ")"):
                nesting -= 1
                if nesting == 0 { return out }
                out.append(byte)
            case UInt8(ascii: "\\"):
                guard position < end else { break }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case 0x0D:  // a line continuation
                    if position < end, bytes[position] == 0x0A { position += 1 }
                case 0x0A: break
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(escaped - 0x30)
                    for _ in 0..<2 {
                        guard position < end, (0x30...0x37).contains(bytes[position]) else { break }
                        value = value * 8 + Int(bytes[position] - 0x30)
                        position += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: value))
                default: out.append(escaped)
                }
            default:
                out.append(byte)
            }
        }
        throw ReadError("PDF string is not closed (data ends at byte \(position))")
    }

    private mutating func hexString() throws(ReadError) -> [UInt8] {
        var out: [UInt8] = []
        var high: UInt8?
        while position < end {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ">") {
                if let high { out.append(high << 4) }
                return out
            }
            if Self.isWhitespace(byte) { continue }
            guard let value = Self.hexValue(byte) else {
                throw ReadError("PDF hex string has a non-hex character at byte \(position - 1)")
            }
            if let h = high {
                out.append(h << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        throw ReadError("PDF hex string is not closed (data ends at byte \(position))")
    }

    /// A number (possibly the start of `n g R`), `true`, `false` or `null`.
    private mutating func numberOrKeyword() throws(ReadError) -> PDFObject {
        let start = position
        let token = word()
        guard !token.isEmpty else {
            throw ReadError("PDF has an unexpected '\(Character(Unicode.Scalar(bytes[start])))' at byte \(start)")
        }
        if token.elementsEqual("true".utf8) { return .bool(true) }
        if token.elementsEqual("false".utf8) { return .bool(false) }
        if token.elementsEqual("null".utf8) { return .null }
        guard let value = Self.number(token) else {
            throw ReadError(
                "PDF has an unknown token '\(String(decoding: token.prefix(20), as: UTF8.self))' at byte \(start)")
        }
        // `n g R`: two unsigned integers and the keyword R.
        if token.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), token.count <= 10 {
            let saved = position
            if let generation = unsignedInteger(), generation <= 65_535, take("R") {
                return .reference(PDFReference(number: Int(value), generation: generation))
            }
            position = saved
        }
        return .number(value)
    }

    /// `[+-]? digits [. digits]` or `[+-]? . digits`; extra signs (`--5`, written by some tools) are
    /// read as one.
    static func number(_ token: ArraySlice<UInt8>) -> Double? {
        var negative = false
        var rest = token[...]
        while let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            if first == UInt8(ascii: "-") { negative.toggle() }
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.count <= 64 else { return nil }
        var value = 0.0
        var scale = 0.0
        var digits = 0
        for byte in rest {
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
                if scale == 0 {
                    value = value * 10 + Double(byte - 0x30)
                } else {
                    value += Double(byte - 0x30) * scale
                    scale /= 10
                }
            } else if byte == UInt8(ascii: "."), scale == 0 {
                scale = 0.1
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - 0x61 + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - 0x41 + 10
        default: return nil
        }
    }
}

/// How many values one PDF read may parse, across every object it loads: a small file of nested
/// or repeated arrays cannot make the reader build millions of values.
final class PDFBudget {
    let limit: Int
    private(set) var used = 0

    init(limit: Int) {
        self.limit = limit
    }

    func charge(_ count: Int = 1) throws(ReadError) {
        used += count
        guard used <= limit else { throw ReadError("PDF has more than \(limit) values; files this large are not read") }
    }
}
