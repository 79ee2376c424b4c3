import DrawingModel

/// A word's bounds as schema 8 stores them: x, y, width and height each as an integer number of
/// hundredths of a point (`words.x100`, `y100`, `width100`, `height100`; since schema 11 packed
/// in `words.place`, `PackedPlace`), rounded half away from
/// zero, which is how `query --json` rounds the bounds it prints. An integer of a few bytes takes
/// the place of an 8-byte double, and every bound a hit or a word's own box shows in `--json` is
/// the one a double would have shown; a box made of several words' boxes (a phrase, a line) is
/// within 0.01 of it per side, 0.02 for its width and height.
enum StoredBounds {
    /// Stored units a point.
    static let scale = 100.0
    /// Beyond this a value is not stored (no notebook coordinate comes near it: they are bounded
    /// by ±2^24 after every transform), so the integers always fit.
    static let limit = 1e15

    /// The four stored values, or nil for a word without bounds (typed text without a box) or
    /// one with a value that is not finite or too large.
    static func columns(_ rect: Rect?) -> (x: Int64, y: Int64, width: Int64, height: Int64)? {
        guard let rect else { return nil }
        let values = [rect.x, rect.y, rect.width, rect.height].map { ($0 * scale).rounded() }
        guard values.allSatisfy({ $0.isFinite && abs($0) < limit }) else { return nil }
        return (Int64(values[0]), Int64(values[1]), Int64(values[2]), Int64(values[3]))
    }

    /// The bounds of four stored values.
    static func rect(x: Int64, y: Int64, width: Int64, height: Int64) -> Rect {
        Rect(x: Double(x) / scale, y: Double(y) / scale, width: Double(width) / scale, height: Double(height) / scale)
    }

    /// A rect as it comes back from the index: each value at the stored precision.
    static func stored(_ rect: Rect?) -> Rect? {
        columns(rect).map { Self.rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    /// The SQL of the stored value of the double column `column` (for migrating older indexes).
    /// SQLite's `round` rounds half away from zero as Swift's `rounded()` does, except for the
    /// values within a unit in the last place below one half, which no coordinate times 100 is.
    static func sql(_ column: String) -> String {
        "CASE WHEN abs(\(column) * \(Int(scale))) < \(Int64(limit)) THEN CAST(round(\(column) * \(Int(scale))) AS INTEGER) END"
    }
}
