/// JSON string literals, shared by the native notebook writer and the command line's JSON output
/// (and the YAML front matter of `export --markdown`: YAML 1.2 reads them as double-quoted scalars).
package enum JSONStringLiteral {
    /// Appends `text` as a quoted JSON string. Control characters (C0, DEL and C1, which YAML
    /// does not take unescaped) and U+2028/U+2029 (which end a line in JavaScript) are escaped, so
    /// the output stays one line and any JSON or YAML parser reads it.
    package static func append(_ text: String, to out: inout String) {
        out += "\""
        // most strings (paths, stroke IDs, words) need no escape: copied whole, not scalar by scalar
        guard needsEscape(text) else {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x2028...0x2029).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    private static func needsEscape(_ text: String) -> Bool {
        // C1 controls are C2 80 … C2 9F in UTF-8, U+2028 and U+2029 are E2 80 A8 and E2 80 A9: a lead
        // byte C2 or E2 sends it the slow way
        text.utf8.contains {
            $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xC2 || $0 == 0xE2
        }
    }

    /// `text` as a quoted JSON string.
    package static func quoted(_ text: String) -> String {
        var out = ""
        append(text, to: &out)
        return out
    }
}
