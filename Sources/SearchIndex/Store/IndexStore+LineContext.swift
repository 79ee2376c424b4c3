import DrawingModel
import Foundation

extension IndexStore {
    /// The line a hit sits on: the best reading of every word of one drawing's line (of one
    /// source), in position order, and the union of their bounds.
    ///
    /// Called only for the hits a search returns (at most its limit), with the row of `lines`
    /// already read for the hit's words: a row holds a drawing's consecutive words of one source
    /// and line number (`PackedLine`), so the line is that row, and the rows next to it only
    /// where they go on with the same source and line (an index whose words were packed around a
    /// gap in their IDs). Each neighbour is one B-tree step through a cached statement.
    /// - Parameters:
    ///   - row: the row holding the hit's first word.
    ///   - before: the row before it in its drawing (`lineRows(holding:)`).
    ///   - place: the hit's first word's place.
    ///   - matched: the word positions the hit covers.
    func lineContext(
        around row: StoredLine, before: StoredLine?, place: WordPlace, matched: Range<Int>
    ) throws -> LineContext? {
        let range = Self.wordRange(of: place.drawing)
        func continuesTheLine(_ neighbour: StoredLine) -> Bool {
            neighbour.source == place.source && neighbour.line == place.line
        }
        var rows = [row]
        var previous = before
        while let line = previous, continuesTheLine(line) {
            rows.insert(line, at: 0)
            previous = try database.statement(Self.rowBefore).firstRow([line.id, range.first]) { StoredLine($0) }
        }
        let after = try database.statement(Self.rowAfter)
        while let next = try after.firstRow([rows[rows.count - 1].id, range.last]) { StoredLine($0) },
            continuesTheLine(next)
        {
            rows.append(next)
        }
        var words: [String] = []
        var first: Int?
        var last: Int?
        var bounds: Rect?
        for line in rows {
            for index in 0..<line.count {
                let at = line.place(index)
                if matched.contains(at.position) {
                    if first == nil { first = words.count }
                    last = words.count
                }
                words.append(line.text(index))
                if let box = at.rect { bounds = bounds.map { $0.union(box) } ?? box }
            }
        }
        guard let first, let last else { return nil }
        return LineContext(words: words, matched: first..<(last + 1), bounds: bounds)
    }

    /// The row of `lines` holding word `id` if it is stored (the one of its drawing with the
    /// greatest ID not above it) and the row before that one in the drawing, if any: one seek and
    /// one step back, where a hit's line needs both (`lineContext`). Nil when the drawing holds
    /// no row at or before `id`.
    func lineRows(holding id: Int64) throws -> (row: StoredLine, before: StoredLine?)? {
        var rows: [StoredLine] = []
        try database.statement(Self.rowAndTheOneBefore).forEachRow([id, Self.wordRange(of: id >> 20).first]) {
            rows.append(StoredLine($0))
            return true
        }
        guard let row = rows.first else { return nil }
        return (row, rows.count > 1 ? rows[1] : nil)
    }

    /// The two rows of `lines` at or before ?1 whose IDs are at least ?2, the nearest first.
    private static let rowAndTheOneBefore =
        "SELECT \(StoredLine.columns) FROM lines l WHERE l.id <= ?1 AND l.id >= ?2 ORDER BY l.id DESC LIMIT 2"

    /// The row of `lines` before ?1 whose ID is at least ?2 (its drawing's first word).
    private static let rowBefore =
        "SELECT \(StoredLine.columns) FROM lines l WHERE l.id < ?1 AND l.id >= ?2 ORDER BY l.id DESC LIMIT 1"
    /// The row of `lines` after ?1 whose ID is at most ?2 (its drawing's last word).
    private static let rowAfter =
        "SELECT \(StoredLine.columns) FROM lines l WHERE l.id > ?1 AND l.id <= ?2 ORDER BY l.id LIMIT 1"
}
