import Foundation
import TextMatching

extension IndexStore {
    /// Versions 1 to 5 to 6 (run on schema 13's `lines`, once the older words are moved there): words whose best reading holds CJK characters beside other parts
    /// (typed "学习", "PencilKit手写": until version 6 one word each) are split as the writer
    /// splits them now (`IndexedWord.splitAtCJKCharacters`), so a query of CJK characters finds
    /// them as it finds new ones. Nothing is dropped: each drawing holding such a word has its
    /// words read back whole, split, and written again, renumbered in place order, in the
    /// migration's transaction. The words of other drawings are only read, a chunk at a time.
    func splitCJKRuns() throws {
        var drawings: [Int64] = []
        let chunk = try database.statement(
            "SELECT \(StoredLine.columns) FROM lines l WHERE l.id > ? ORDER BY l.id LIMIT 2000")
        var last = Int64.min
        while true {
            var end: Int64?
            try chunk.forEachRow([last]) { (row: Statement) -> Void in
                let line = StoredLine(row)
                end = line.id
                let drawing = line.id >> 20
                guard drawings.last != drawing else { return }
                for index in 0..<line.count {
                    let text = line.text(index)
                    if CJKText.mayContainCJK(text), CJKText.parts(of: text).count > 1 {
                        drawings.append(drawing)
                        break
                    }
                }
            }
            guard let end else { break }
            last = end
        }
        for drawing in drawings {
            var words: [IndexedWord] = []
            let strokes = try drawingStrokes(drawing)
            try forEachLine(ofDrawing: drawing) { line in
                for index in 0..<line.count {
                    words.append(WordRow(line: line, index: index).word(drawingStrokes: strokes))
                }
            }
            let split = IndexedWord.numberedInLines(
                words.flatMap { $0.splitAtCJKCharacters(estimatingBoxes: $0.source == .typedText) })
            let range = Self.wordRange(of: drawing)
            try database.run("DELETE FROM lines WHERE id BETWEEN ? AND ?", range.first, range.last)
            try insertWords(split, drawingID: drawing)
        }
    }
}
