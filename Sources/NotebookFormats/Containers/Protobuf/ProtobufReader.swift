import Foundation

/// A bounded reader of the Protocol Buffers wire format (protobuf.dev/programming-guides/encoding),
/// for Wacom's UIM and WILL ink. It knows no schema: the caller walks the fields of one message and
/// decodes those it knows by number.
///
/// ```
/// field  = key varint (number << 3 | wire type), then by wire type:
///          0 varint · 1 fixed 8 bytes · 2 varint length + bytes (string, bytes, message, packed
///          repeated scalars) · 5 fixed 4 bytes        (3 and 4, groups, are refused)
/// ```
/// Every length is checked against the bytes left in the enclosing message; varints longer than
/// ten bytes are refused; nested messages are read through new readers over slices (no copy), so
/// memory stays at what the caller keeps.
struct ProtobufReader {
    enum Value {
        case varint(UInt64)
        case fixed64(UInt64)
        case bytes(ArraySlice<UInt8>)
        case fixed32(UInt32)
    }

    private let bytes: ArraySlice<UInt8>
    private var offset: Int
    /// What the message is, for error messages ("UIM ink data: stroke 3").
    let context: String

    init(_ bytes: ArraySlice<UInt8>, context: String) {
        self.bytes = bytes
        self.offset = bytes.startIndex
        self.context = context
    }

    func error(_ message: String) -> ReadError {
        ReadError("\(context): \(message)")
    }

    private mutating func varint() throws(ReadError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.endIndex else { throw error("truncated varint") }
            let byte = bytes[offset]
            offset += 1
            guard shift < 64 else { throw error("varint longer than 10 bytes") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    private mutating func fixed(_ count: Int) throws(ReadError) -> UInt64 {
        guard bytes.endIndex - offset >= count else { throw error("truncated fixed-size field") }
        var value: UInt64 = 0
        for k in 0..<count { value |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
        offset += count
        return value
    }

    /// The next field, or nil at the end of the message.
    mutating func next() throws(ReadError) -> (number: Int, value: Value)? {
        guard offset < bytes.endIndex else { return nil }
        let key = try varint()
        let number = Int(truncatingIfNeeded: key >> 3)
        guard number > 0, number < 1 << 29 else { throw error("invalid field number \(key >> 3)") }
        switch key & 7 {
        case 0: return (number, .varint(try varint()))
        case 1: return (number, .fixed64(try fixed(8)))
        case 2:
            let length = try varint()
            guard length <= UInt64(bytes.endIndex - offset) else {
                throw error("field \(number) of \(length) bytes runs past the end of its message")
            }
            defer { offset += Int(length) }
            return (number, .bytes(bytes[offset..<(offset + Int(length))]))
        case 5: return (number, .fixed32(UInt32(try fixed(4))))
        default: throw error("unsupported wire type \(key & 7) in field \(number)")
        }
    }

    /// Calls `body` with each field of the message in order.
    mutating func forEach(_ body: (Int, Field) throws(ReadError) -> Void) throws(ReadError) {
        while let (number, value) = try next() { try body(number, Field(value: value, context: context)) }
    }

    /// A field's value with the message's context, so that decoding it can name where it failed
    /// without touching the reader that is iterating.
    struct Field {
        var value: Value
        var context: String

        func error(_ message: String) -> ReadError {
            ReadError("\(context): \(message)")
        }
    }
}

extension ProtobufReader.Field {
    /// A length-delimited field's bytes.
    func bytes() throws(ReadError) -> ArraySlice<UInt8> {
        guard case .bytes(let b) = value else { throw error("expected a length-delimited field") }
        return b
    }

    /// A nested message's reader.
    func message(_ what: String) throws(ReadError) -> ProtobufReader {
        ProtobufReader(try bytes(), context: "\(context): \(what)")
    }

    func string() throws(ReadError) -> String {
        guard let text = String(validating: try bytes(), as: UTF8.self) else {
            throw error("string is not valid UTF-8")
        }
        return text
    }

    func uint() throws(ReadError) -> UInt64 {
        switch value {
        case .varint(let v), .fixed64(let v): return v
        case .fixed32(let v): return UInt64(v)
        case .bytes: throw error("expected a number, found a length-delimited field")
        }
    }

    /// A `sint32`/`sint64` (zigzag) value.
    func sint() throws(ReadError) -> Int64 {
        ProtobufReader.zigzag(try uint())
    }

    /// A `float` (fixed32) or `double` (fixed64) value.
    func float() throws(ReadError) -> Double {
        switch value {
        case .fixed32(let v): return Double(Float(bitPattern: v))
        case .fixed64(let v): return Double(bitPattern: v)
        default: throw error("expected a floating-point field")
        }
    }

    /// Appends a repeated `float` field, packed (proto3's default) or not.
    func appendFloats(to values: inout [Double], limit: Int) throws(ReadError) {
        switch value {
        case .bytes(let b):
            guard b.count % 4 == 0 else { throw error("packed floats of \(b.count) bytes") }
            guard values.count + b.count / 4 <= limit else { throw error("more than \(limit) values") }
            var i = b.startIndex
            while i < b.endIndex {
                let bits = UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
                values.append(Double(Float(bitPattern: bits)))
                i += 4
            }
        default:
            guard values.count < limit else { throw error("more than \(limit) values") }
            values.append(try float())
        }
    }

    /// Appends a repeated varint field (`uint32`, or zigzag `sint32` when `zigzag`), packed or not.
    func appendVarints(to values: inout [Int64], zigzag: Bool, limit: Int) throws(ReadError) {
        switch value {
        case .bytes(let b):
            var packed = ProtobufReader(b, context: context)
            while packed.offset < b.endIndex {
                guard values.count < limit else { throw error("more than \(limit) values") }
                let raw = try packed.varint()
                values.append(zigzag ? ProtobufReader.zigzag(raw) : Int64(truncatingIfNeeded: raw))
            }
        default:
            guard values.count < limit else { throw error("more than \(limit) values") }
            let raw = try uint()
            values.append(zigzag ? ProtobufReader.zigzag(raw) : Int64(truncatingIfNeeded: raw))
        }
    }
}

extension ProtobufReader {
    static func zigzag(_ raw: UInt64) -> Int64 {
        Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// Reads a stream of messages each prefixed by its varint length (WILL's `INK ` chunk).
    static func delimitedMessages(
        _ bytes: ArraySlice<UInt8>, context: String, limit: Int
    ) throws(ReadError) -> [ArraySlice<UInt8>] {
        var reader = ProtobufReader(bytes, context: context)
        var messages: [ArraySlice<UInt8>] = []
        while reader.offset < bytes.endIndex {
            guard messages.count < limit else { throw reader.error("more than \(limit) messages") }
            let length = try reader.varint()
            guard length <= UInt64(bytes.endIndex - reader.offset) else {
                throw reader.error("message \(messages.count + 1) of \(length) bytes runs past the end of the data")
            }
            messages.append(bytes[reader.offset..<(reader.offset + Int(length))])
            reader.offset += Int(length)
        }
        return messages
    }
}
