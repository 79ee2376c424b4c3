import Foundation
import Recognition

/// Readings a writer's hand adds to words already stored, in the build that learned it
/// (`Indexer.readAgainFromEvidence`): the words of a drawing by their place, and a word's readings
/// and confidence replaced in place, its line written again (`PackedLine`). The FTS5 tables follow
/// through `lines`' update triggers; the word's ID, strokes and box stay.
extension IndexStore {
    /// The handwritten words of the drawings with `key` read by `recognitionVersion`, each with
    /// its ID, by drawing.
    func handwritingWords(
        drawingKey key: String, recognitionVersion: Int
    ) throws -> [[(id: Int64, word: IndexedWord)]] {
        var ids: [Int64] = []
        try database.statement("SELECT id FROM drawings WHERE key = ? AND recognition_version = ?")
            .forEachRow([key, recognitionVersion]) { (row: Statement) -> Void in ids.append(row.int64(0)) }
        return try ids.map { id in
            let strokes = try drawingStrokes(id)
            var words: [(id: Int64, word: IndexedWord)] = []
            try forEachLine(ofDrawing: id) { line in
                guard line.source == IndexedWord.Source.handwriting.rawValue else { return }
                for index in 0..<line.count {
                    let word = WordRow(line: line, index: index)
                    words.append((word.id, word.word(drawingStrokes: strokes)))
                }
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
        guard let stored = try self.word(wordID) else { return }
        let line = stored.line
        var words = (0..<line.count).map(line.stored)
        words[stored.index].readings = StoredReadings(word)
        let columns = PackedLine.Columns(line: line.line, words: words)
        try database.run(
            """
            UPDATE lines SET candidates = ?, folded = ?, scores = ?, confidences = ?, reading_buckets = ?
            WHERE id = ?
            """,
            columns.candidates, columns.folded, columns.scores, columns.confidences, columns.buckets, line.id)
        try addToVocabulary(
            word.candidates.prefix(ReadingID.indexedReadings).map { Self.storedForms(Self.oneLine($0.text)) })
    }
}
