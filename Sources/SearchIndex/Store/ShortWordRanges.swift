/// The words of short ranges of IDs, read out of their lines back from the range's end, one
/// B-tree seek, through one statement prepared once.
///
/// A phrase checks its candidates' few words, thousands of times a query, so the reads avoid
/// what a row of `words` never needed: building and looking up their SQL among the cached
/// statements, and a list of the lines read where one line holds the range. A phrase's reader
/// keeps the last line it read, so a next range inside it (another candidate on the line)
/// reads nothing.
struct ShortWordRanges {
    /// The most words a range may span.
    static let mostWords: Int64 = 64
    /// Lines at or before an ID, the nearest first.
    static let sql = "SELECT \(StoredLine.columns) FROM lines l WHERE l.id <= ? ORDER BY l.id DESC"

    private let statement: Statement
    private let keepsLastLine: Bool
    private var lastLine: StoredLine?

    /// - Parameters:
    ///   - statement: prepared with `sql`, used by this reader alone while it reads.
    ///   - keepsLastLine: whether a range inside the last line read is taken from it: for one
    ///     search's reads, over which the index does not change.
    init(statement: Statement, keepsLastLine: Bool) {
        self.statement = statement
        self.keepsLastLine = keepsLastLine
    }

    /// A reader with a statement of its own, keeping the last line it read.
    init(database: Database) throws {
        self.init(statement: try Statement(database: database, sql: Self.sql), keepsLastLine: true)
    }

    /// Calls `body` with each stored word whose ID is in `first...last` (at most `mostWords`), in
    /// ID order (or the reverse), until it returns false.
    mutating func forEachWord(
        from first: Int64, through last: Int64, descending: Bool = false, _ body: (WordRow) throws -> Bool
    ) throws {
        if let lastLine, lastLine.id <= first, last < lastLine.id + Int64(lastLine.count) {
            _ = try Self.visit(lastLine, from: first, through: last, descending: descending, body)
            return
        }
        // the line holding `last`, and seldom earlier ones (a range across lines)
        var nearest: StoredLine?
        var earlier: [StoredLine] = []
        try statement.forEachRow([last]) { (row: Statement) -> Bool in
            let line = StoredLine(row)
            if line.id + Int64(line.count) > first {
                if nearest == nil { nearest = line } else { earlier.append(line) }
            }
            return line.id > first
        }
        guard let nearest else { return }
        if keepsLastLine { lastLine = nearest }
        if descending {
            guard try Self.visit(nearest, from: first, through: last, descending: true, body) else { return }
            for line in earlier where try !Self.visit(line, from: first, through: last, descending: true, body) {
                return
            }
        } else {
            for line in earlier.reversed()
            where try !Self.visit(line, from: first, through: last, descending: false, body) {
                return
            }
            _ = try Self.visit(nearest, from: first, through: last, descending: false, body)
        }
    }

    /// Calls `body` with the words of `line` whose IDs are in `first...last`; false when it
    /// returned false.
    static func visit(
        _ line: StoredLine, from first: Int64, through last: Int64, descending: Bool, _ body: (WordRow) throws -> Bool
    ) throws -> Bool {
        let from = Int(max(first - line.id, 0))
        let through = Int(min(last - line.id, Int64(line.count - 1)))
        guard from <= through else { return true }
        for index in stride(
            from: descending ? through : from, through: descending ? from : through, by: descending ? -1 : 1)
        where try !body(WordRow(line: line, index: index)) {
            return false
        }
        return true
    }
}
