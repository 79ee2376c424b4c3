import Foundation
import TextMatching

extension IndexStore {
    /// Versions 1 to 5 to 6 (run on schema 7's tables, after `compact`): words whose best reading holds CJK characters beside other parts
    /// (typed "学习", "PencilKit手写": until version 6 one word each) are split as the writer
    /// splits them now (`IndexedWord.splitAtCJKCharacters`), so a query of CJK characters finds
    /// them as it finds new ones. Nothing is dropped: each drawing holding such a word has its
    /// words read back whole, split, and written again, renumbered in place order, in the
    /// migration's transaction. The words of other drawings are only read, a chunk at a time.
    func splitCJKRuns() throws {
        var drawings: [Int64] = []
        let chunk = try database.statement(
            "SELECT id, drawing_id, text FROM words WHERE id > ? ORDER BY id LIMIT 10000")
        var last = Int64.min
        while true {
            var end: Int64?
            try chunk.forEachRow([last]) { (row: Statement) -> Void in
                end = row.int64(0)
                let text = row.string(2)
                if CJKText.mayContainCJK(text), CJKText.parts(of: text).count > 1, drawings.last != row.int64(1) {
                    drawings.append(row.int64(1))
                }
            }
            guard let end else { break }
            last = end
        }
        let read = try database.statement(
            "SELECT \(WordRow.columns) FROM words w WHERE w.id BETWEEN ? AND ? ORDER BY w.id")
        for drawing in Set(drawings).sorted() {
            var words: [IndexedWord] = []
            let strokes = try drawingStrokes(drawing)
            let range = Self.wordRange(of: drawing)
            try read.forEachRow([range.first, range.last]) { words.append(WordRow($0).word(drawingStrokes: strokes)) }
            let split = IndexedWord.numberedInLines(
                words.flatMap { $0.splitAtCJKCharacters(estimatingBoxes: $0.source == .typedText) })
            try database.run("DELETE FROM words WHERE id BETWEEN ? AND ?", range.first, range.last)
            try insertWords(split, drawingID: drawing)
        }
    }
}
