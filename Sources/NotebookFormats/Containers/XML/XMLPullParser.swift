/// A small, safe XML pull parser written for the notebook formats (Xournal++, InkML, SVG).
///
/// Safety rules, which hold for every input:
/// * **No entity expansion.** Only the five predefined entities (`&lt;` `&gt;` `&amp;` `&quot;`
///   `&apos;`) and numeric character references are decoded. A DOCTYPE (with any internal subset) is
///   skipped unread; references to entities it declares are kept literally. No external resource is
///   ever fetched.
/// * **Bounded memory.** The parser holds the document bytes, the stack of open element names
///   (at most `ReadLimits.maxXMLDepth`) and the current event; every string it makes is a copy of a
///   part of the input.
/// * **Linear time.** Every byte is visited a bounded number of times; no backtracking.
/// * **Clear errors.** `XMLError` names the line and what was expected.
///
/// Supported input: UTF-8 (with or without BOM) and UTF-16 with a BOM (transcoded first). Namespaces
/// are not resolved; callers match on local names (`XMLStartTag.localName`).
///
/// With `lenientEnd`, a document that stops early (truncated mid-element, as some real files are)
/// ends cleanly: an unfinished tag is dropped and the open elements are closed.
struct XMLPullParser {
    let bytes: [UInt8]
    private var position = 0
    private var stack: [(name: String, offset: Int)] = []
    private var pendingEnd: String?
    private var sawRoot = false
    private var finished = false
    private let lenientEnd: Bool

    /// Depth of the element whose content is being read (0 outside the root).
    var depth: Int { stack.count }

    /// Prepares to parse `data`.
    /// - Parameter lenientEnd: end cleanly at an unexpected end of data instead of throwing.
    init(_ data: [UInt8], lenientEnd: Bool = false) {
        self.bytes = XMLPullParser.utf8(data)
        self.lenientEnd = lenientEnd
        if self.bytes.starts(with: [0xef, 0xbb, 0xbf]) { position = 3 }
    }

    /// The line (1-based) of a byte offset, for messages.
    func line(at offset: Int) -> Int {
        var line = 1
        for byte in bytes[0..<min(max(offset, 0), bytes.count)] where byte == 0x0a { line += 1 }
        return line
    }

    /// The next event, or nil when the root element has ended (anything after it is ignored).
    /// - Throws: `XMLError` for malformed markup, mismatched tags, nesting deeper than
    ///   `ReadLimits.maxXMLDepth` or (unless `lenientEnd`) an unexpected end of data.
    mutating func next() throws(XMLError) -> XMLEvent? {
        if let name = pendingEnd {
            pendingEnd = nil
            stack.removeLast()
            if stack.isEmpty { finished = true }
            return .end(name: name)
        }
        while !finished {
            guard position < bytes.count else { return try endOfData() }
            if bytes[position] != UInt8(ascii: "<") {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
                if stack.isEmpty {
                    if bytes[start..<position].allSatisfy(isXMLSpace) { continue }
                    throw error(
                        at: start,
                        sawRoot ? "text after the root element" : "text before the root element: not an XML document")
                }
                return .text(decodeText(start, position))
            }
            if let event = try markup() { return event }
        }
        return nil
    }

    /// After a `.start` event, skips that element's content up to and including its end tag
    /// without building any strings (used for base64 images and previews).
    mutating func skipElement() throws(XMLError) {
        let target = stack.count - 1
        if pendingEnd != nil {
            _ = try next()
            return
        }
        while stack.count > target {
            guard position < bytes.count else {
                _ = try endOfData()
                return
            }
            if bytes[position] != UInt8(ascii: "<") {
                position = indexOf(UInt8(ascii: "<"), from: position) ?? bytes.count
                continue
            }
            if case .start = try markup() {
                if pendingEnd != nil { _ = try next() }
            }
        }
    }

    /// After a `.start` event, the element's text (child elements' text included) up to and
    /// including its end tag.
    mutating func readText() throws(XMLError) -> String {
        let target = stack.count - 1
        var text = ""
        while stack.count > target, let event = try next() {
            if case .text(let piece) = event { text += piece }
        }
        return text
    }

    // MARK: - Markup

    /// Parses markup starting at `<`; returns nil for comments, processing instructions and DOCTYPE.
    private mutating func markup() throws(XMLError) -> XMLEvent? {
        let start = position
        guard position + 1 < bytes.count else { return try truncated(at: start, "a tag") }
        switch bytes[position + 1] {
        case UInt8(ascii: "?"):
            guard let end = find([0x3f, 0x3e], from: position + 2) else {
                return try truncated(at: start, "a processing instruction")
            }
            position = end + 2
            return nil
        case UInt8(ascii: "!"):
            if matches("<!--", at: position) {
                guard let end = find(Array("-->".utf8), from: position + 4) else {
                    return try truncated(at: start, "a comment")
                }
                position = end + 3
                return nil
            }
            if matches("<![CDATA[", at: position) {
                guard let end = find(Array("]]>".utf8), from: position + 9) else {
                    return try truncated(at: start, "a CDATA section")
                }
                guard !stack.isEmpty else { throw error(at: start, "CDATA outside the root element") }
                position = end + 3
                return .text(String(decoding: bytes[(start + 9)..<end], as: UTF8.self))
            }
            if matches("<!DOCTYPE", at: position) {
                guard !sawRoot else { throw error(at: start, "DOCTYPE inside the document") }
                try skipDoctype()
                return nil
            }
            throw error(at: start, "unknown markup declaration")
        case UInt8(ascii: "/"):
            return try endTag()
        default:
            return try startTag()
        }
    }

    private mutating func startTag() throws(XMLError) -> XMLEvent? {
        let start = position
        if finished || (stack.isEmpty && sawRoot) { throw error(at: start, "a second root element") }
        position += 1
        guard let name = try readName() else {
            if position >= bytes.count { return try truncated(at: start, "a start tag") }
            throw error(at: start, "expected an element name after '<'")
        }
        var attributes: [XMLAttribute] = []
        while true {
            skipSpace()
            guard position < bytes.count else { return try truncated(at: start, "the start tag <\(name)>") }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                try push(name, start)
                return .start(XMLStartTag(name: name, attributes: attributes, offset: start))
            }
            if byte == UInt8(ascii: "/") {
                guard position + 1 < bytes.count else { return try truncated(at: start, "the start tag <\(name)>") }
                guard bytes[position + 1] == UInt8(ascii: ">") else {
                    throw error(at: position, "expected '>' after '/' in <\(name)>")
                }
                position += 2
                try push(name, start)
                pendingEnd = name
                return .start(XMLStartTag(name: name, attributes: attributes, offset: start))
            }
            let attributeStart = position
            guard let attributeName = try readName() else {
                throw error(at: position, "unexpected '\(Unicode.Scalar(byte))' in the start tag <\(name)>")
            }
            skipSpace()
            guard position < bytes.count else { return try truncated(at: start, "the start tag <\(name)>") }
            guard bytes[position] == UInt8(ascii: "=") else {
                throw error(at: attributeStart, "attribute \(attributeName) of <\(name)> has no value")
            }
            position += 1
            skipSpace()
            guard position < bytes.count else { return try truncated(at: start, "the start tag <\(name)>") }
            let quote = bytes[position]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error(at: position, "value of attribute \(attributeName) of <\(name)> is not quoted")
            }
            guard let close = indexOf(quote, from: position + 1) else {
                return try truncated(at: start, "the start tag <\(name)>")
            }
            if let lt = indexOf(UInt8(ascii: "<"), from: position + 1, before: close) {
                throw error(at: lt, "'<' in the value of attribute \(attributeName) of <\(name)>")
            }
            guard attributes.count < ReadLimits.maxXMLAttributes else {
                throw error(at: start, "<\(name)> has more than \(ReadLimits.maxXMLAttributes) attributes")
            }
            attributes.append(XMLAttribute(name: attributeName, value: decodeAttribute(position + 1, close)))
            position = close + 1
            if position < bytes.count, !isXMLSpace(bytes[position]),
                bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/")
            {
                throw error(at: position, "expected a space between attributes of <\(name)>")
            }
        }
    }

    private mutating func endTag() throws(XMLError) -> XMLEvent? {
        let start = position
        position += 2
        guard let name = try readName() else {
            if position >= bytes.count { return try truncated(at: start, "an end tag") }
            throw error(at: start, "expected an element name after '</'")
        }
        skipSpace()
        guard position < bytes.count else { return try truncated(at: start, "the end tag </\(name)>") }
        guard bytes[position] == UInt8(ascii: ">") else {
            throw error(at: position, "expected '>' to close </\(name)>")
        }
        position += 1
        guard let open = stack.last else { throw error(at: start, "end tag </\(name)> without a start tag") }
        guard open.name == name else {
            throw error(
                at: start, "expected </\(open.name)> (opened on line \(line(at: open.offset))), found </\(name)>")
        }
        stack.removeLast()
        if stack.isEmpty { finished = true }
        return .end(name: name)
    }

    private mutating func push(_ name: String, _ offset: Int) throws(XMLError) {
        guard stack.count < ReadLimits.maxXMLDepth else {
            throw error(at: offset, "elements nested deeper than \(ReadLimits.maxXMLDepth)")
        }
        stack.append((name, offset))
        sawRoot = true
    }

    /// Skips `<!DOCTYPE …>` including an internal subset in brackets, honouring quoted strings;
    /// declarations inside are not interpreted.
    private mutating func skipDoctype() throws(XMLError) {
        let start = position
        var bracketDepth = 0
        position += 9
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard let close = indexOf(byte, from: position + 1) else { break }
                position = close
            case UInt8(ascii: "["): bracketDepth += 1
            case UInt8(ascii: "]"): bracketDepth = max(0, bracketDepth - 1)
            case UInt8(ascii: ">") where bracketDepth == 0:
                position += 1
                return
            default: break
            }
            position += 1
        }
        _ = try truncated(at: start, "the DOCTYPE")
    }

    // MARK: - End of data

    private mutating func endOfData() throws(XMLError) -> XMLEvent? {
        if stack.isEmpty {
            if !sawRoot { throw error(at: bytes.count, "no root element: not an XML document") }
            finished = true
            return nil
        }
        guard lenientEnd else {
            let open = stack[stack.count - 1]
            throw error(
                at: bytes.count,
                "unexpected end of data inside <\(open.name)> (opened on line \(line(at: open.offset)))")
        }
        let open = stack.removeLast()
        if stack.isEmpty { finished = true }
        return .end(name: open.name)
    }

    /// Handles data that stops inside markup: an error, or with `lenientEnd` the unfinished markup
    /// is dropped and the open elements are closed one by one.
    private mutating func truncated(at offset: Int, _ what: String) throws(XMLError) -> XMLEvent? {
        guard lenientEnd else { throw error(at: offset, "unexpected end of data inside \(what)") }
        position = bytes.count
        return try endOfData()
    }

    // MARK: - Lexing helpers

    private mutating func readName() throws(XMLError) -> String? {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if isXMLSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
                || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
                || byte == UInt8(ascii: "&")
            {
                break
            }
            position += 1
        }
        guard position > start else { return nil }
        guard position - start <= ReadLimits.maxXMLNameLength else {
            throw error(at: start, "a name longer than \(ReadLimits.maxXMLNameLength) bytes")
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skipSpace() {
        while position < bytes.count, isXMLSpace(bytes[position]) { position += 1 }
    }

    private func matches(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { lit in
            for i in 0..<count where bytes[offset + i] != lit[i] { return false }
            return true
        }
    }

    private func indexOf(_ byte: UInt8, from: Int, before limit: Int? = nil) -> Int? {
        var at = from
        let end = limit ?? bytes.count
        while at < end {
            if bytes[at] == byte { return at }
            at += 1
        }
        return nil
    }

    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard let first = needle.first else { return nil }
        var at = from
        while let candidate = indexOf(first, from: at) {
            guard candidate + needle.count <= bytes.count else { return nil }
            var ok = true
            for i in 1..<needle.count where bytes[candidate + i] != needle[i] {
                ok = false
                break
            }
            if ok { return candidate }
            at = candidate + 1
        }
        return nil
    }

    private func error(at offset: Int, _ message: String) -> XMLError {
        XMLError(line: line(at: offset), message: message)
    }
}

/// XML's white space: space, tab, line feed, carriage return.
@inline(__always)
func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0a || byte == 0x09 || byte == 0x0d
}
