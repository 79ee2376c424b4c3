import DrawingModel
import Foundation
import Recognition
import TextMatching

/// Where a word sits on its page: phrases are consecutive positions of one line.
struct WordPlace: Hashable {
    var drawing: Int64
    var source: Int
    var line: Int
    var position: Int
}

/// A word read out of its line (`StoredLine`): the line and the word's index in it.
///
/// A search reads many rows and keeps few, so stroke IDs and bounds are decoded only for the
/// words it keeps (`PackedPlace`). `folded` is implied where it would repeat the readings
/// lowercased, `confidence` where the scores give it (`ImpliedColumns`): the accessors compute
/// those only when read.
struct WordRow {
    let line: StoredLine
    let index: Int

    var id: Int64 { line.id + Int64(index) }
    var place: WordPlace {
        WordPlace(drawing: id >> 20, source: line.source, line: line.line, position: line.position(index))
    }
    /// The best reading: the first line of `readings`.
    var text: String { line.text(index) }
    /// Every reading, best first, one per line.
    var readings: String { line.readings(index) }
    /// The reading at `candidate` (a line of `readings`).
    func reading(_ candidate: Int) -> String { String(readingTexts[candidate]) }
    private var readingTexts: [Substring] { readings.split(separator: "\n", omittingEmptySubsequences: false) }
    var source: IndexedWord.Source { IndexedWord.Source(rawValue: line.source) ?? .handwriting }
    /// `readings` folded as the index stores them (`IndexStore.storedForms`).
    var folded: String { line.folded(index) }
    /// The stored confidence, or the one the scores give where none is stored (`ImpliedColumns`).
    var confidence: Double { confidence(rawScores: nil) }

    private func confidence(rawScores raw: [Double]?) -> Double {
        if let stored = line.storedConfidence(index) { return stored }
        if let raw { return ImpliedColumns.derivedConfidence(scores: raw) }
        return line.withScores(index, ImpliedColumns.derivedConfidence(packedScores:))
    }
    /// The word's bounds, in points (`StoredBounds`).
    var bounds: Rect? { line.place(index).rect }

    /// The score of the reading at `candidate` (`ReadingID.score`); the scores are decoded only for
    /// an alternative reading, since the best one scores the word's confidence.
    func score(ofCandidate candidate: Int) -> Double {
        guard candidate > 0 else { return ReadingID.score(confidence: confidence, best: 0, chosen: 0) }
        let raw = rawScores
        return ReadingID.score(
            confidence: confidence(rawScores: raw), best: raw.first ?? 0,
            chosen: candidate < raw.count ? raw[candidate] : 0)
    }

    /// Every reading's score (`ReadingID.score`), in the readings' order.
    var readingScores: [Double] {
        let raw = rawScores
        let confidence = confidence(rawScores: raw)
        guard let best = raw.first else { return [ReadingID.score(confidence: confidence, best: 0, chosen: 0)] }
        return raw.map { ReadingID.score(confidence: confidence, best: best, chosen: $0) }
    }

    /// The candidates' log-likelihoods (`PackedColumns`).
    private var rawScores: [Double] { line.withScores(index, PackedColumns.scores) }

    /// The word's place (position, bounds) and its stroke IDs.
    /// - Parameter drawingStrokes: the stroke IDs of the word's drawing, which its `strokes` are
    ///   positions in.
    func placeAndStrokeIDs(in drawingStrokes: StrokeList) -> (place: PackedPlace, strokeIDs: [UUID]) {
        let place = line.place(index)
        return (place, place.strokes.withUnsafeBytes { PackedColumns.strokeIDs($0, in: drawingStrokes) })
    }

    /// The whole word, decoded.
    /// - Parameter drawingStrokes: as for `placeAndStrokeIDs(in:)`.
    func word(drawingStrokes: StrokeList) -> IndexedWord {
        let scores = rawScores
        let candidates = readingTexts.enumerated().map { index, text in
            WordCandidate(text: String(text), score: index < scores.count ? scores[index] : 0)
        }
        let (place, strokeIDs) = placeAndStrokeIDs(in: drawingStrokes)
        return IndexedWord(
            source: source, line: place.line, position: place.position, candidates: candidates,
            confidence: confidence(rawScores: scores), strokeIDs: strokeIDs, bounds: place.rect)
    }
}

extension IndexStore {
    /// The stroke IDs of a drawing (`StrokeList`), which its words' `strokes` refer to.
    func drawingStrokes(_ drawing: Int64) throws -> StrokeList {
        try database.statement("SELECT stroke_ids, stroke_keys FROM drawings WHERE id = ?").firstRow([drawing]) {
            $0.strokeList(ids: 0, keys: 1)
        } ?? StrokeList(ids: UnsafeRawBufferPointer(start: nil, count: 0), keys: nil)
    }

    /// The first and last word IDs a drawing can hold: its words are this range (`WordID`).
    static func wordRange(of drawing: Int64) -> (first: Int64, last: Int64) {
        (drawing << 20, drawing << 20 | Int64(WordID.maxWordsPerDrawing - 1))
    }
}
