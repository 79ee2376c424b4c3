/// Parses a whole JSON document (RFC 8259) into a `DocumentTree`, with the bounds of
/// `NativeJSONScanner`: nesting deeper than `NativeJSONScanner.maxDepth` is refused, numbers must be
/// finite, strings valid UTF-8. Errors name the byte offset.
enum JSONTree {
    static func parse(_ bytes: [UInt8]) throws(ReadError) -> DocumentTree {
        var scanner = NativeJSONScanner(bytes)
        let tree = try value(&scanner)
        try scanner.finish()
        return tree
    }

    private static func value(_ s: inout NativeJSONScanner) throws(ReadError) -> DocumentTree {
        switch try s.peekKind() {
        case .object:
            var members: [(key: String, value: DocumentTree)] = []
            try s.readObject { (s: inout NativeJSONScanner, key: String) throws(ReadError) in
                members.append((key, try value(&s)))
            }
            return .object(members)
        case .array:
            var elements: [DocumentTree] = []
            try s.readArray { (s: inout NativeJSONScanner, _: Int) throws(ReadError) in
                elements.append(try value(&s))
            }
            return .array(elements)
        case .string: return .string(try s.readString())
        case .number: return .number(try s.readNumber())
        case .bool: return .bool(try s.readBool())
        case .null:
            _ = try s.takeNull()
            return .null
        }
    }
}
