import DrawingModel

/// A colour as Flutter apps store it (Saber, Butterfly): Dart's `Color.value`, an ARGB integer,
/// as a JSON number or a BSON int32 or int64 (an int32 with alpha over 0x7F reads as negative,
/// so only the low 32 bits count).
enum DartColor {
    /// The colour of `value`; black when it is absent or not such a number.
    static func ink(_ value: DocumentTree?) -> Ink.Color {
        guard let n = value?.number, n.magnitude < 0x1_0000_0000_0000 else { return .black }
        let argb = UInt32(truncatingIfNeeded: Int64(n))
        return Ink.Color(
            red: Double(argb >> 16 & 0xFF) / 255, green: Double(argb >> 8 & 0xFF) / 255,
            blue: Double(argb & 0xFF) / 255, alpha: Double(argb >> 24) / 255)
    }
}
