import DrawingModel

/// A line of handwriting found by layout analysis, ready for a `LineReading`.
public struct TextLine: Sendable, Hashable {
    /// The line's visible points, in reading order.
    public var ink: LineInk
    /// Tight box of the line's points, in drawing coordinates.
    public var bounds: Rect
    /// 0 … 1: how much the ink looks like writing. 1 for lines built from letter-sized ink; lower
    /// for lines made of ink much larger than the rest of the drawing (a title in a large hand, or
    /// a drawing), which the recognizer reports with lowered confidence.
    public var textLikelihood: Double

    public init(ink: LineInk, bounds: Rect, textLikelihood: Double) {
        self.ink = ink
        self.bounds = bounds
        self.textLikelihood = textLikelihood
    }

    /// Indices (into the drawing's `strokes`) of the strokes with ink in this line, ascending.
    public var strokeIndices: [Int] { Array(Set(ink.points.map(\.strokeIndex))).sorted() }
}
