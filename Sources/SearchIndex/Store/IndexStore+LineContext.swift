import DrawingModel
import Foundation

extension IndexStore {
    /// The line a hit sits on: the best reading of every word of one drawing's line (of one
    /// source), in position order, and the union of their bounds.
    ///
    /// Called only for the hits a search returns (at most its limit), through one cached
    /// statement that reads the `words_by_place` index, so context costs a few index probes per
    /// hit and nothing for the rows the search reads and drops.
    /// - Parameter matched: the word positions the hit covers.
    func lineContext(drawing: Int64, source: Int, line: Int, matched: Range<Int>) throws -> LineContext? {
        let statement = try database.statement(
            """
            SELECT \(WordRow.columns) FROM words w
            WHERE w.drawing_id = ? AND w.source = ? AND w.line = ? ORDER BY w.position
            """)
        var words: [String] = []
        var first: Int?
        var last: Int?
        var bounds: Rect?
        try statement.forEachRow([drawing, source, line]) { (statement: Statement) throws -> Void in
            let row = WordRow(statement)
            if matched.contains(row.place.position) {
                if first == nil { first = words.count }
                last = words.count
            }
            words.append(row.text)
            if let box = row.bounds { bounds = bounds.map { $0.union(box) } ?? box }
        }
        guard let first, let last else { return nil }
        return LineContext(words: words, matched: first..<(last + 1), bounds: bounds)
    }
}
