/// One PDF object (ISO 32000-1 §7.3) as `PDFParser` reads it. Integers and reals are both
/// `number`: every integer a real file holds (offsets, counts, object numbers) is exact in a
/// `Double`. A stream keeps its dictionary and where its raw data lies in the file.
enum PDFObject: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case name(String)
    /// A string's bytes after escapes (literal) or hex digits (hex) are decoded; see `PDFText`.
    case string([UInt8])
    case array([PDFObject])
    case dictionary([String: PDFObject])
    case reference(PDFReference)
    /// The dictionary and the range of the raw (still encoded) data in the file's bytes.
    case stream([String: PDFObject], Range<Int>)

    /// The dictionary of a dictionary or a stream; nil for other objects.
    var dictionary: [String: PDFObject]? {
        switch self {
        case .dictionary(let entries), .stream(let entries, _): return entries
        default: return nil
        }
    }

    var array: [PDFObject]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// A finite number; nil for anything else.
    var number: Double? {
        if case .number(let value) = self, value.isFinite { return value }
        return nil
    }

    /// A number that is a whole value within `Int` (object numbers, offsets, counts).
    var integer: Int? {
        guard let value = number, value == value.rounded(), abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    var name: String? {
        if case .name(let value) = self { return value }
        return nil
    }

    var string: [UInt8]? {
        if case .string(let value) = self { return value }
        return nil
    }

    var reference: PDFReference? {
        if case .reference(let value) = self { return value }
        return nil
    }

    subscript(key: String) -> PDFObject? { dictionary?[key] }
}

/// An indirect reference `n g R`.
struct PDFReference: Sendable, Hashable, CustomStringConvertible {
    var number: Int
    var generation: Int

    var description: String { "object \(number) \(generation)" }
}
