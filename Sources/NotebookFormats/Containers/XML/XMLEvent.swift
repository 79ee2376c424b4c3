/// What `XMLPullParser` reports, one item at a time.
enum XMLEvent: Sendable {
    /// An element starts. A self-closing element (`<a/>`) gives `.start` then `.end`.
    case start(XMLStartTag)
    /// An element ends.
    case end(name: String)
    /// Character data (entities decoded, CDATA included as is). Text of one element may arrive in
    /// several pieces (split by comments, CDATA sections or child elements).
    case text(String)
}

/// An element's start tag: its qualified name and attributes in document order.
struct XMLStartTag: Sendable {
    /// The qualified name as written, e.g. `inkml:trace`.
    var name: String
    /// Attributes as written (qualified names), values with entities decoded and whitespace
    /// normalised as XML requires.
    var attributes: [XMLAttribute]
    /// Byte offset of the `<` in the document (for error messages).
    var offset: Int

    /// The name without its namespace prefix (`trace` for `inkml:trace`).
    var localName: Substring { xmlLocalName(name) }

    /// The value of the attribute with exactly this qualified name.
    subscript(_ attributeName: String) -> String? {
        for attribute in attributes where attribute.name == attributeName { return attribute.value }
        return nil
    }
}

/// One `name="value"` pair of a start tag.
struct XMLAttribute: Sendable, Hashable {
    var name: String
    var value: String
}

/// Why a document is not acceptable XML; `description` reads "line 12: …".
struct XMLError: Error, Sendable, CustomStringConvertible {
    var line: Int
    var message: String

    var description: String { "line \(line): \(message)" }

    /// The same problem as a `ReadError` for the edge.
    var readError: ReadError { ReadError("XML \(description)") }
}

/// The part of a qualified name after its prefix.
func xmlLocalName(_ name: String) -> Substring {
    if let colon = name.lastIndex(of: ":") { return name[name.index(after: colon)...] }
    return name[...]
}

extension String {
    /// The string without leading and trailing XML white space.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isXMLSpaceScalar($0) }),
            let last = scalars.lastIndex(where: { !isXMLSpaceScalar($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}

private func isXMLSpaceScalar(_ s: Unicode.Scalar) -> Bool {
    s == " " || s == "\n" || s == "\t" || s == "\r"
}
