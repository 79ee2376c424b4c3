import DrawingModel

/// A line of handwriting found by layout analysis, ready for a `LineReading`.
package struct TextLine: Sendable, Hashable {
    /// The line's visible points, in reading order.
    package var ink: LineInk
    /// Tight box of the line's points, in drawing coordinates.
    package var bounds: Rect
    /// 0 … 1: how much the ink looks like writing. 1 for lines built from letter-sized ink; lower
    /// for lines made of ink much larger than the rest of the drawing (a title in a large hand, or
    /// a drawing), which the recognizer reports with lowered confidence.
    package var textLikelihood: Double
    /// The stroke classifier's probability that each of the line's traces is writing, in the
    /// order of `ink.traceRanges`; empty when the layout had no classifier (CJK writing, the rules).
    package var traceWriting: [Double]
    /// The median local writing size of the line's traces (`LocalSize`); 0 when unknown.
    package var writingSize: Double

    package init(
        ink: LineInk, bounds: Rect, textLikelihood: Double, traceWriting: [Double] = [], writingSize: Double = 0
    ) {
        self.ink = ink
        self.bounds = bounds
        self.textLikelihood = textLikelihood
        self.traceWriting = traceWriting
        self.writingSize = writingSize
    }

    /// The line cut into consecutive pieces of at most `limit` traces each (itself when it has
    /// no more), so that one huge line group is read as several lines of bounded work.
    func pieces(ofTraces limit: Int) -> [TextLine] {
        var starts = ink.points.indices.filter { ink.points[$0].startsTrace }
        guard starts.count > limit else { return [self] }
        starts = stride(from: 0, to: starts.count, by: limit).map { starts[$0] }
        return starts.indices.map { k in
            let points = Array(ink.points[starts[k]..<(k + 1 < starts.count ? starts[k + 1] : ink.points.count)])
            let box = Rect(enclosing: points.lazy.map(\.location)) ?? bounds
            let writing =
                traceWriting.isEmpty ? [] : Array(traceWriting[(k * limit)..<min((k + 1) * limit, traceWriting.count)])
            return TextLine(
                ink: LineInk(points: points), bounds: box, textLikelihood: textLikelihood, traceWriting: writing,
                writingSize: writingSize)
        }
    }

    /// Indices (into the drawing's `strokes`) of the strokes with ink in this line, ascending.
    package var strokeIndices: [Int] { Array(Set(ink.points.map(\.strokeIndex))).sorted() }
}
