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

/// A row of `words` read by column name.
///
/// A statement selects `WordRow.columns` or `matchingColumns` (from a table aliased `w`), after any columns of its own,
/// and wraps its current row with the offset where they start, so no caller counts columns. The
/// accessors read SQLite's column on demand: a search reads many rows and keeps few, so stroke
/// IDs and bounds are decoded only for the words it keeps.
struct WordRow {
    /// Every column.
    static let columns = matchingColumns + ", w.text, w.stroke_ids, w.x, w.y, w.width, w.height"
    /// What matching a word needs, leaving out `text`, `stroke_ids` and the bounds: they sit at
    /// the row's end, where a long stroke list spills into overflow pages that SQLite reads only
    /// for a column past them (phrases check thousands of words and keep a hundred).
    static let matchingColumns =
        "w.id, w.drawing_id, w.source, w.line, w.position, w.candidates, w.scores, w.folded, w.confidence"

    private enum Column: Int32 {
        case id, drawing, source, line, position, candidates, scores, folded, confidence, text, strokeIDs, x, y, width,
            height
    }

    private let statement: Statement
    private let offset: Int32

    init(_ statement: Statement, offset: Int32 = 0) {
        self.statement = statement
        self.offset = offset
    }

    private func column(_ column: Column) -> Int32 { offset + column.rawValue }

    var id: Int64 { statement.int64(column(.id)) }
    var place: WordPlace {
        WordPlace(
            drawing: statement.int64(column(.drawing)), source: statement.int(column(.source)),
            line: statement.int(column(.line)), position: statement.int(column(.position)))
    }
    /// The best reading.
    var text: String { statement.string(column(.text)) }
    /// Every reading, best first, one per line.
    var readings: String { statement.string(column(.candidates)) }
    /// `readings` folded as the index stores them (`IndexStore.storedForms`).
    var folded: String { statement.string(column(.folded)) }
    var confidence: Double { statement.double(column(.confidence)) }
    var bounds: Rect? {
        guard let x = statement.optionalDouble(column(.x)), let y = statement.optionalDouble(column(.y)),
            let width = statement.optionalDouble(column(.width)), let height = statement.optionalDouble(column(.height))
        else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The score of the reading at `candidate` (`ReadingID.score`); the scores are parsed only for
    /// an alternative reading, since the best one scores the word's confidence.
    func score(ofCandidate candidate: Int) -> Double {
        guard candidate > 0 else { return ReadingID.score(confidence: confidence, best: 0, chosen: 0) }
        let raw = rawScores
        return ReadingID.score(
            confidence: confidence, best: raw.first ?? 0, chosen: candidate < raw.count ? raw[candidate] : 0)
    }

    /// Every reading's score (`ReadingID.score`), in the readings' order.
    var readingScores: [Double] {
        let raw = rawScores
        guard let best = raw.first else { return [ReadingID.score(confidence: confidence, best: 0, chosen: 0)] }
        let confidence = confidence
        return raw.map { ReadingID.score(confidence: confidence, best: best, chosen: $0) }
    }

    /// The candidates' log-likelihoods, split on the space byte: searches parse them for
    /// thousands of rows, and splitting characters cost a third of a fuzzy query.
    private var rawScores: [Double] {
        var text = statement.string(column(.scores))
        return text.withUTF8 { utf8 in
            utf8.split(separator: UInt8(ascii: " ")).map {
                Double(String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self)) ?? 0
            }
        }
    }

    /// The whole word, decoded.
    func word() -> IndexedWord {
        let texts = readings.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let scores = rawScores
        let candidates = texts.enumerated().map { index, text in
            WordCandidate(text: text, score: index < scores.count ? scores[index] : 0)
        }
        let place = place
        return IndexedWord(
            source: IndexedWord.Source(rawValue: place.source) ?? .handwriting, line: place.line,
            position: place.position, candidates: candidates, confidence: confidence,
            strokeIDs: Self.strokeIDs(statement.string(column(.strokeIDs))), bounds: bounds)
    }

    /// Comma-separated stroke IDs, parsed in place (queries decode thousands of them).
    private static func strokeIDs(_ text: String) -> [UUID] {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.split(separator: UInt8(ascii: ",")).compactMap { UUID.parse(UnsafeBufferPointer(rebasing: $0)) }
        }
    }
}
