import Foundation

/// A phrase: the query's words on consecutive positions of one line.
///
/// Checking a word's stored readings costs a row fetch, and on 50,000 pages the words of a phrase
/// like "and in" match hundreds of thousands of readings each, so phrases are matched on word IDs
/// first. FTS5 hands over a term's matching readings as row IDs, which hold the word's ID
/// (`ReadingID`), at about 0.1 µs a row, without touching `words`; and a drawing numbers its
/// words in place order (`IndexSchema`), so a phrase starting at word ID s has its words at
/// s, s + 1, ….
///
/// 1. The terms' matches are read side by side, a chunk at a time, until one term's run out:
///    that one, the rarest, drives. Each other term is read on, up to a budget of rows;
///    read to its end, it becomes the set of its words, each with its best matching reading.
///    Terms under three characters inside words are FTS5 prefix queries, which merge every
///    matching token before the first row (100 ms for "a*" on 50,000 pages): they are read only
///    when every term is one.
/// 2. Each driver word whose neighbours are in the other terms' sets is a candidate, bounded by
///    the score its words' best matching readings give (a term not read to its end bounds by its
///    best reading anywhere; one never read, by 1).
/// 3. Candidates are checked best bound first, their words fetched by ID range and matched on
///    their stored readings as single words are, until `MatchRanking` is settled.
struct PhraseSearch {
    let database: Database
    let query: SearchQuery
    /// How many rows of a term that does not drive are read at most; nil: `defaultBudget`.
    var otherTermRowBudget: Int?

    private static let chunk = 4096

    /// Reading a set's row costs about a 50th of checking a candidate, so a term is worth
    /// reading to rule candidates out up to 16 rows per driver row.
    private static func defaultBudget(driverRows: Int) -> Int { max(16 * driverRows, 32_768) }

    func run(into ranking: inout MatchRanking) throws {
        let terms = query.terms
        let matches = terms.map { query.ftsMatch(for: $0) }
        let everyTermIsPrefix = matches.allSatisfy { $0.expression.hasSuffix("*") }
        var lists: [TermMatches?] = try matches.map { match in
            match.expression.hasSuffix("*") && !everyTermIsPrefix
                ? nil : try TermMatches(database: database, table: match.table, expression: match.expression)
        }

        // 1. the rarest term: the first to run out (fewest rows, then the longest word)
        var driver: Int?
        while driver == nil {
            for index in lists.indices { try lists[index]?.read(more: Self.chunk) }
            let finished = lists.indices.filter { lists[$0]?.isComplete == true }
            driver = finished.min { a, b in
                let (x, y) = (lists[a]?.rowIDs.count ?? 0, lists[b]?.rowIDs.count ?? 0)
                return x != y ? x < y : terms[a].folded.count > terms[b].folded.count
            }
        }
        guard let driver, let driverRows = lists[driver]?.rowIDs else { return }
        var sets: [Int: [Int64: Int64]] = [:]
        var ceilings: [Int: Double] = [:]
        for index in lists.indices where index != driver {
            guard var list = lists[index] else {
                ceilings[index] = 1
                continue
            }
            try list.read(upTo: otherTermRowBudget ?? Self.defaultBudget(driverRows: driverRows.count))
            if list.isComplete {
                sets[index] = list.bestReadings()
            } else {
                ceilings[index] = list.rowIDs.first.map(ReadingID.scoreCeiling) ?? 1
            }
            lists[index] = nil  // its rows are no longer needed
        }

        // 2. candidates, by word ID
        let count = terms.count
        var candidates: [(start: Int64, bound: Double, order: Int)] = []
        var seen = Set<Int64>()
        for rowID in driverRows {
            let word = (rowID >> 3) & WordID.mask
            guard seen.insert(word).inserted else { continue }
            let number = Int(word & Int64(WordID.maxWordsPerDrawing - 1))
            guard number >= driver, number - driver + count <= WordID.maxWordsPerDrawing else { continue }
            let start = word - Int64(driver)
            var logBound = log(ReadingID.scoreCeiling(rowID))
            var possible = true
            for index in 0..<count where index != driver {
                if let set = sets[index] {
                    guard let best = set[start + Int64(index)] else {
                        possible = false
                        break
                    }
                    logBound += log(ReadingID.scoreCeiling(best))
                } else {
                    logBound += log(ceilings[index] ?? 1)
                }
            }
            let bound = exp(logBound / Double(count))
            if possible, bound >= ranking.minimumScore { candidates.append((start, bound, candidates.count)) }
        }
        candidates.sort { $0.bound != $1.bound ? $0.bound > $1.bound : $0.order < $1.order }

        // 3. checked on the words' stored readings
        let fetch = try database.statement(
            "SELECT \(WordRow.columns) FROM words w WHERE w.id BETWEEN ? AND ? ORDER BY w.id")
        for candidate in candidates {
            if ranking.isSettled(ceiling: candidate.bound) || !ranking.admits(score: candidate.bound, distance: 0) { break }
            var words: [WordMatch] = []
            var start: WordPlace?
            try fetch.forEachRow([candidate.start, candidate.start + Int64(count - 1)], while: { statement in
                let row = WordRow(statement)
                let place = row.place
                let first = start ?? place
                guard row.id == candidate.start + Int64(words.count), place.drawing == first.drawing,
                    place.source == first.source, place.line == first.line, place.position == first.position + words.count,
                    let reading = query.reading(of: row, matching: terms[words.count])
                else { return false }
                start = first
                words.append(WordMatch(word: row.word(), candidate: reading.candidate, distance: reading.distance, score: reading.score))
                return true
            })
            guard words.count == count, let start else { continue }
            let match = QueryMatch(words: words, start: start)
            if ranking.admits(score: match.score, distance: match.distance) { ranking.add(match) }
        }
    }
}

/// One term's matching readings as FTS5 row IDs, best first, read a chunk at a time.
private struct TermMatches {
    /// Its own statement: two terms can share the same SQL and must not share a cursor.
    private let statement: Statement
    private(set) var rowIDs: [Int64] = []
    private(set) var isComplete = false

    init(database: Database, table: String, expression: String) throws {
        statement = try Statement(database: database, sql: "SELECT rowid FROM \(table) WHERE \(table) MATCH ? ORDER BY rowid")
        try statement.bind([expression])
    }

    /// Reads on until `count` row IDs are in hand or there are no more.
    mutating func read(upTo count: Int) throws {
        while !isComplete, rowIDs.count < count {
            if try statement.step() { rowIDs.append(statement.int64(0)) } else { isComplete = true }
        }
    }

    mutating func read(more count: Int) throws { try read(upTo: rowIDs.count + count) }

    /// Each matched word's best matching reading: its first row ID.
    func bestReadings() -> [Int64: Int64] {
        var best: [Int64: Int64] = [:]
        best.reserveCapacity(rowIDs.count)
        for rowID in rowIDs where best[(rowID >> 3) & WordID.mask] == nil { best[(rowID >> 3) & WordID.mask] = rowID }
        return best
    }
}
