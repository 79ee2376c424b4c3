import DrawingModel
import Foundation

/// Small text helpers shared by the human-readable outputs.
enum Formatting {
    /// Text from a file or a file name as it may be shown on a terminal: control characters
    /// (C0, DEL, C1) and bidirectional overrides escaped (`\n`, `\u{1B}`), so that a name or a
    /// stroke ID cannot forge lines or send escape sequences; a backslash is doubled so that the
    /// escapes stay unambiguous. Text without them is returned as is.
    static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\\": result += "\\\\"
            case _ where needsEscape(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `(102, 310) 88×32`: position and size rounded to whole units.
    static func box(_ rect: Rect) -> String {
        "(\(whole(rect.x)), \(whole(rect.y))) \(whole(rect.width))×\(whole(rect.height))"
    }

    static func whole(_ value: Double) -> String {
        value.isFinite ? String(Int(value.rounded())) : "?"
    }

    /// `1.2 MB`, `512 bytes`.
    static func bytes(_ count: Int64) -> String {
        if count < 1024 { return "\(count) bytes" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return String(format: "%.1f %@", value, units[unit])
    }

    /// `1:05` or `1:02:03`.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "--:--" }
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    /// Wraps `text` in an ANSI style when `enabled`.
    static func styled(_ text: String, _ code: String, enabled: Bool) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
