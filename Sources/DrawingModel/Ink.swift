/// How a stroke is drawn: the tool, its colour and its nominal width.
public struct Ink: Sendable, Hashable, Codable {
    /// The drawing tool. The recognizer skips highlighter strokes that lie over other ink;
    /// erasers never become ink (readers turn them into masks or drop them).
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case pen, pencil, marker, fountainPen, monoline, watercolor, crayon, highlighter
    }

    /// An sRGB colour with alpha, each component 0 … 1.
    public struct Color: Sendable, Hashable, Codable {
        public var red: Double, green: Double, blue: Double, alpha: Double

        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        public static let black = Color(red: 0, green: 0, blue: 0)
    }

    public var kind: Kind
    public var color: Color
    /// Nominal nib width in drawing units; per-point widths live in `StrokePoint.size`.
    public var width: Double

    public init(kind: Kind = .pen, color: Color = .black, width: Double = 1) {
        self.kind = kind
        self.color = color
        self.width = width
    }
}
