import DrawingModel
import Foundation

extension IndexStore {
    /// The line a hit sits on: the best reading of every word of one drawing's line (of one
    /// source), in position order, and the union of their bounds.
    ///
    /// Called only for the hits a search returns (at most its limit), through one cached
    /// statement that reads the drawing's range of word IDs (in place order, so a line's words
    /// come in position order), so context costs a short range scan per hit and nothing for the
    /// rows the search reads and drops.
    /// - Parameter matched: the word positions the hit covers.
    func lineContext(drawing: Int64, source: Int, line: Int, matched: Range<Int>) throws -> LineContext? {
        let statement = try database.statement(
            """
            SELECT \(WordRow.columns) FROM words w
            WHERE w.id BETWEEN ? AND ? AND w.source = ? AND w.line = ? ORDER BY w.id
            """)
        let range = Self.wordRange(of: drawing)
        var words: [String] = []
        var first: Int?
        var last: Int?
        var bounds: Rect?
        try statement.forEachRow([range.first, range.last, source, line]) { (statement: Statement) throws -> Void in
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
