import DrawingModel
import Foundation

/// Maps what a `LineReading` decoded back onto the drawing: each word's stroke IDs and the tight
/// box of its own points.
///
/// A word owns exactly the points of its `pointRange`. Where one stroke runs through several words
/// (cursive), the stroke's ID is in each of them, but each box holds only that word's share of the
/// stroke, so a search hit frames the word and not the whole stroke.
package enum Alignment {
    /// The recognized word for `word`, read from `line` of `drawing`.
    ///
    /// A `pointRange` reaching past the line is clamped to it; an empty one is placed at its
    /// nearest point, with a box of zero size. A word with `pointIndices` owns those points instead.
    /// - Returns: nil only when `line` has no points.
    package static func align(_ word: DecodedWord, in line: LineInk, of drawing: Drawing) -> RecognizedWord? {
        let points = line.points
        guard !points.isEmpty else { return nil }
        let lower = min(max(word.pointRange.lowerBound, 0), points.count - 1)
        let upper = min(max(word.pointRange.upperBound, lower + 1), points.count)
        let own = word.pointIndices?.filter(points.indices.contains) ?? []
        let span = own.isEmpty ? Array(points[lower..<upper]) : own.map { points[$0] }
        var strokeIDs = Set<UUID>()
        for point in span where drawing.strokes.indices.contains(point.strokeIndex) {
            strokeIDs.insert(drawing.strokes[point.strokeIndex].id)
        }
        guard let bounds = Rect(enclosing: span.lazy.map(\.location)) else { return nil }
        return RecognizedWord(
            candidates: word.candidates, strokeIDs: strokeIDs, bounds: bounds,
            confidence: min(max(word.confidence, 0), 1))
    }
}
