import Foundation

/// A bounded pull parser for the JSON of the native format (RFC 8259), decoding straight into the
/// caller's values without building a tree.
///
/// Every read checks the bytes left; nesting deeper than `maxDepth` is refused; numbers must be
/// finite doubles; strings must be valid UTF-8 without raw control characters. Errors name the byte
/// offset: `invalid JSON at byte 1234: expected ':'`.
struct NativeJSONScanner {
    /// Deepest nesting of arrays and objects accepted (the format itself needs 5).
    static let maxDepth = 32

    private let bytes: [UInt8]
    private(set) var offset = 0
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed and ignored.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// The kinds of JSON value, as `peekKind()` sees them.
    enum Kind: Equatable {
        case object, array, string, number, bool, null
    }

    func error(_ message: String, at position: Int? = nil) -> ReadError {
        ReadError("invalid JSON at byte \(position ?? offset): \(message)")
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// The kind of the next value (after whitespace).
    mutating func peekKind() throws(ReadError) -> Kind {
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end of file") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw error("unexpected character '\(Self.printable(bytes[offset]))'")
        }
    }

    private mutating func expect(_ byte: UInt8) throws(ReadError) {
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end of file, expected '\(Self.printable(byte))'") }
        guard bytes[offset] == byte else {
            throw error("expected '\(Self.printable(byte))', found '\(Self.printable(bytes[offset]))'")
        }
        offset += 1
    }

    /// Whether the next byte (after whitespace) is `byte`; consumes it if so.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    /// Reads an object, calling `body` with each key; `body` must read (or skip) the value.
    mutating func readObject(_ body: (inout NativeJSONScanner, String) throws(ReadError) -> Void) throws(ReadError) {
        try expect(UInt8(ascii: "{"))
        try enter()
        if !take(UInt8(ascii: "}")) {
            repeat {
                skipWhitespace()
                let key = try readString()
                try expect(UInt8(ascii: ":"))
                try body(&self, key)
            } while take(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        }
        depth -= 1
    }

    /// Reads an array, calling `body` with each element's index; `body` must read (or skip) it.
    mutating func readArray(_ body: (inout NativeJSONScanner, Int) throws(ReadError) -> Void) throws(ReadError) {
        try expect(UInt8(ascii: "["))
        try enter()
        var index = 0
        if !take(UInt8(ascii: "]")) {
            repeat {
                try body(&self, index)
                index += 1
            } while take(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
        }
        depth -= 1
    }

    private mutating func enter() throws(ReadError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels") }
    }

    /// Reads a string value.
    mutating func readString() throws(ReadError) -> String {
        try expect(UInt8(ascii: "\""))
        var utf8: [UInt8] = []
        while true {
            guard offset < bytes.count else { throw error("unterminated string") }
            let b = bytes[offset]
            offset += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let s = String(validating: utf8, as: UTF8.self) else { throw error("string is not valid UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                try readEscape(into: &utf8)
            case 0..<0x20:
                throw error("control character in string")
            default:
                utf8.append(b)
            }
        }
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws(ReadError) {
        guard offset < bytes.count else { throw error("unterminated string") }
        let b = bytes[offset]
        offset += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let c = simple[b] {
            utf8.append(c)
            return
        }
        guard b == UInt8(ascii: "u") else { throw error("invalid escape '\\\(Self.printable(b))'") }
        var scalar = try readHex4()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate in \\u escape") }
            offset += 2
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("unpaired surrogate in \\u escape") }
        utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func readHex4() throws(ReadError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("unterminated \\u escape") }
        var value: UInt32 = 0
        for b in bytes[offset..<(offset + 4)] {
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        offset += 4
        return value
    }

    /// Reads a number (JSON syntax; the nearest double, which must be finite).
    mutating func readNumber() throws(ReadError) -> Double {
        skipWhitespace()
        let start = offset
        func digits() -> Int {
            let from = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - from
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("expected a number") }
        if integerDigits > 1, bytes[offset - integerDigits] == UInt8(ascii: "0") {
            throw error("number with a leading zero")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw error("expected digits after '.'") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard digits() > 0 else { throw error("expected digits in exponent") }
        }
        guard offset - start <= 400 else { throw error("number too long", at: start) }
        guard let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)), value.isFinite else {
            throw error("number out of range", at: start)
        }
        return value
    }

    /// Reads `true` or `false`.
    mutating func readBool() throws(ReadError) -> Bool {
        skipWhitespace()
        if bytes[offset...].starts(with: Array("true".utf8)) {
            offset += 4
            return true
        }
        if bytes[offset...].starts(with: Array("false".utf8)) {
            offset += 5
            return false
        }
        throw error("expected true or false")
    }

    /// Consumes `null` if it comes next.
    mutating func takeNull() throws(ReadError) -> Bool {
        guard try peekKind() == .null else { return false }
        guard bytes[offset...].starts(with: Array("null".utf8)) else { throw error("expected null") }
        offset += 4
        return true
    }

    /// Reads and discards one value of any kind.
    mutating func skipValue() throws(ReadError) {
        switch try peekKind() {
        case .object: try readObject { (s: inout NativeJSONScanner, _) throws(ReadError) in try s.skipValue() }
        case .array: try readArray { (s: inout NativeJSONScanner, _) throws(ReadError) in try s.skipValue() }
        case .string: _ = try readString()
        case .number: _ = try readNumber()
        case .bool: _ = try readBool()
        case .null: _ = try takeNull()
        }
    }

    /// Checks that only whitespace follows.
    mutating func finish() throws(ReadError) {
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected data after the end of the document") }
    }

    private static func printable(_ b: UInt8) -> String {
        (0x21..<0x7F).contains(b) ? String(UnicodeScalar(b)) : String(format: "\\x%02X", b)
    }
}
