/// A decoded JSON or BSON document, for formats whose readers need the whole tree at once (Rnote's
/// parallel component arrays, Saber's pages): objects keep their keys in file order.
///
/// The tree never holds more values than its source had bytes, and its nesting is capped by the
/// decoder (`JSONTree.maxDepth`, `BSONDecoder.maxDepth`), so its size is bounded by the input's.
enum DocumentTree: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// BSON binary data (Saber's point arrays and assets).
    case binary([UInt8])
    case array([DocumentTree])
    case object([(key: String, value: DocumentTree)])

    static func == (lhs: DocumentTree, rhs: DocumentTree) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.binary(let a), .binary(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The value of `key` in an object (the first, if repeated); nil for other values or a missing key.
    subscript(key: String) -> DocumentTree? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The elements of an array; nil for other values.
    var array: [DocumentTree]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members of an object; nil for other values.
    var members: [(key: String, value: DocumentTree)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// A finite number; nil for anything else.
    var number: Double? {
        if case .number(let value) = self, value.isFinite { return value }
        return nil
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// For an object with exactly one member (Rust's externally tagged enums, as Rnote writes
    /// them), that member; for a string, the string with a null value (a unit variant).
    var variant: (tag: String, value: DocumentTree)? {
        switch self {
        case .object(let members) where members.count == 1: return (members[0].key, members[0].value)
        case .string(let tag): return (tag, .null)
        default: return nil
        }
    }
}
