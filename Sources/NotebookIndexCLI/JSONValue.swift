import DrawingModel
import Foundation
import NotebookFormats

/// A JSON value whose objects keep their keys in the order written, so `--json` output matches
/// the documented contract key for key.
enum JSONValue {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// `{"x", "y", "width", "height"}`, or null. Rounded to hundredths of the drawing's unit (of a
    /// point or a pixel: finer than any pen), so sums print as 212.4, not 212.39999999999998.
    static func rect(_ rect: Rect?) -> JSONValue {
        guard let rect else { return .null }
        func rounded(_ value: Double) -> JSONValue { .double((value * 100).rounded() / 100) }
        return .object([
            ("x", rounded(rect.x)), ("y", rounded(rect.y)), ("width", rounded(rect.width)),
            ("height", rounded(rect.height)),
        ])
    }

    static func uuids(_ ids: [UUID]) -> JSONValue { .array(ids.map { .string($0.canonicalString) }) }

    /// Compact, one line.
    var rendered: String {
        var out = ""
        render(into: &out)
        return out
    }

    private func render(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value):
            // JSON has no NaN or infinity; whole numbers keep a ".0" like the contract's examples.
            out += value.isFinite ? String(value) : "null"
        case .string(let value): JSONStringLiteral.append(value, to: &out)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += ", " }
                value.render(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += ", " }
                JSONStringLiteral.append(key, to: &out)
                out += ": "
                value.render(into: &out)
            }
            out += "}"
        }
    }
}
