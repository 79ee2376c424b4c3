/// Words read out of their lines (`PackedLine`): a word by its ID, and a drawing's lines in order.
///
/// A word's line is the row with the greatest ID not above the word's (a line's ID is its first
/// word's), one B-tree seek: `SELECT max(id) FROM lines WHERE id <= ?` walks to that row and
/// stops. The word is there when its index falls inside the line; a word not stored (removed
/// since, or an ID past a drawing's words) reads as nil.
extension IndexStore {
    /// SQL for the ID of the line holding word `wordID` (an SQL expression), or of the line
    /// before where no line holds it.
    static func lineHolding(_ wordID: String) -> String { "(SELECT max(id) FROM lines WHERE id <= \(wordID))" }

    /// The word with ID `id`; nil when none is stored.
    func word(_ id: Int64) throws -> WordRow? {
        try storedLine(holding: id).flatMap { WordRow(of: id, in: $0) }
    }

    /// The row of `lines` that holds word `id` if it is stored: the one with the greatest ID not
    /// above it; nil when there is none.
    func storedLine(holding id: Int64) throws -> StoredLine? {
        try database.statement("SELECT \(StoredLine.columns) FROM lines l WHERE l.id = \(Self.lineHolding("?1"))")
            .firstRow([id]) { StoredLine($0) }
    }

    /// The lines of a drawing, in ID order.
    func forEachLine(ofDrawing drawing: Int64, _ body: (StoredLine) throws -> Void) throws {
        let range = Self.wordRange(of: drawing)
        try database.statement("SELECT \(StoredLine.columns) FROM lines l WHERE l.id BETWEEN ? AND ? ORDER BY l.id")
            .forEachRow([range.first, range.last]) { try body(StoredLine($0)) }
    }
}

extension WordRow {
    /// Word `id` of `line`; nil when the line does not hold it.
    init?(of id: Int64, in line: StoredLine) {
        let index = id - line.id
        guard index >= 0, index < line.count, id >> 20 == line.id >> 20 else { return nil }
        self.init(line: line, index: Int(index))
    }
}

extension IndexStore {
    /// The greatest word ID stored; nil for an index without words.
    func lastWordID() throws -> Int64? {
        try database.statement("SELECT \(StoredLine.columns) FROM lines l ORDER BY l.id DESC LIMIT 1").firstRow {
            let line = StoredLine($0)
            return line.id + Int64(line.count - 1)
        }
    }
}
