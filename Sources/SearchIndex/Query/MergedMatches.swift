/// One FTS5 query's rows asked for as several MATCH expressions, each its own statement, and
/// handed over merged in row ID order, each row once.
///
/// An in-word term held by many vocabulary forms (`VocabularyMatch`: "all" by over a thousand in an
/// English vocabulary) is an OR of that many terms, and FTS5 steps an OR by looking at every one
/// of its terms for each row it gives. As a few ORs of a few dozen terms each, merged here, a row
/// costs a look at a few dozen terms and a few statements instead.
struct MergedMatches {
    private let statements: [Statement]
    /// Each statement's current row ID; nil once it has no more rows (or before the first step).
    private var heads: [Int64?]
    /// The row ID last handed over, whose statements step on before the next.
    private var handedOver: Int64?

    /// Runs `sql`, whose first column is the FTS5 row ID and whose rows come in its order, once
    /// for each of `expressions`, bound as the first parameter before `otherValues`.
    init(
        database: Database, sql: String, expressions: [String], otherValues: [any DatabaseValueConvertible] = []
    )
        throws
    {
        statements = try expressions.map { expression in
            let statement = try Statement(database: database, sql: sql)
            try statement.bind([expression] + otherValues)
            return statement
        }
        heads = []
        for statement in statements { heads.append(try statement.step() ? statement.int64(0) : nil) }
    }

    /// Whether an expression at `index` or after it is the only kind to give the row handed over.
    func currentRowIsGivenOnly(byExpressionsFrom index: Int) -> Bool {
        !heads[..<min(index, heads.count)].contains { $0 != nil && $0 == handedOver }
    }

    /// The statement on the next row, in row ID order (a row two expressions give comes once);
    /// nil when no statement has rows left. The statement is on that row until the next call.
    mutating func next() throws -> Statement? {
        if let handedOver {
            for index in heads.indices where heads[index] == handedOver {
                heads[index] = try statements[index].step() ? statements[index].int64(0) : nil
            }
        }
        var first: Int?
        for index in heads.indices {
            guard let head = heads[index] else { continue }
            if first.map({ head < heads[$0] ?? .max }) ?? true { first = index }
        }
        guard let first else {
            handedOver = nil
            return nil
        }
        handedOver = heads[first]
        return statements[first]
    }
}
