import Foundation
import Recognition

/// Readings a writer's hand adds to words already stored, in the build that learned it
/// (`Indexer.readAgainFromEvidence`): the words of a drawing by their place, and a word's readings
/// and confidence replaced in place. The FTS5 tables follow through `words`' update triggers; the
/// word's ID, strokes and box stay.
extension IndexStore {
    /// The handwritten words of the drawings with `key` read by `recognitionVersion`, each with
    /// its ID, by drawing.
    func handwritingWords(
        drawingKey key: String, recognitionVersion: Int
    ) throws -> [[(id: Int64, word: IndexedWord)]] {
        var ids: [Int64] = []
        try database.statement("SELECT id FROM drawings WHERE key = ? AND recognition_version = ?")
            .forEachRow([key, recognitionVersion]) { (row: Statement) -> Void in ids.append(row.int64(0)) }
        let statement = try database.statement(
            "SELECT \(WordRow.columns) FROM words w WHERE w.id BETWEEN ? AND ? AND w.source = ? ORDER BY w.id")
        return try ids.map { id in
            let strokes = try drawingStrokes(id)
            let range = Self.wordRange(of: id)
            var words: [(id: Int64, word: IndexedWord)] = []
            try statement.forEachRow([range.first, range.last, IndexedWord.Source.handwriting.rawValue]) {
                (row: Statement) -> Void in
                let word = WordRow(row)
                words.append((word.id, word.word(drawingStrokes: strokes)))
            }
            return words
        }
    }

    /// `body`'s updates in one transaction.
    func updatingReadings(_ body: () throws -> Void) throws {
        try database.transaction(body)
    }

    /// Replaces a stored word's readings and confidence with `word`'s, and adds the new readings'
    /// forms to the vocabulary.
    func updateReadings(wordID: Int64, to word: IndexedWord) throws {
        let readings = StoredReadings(word)
        try database.run(
            """
            UPDATE words SET candidates = ?, folded = ?, scores = ?, confidence = ?, reading_buckets = ?
            WHERE id = ?
            """,
            readings.candidates, readings.folded, readings.scores, readings.confidence, readings.buckets, wordID)
        try addToVocabulary(
            word.candidates.prefix(ReadingID.indexedReadings).map { Self.storedForms(Self.oneLine($0.text)) })
    }
}
