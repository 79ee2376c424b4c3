/// Words read out of their lines (`PackedLine`): by ID, and by a range of IDs in either order.
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
        try database.statement("SELECT \(StoredLine.columns) FROM lines l WHERE l.id = \(Self.lineHolding("?1"))")
            .firstRow([id]) { WordRow(of: id, in: StoredLine($0)) } ?? nil
    }

    /// Calls `body` with each stored word whose ID is in `first...last`, in ID order (or the
    /// reverse), until it returns false.
    func forEachWord(
        from first: Int64, through last: Int64, descending: Bool = false, _ body: (WordRow) throws -> Bool
    ) throws {
        func visit(_ line: StoredLine) throws -> Bool {
            let from = Int(max(first - line.id, 0))
            let through = Int(min(last - line.id, Int64(line.count - 1)))
            guard from <= through else { return true }
            for index in descending ? Array((from...through).reversed()) : Array(from...through) {
                if try !body(WordRow(line: line, index: index)) { return false }
            }
            return true
        }
        // A phrase checks its candidates' few words, thousands of times a query: their lines are
        // read back from `last`'s to `first`'s, one B-tree seek. A longer range (a line's context,
        // read until the line ends) is read from its first line on, in its order.
        guard last - first < Self.shortRange else {
            let statement = try database.statement(
                """
                SELECT \(StoredLine.columns) FROM lines l WHERE l.id BETWEEN coalesce(\(Self.lineHolding("?1")), ?1) AND ?2
                ORDER BY l.id \(descending ? "DESC" : "")
                """)
            try statement.forEachRow([first, last]) { try visit(StoredLine($0)) }
            return
        }
        var lines: [StoredLine] = []
        try database.statement("SELECT \(StoredLine.columns) FROM lines l WHERE l.id <= ? ORDER BY l.id DESC")
            .forEachRow([last]) { (row: Statement) -> Bool in
                let line = StoredLine(row)
                if line.id + Int64(line.count) > first { lines.append(line) }
                return line.id > first
            }
        for line in descending ? lines : lines.reversed() where try !visit(line) { return }
    }

    /// The most words a range read back from its end holds (`forEachWord`).
    private static let shortRange: Int64 = 64

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
