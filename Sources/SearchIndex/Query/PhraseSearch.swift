import Foundation

/// A phrase: the query's words on consecutive positions of one line.
///
/// Checking a word's stored readings costs a row fetch, and on a large index the words of a phrase
/// like "and in" match hundreds of thousands of readings each, so phrases are matched on word IDs
/// first. FTS5 hands over a term's matching readings as row IDs, which hold the word's ID
/// (`ReadingID`), cheaply and without touching `words`; and a drawing numbers its
/// words in place order (`IndexSchema`), so a phrase starting at word ID s has its words at
/// s, s + 1, ….
///
/// 1. The terms' matches are read side by side, a chunk at a time, until one term's run out:
///    that one, the rarest, drives. When none has after `driverRowsAtMost` rows (two common
///    words on a large index), the one that reached the lowest score bucket drives, and the rest
///    of its rows are read a chunk at a time in step 3, only while they could still be bounded
///    above every candidate in hand. The others are read on up to as many rows as it read
///    (at least `readOnAtLeast`); every one read to its end becomes the set of its words, each
///    with its best matching reading.
///    Terms under three characters inside words match the starts of words: a two-letter one is
///    the OR of the vocabulary's tokens starting with it (`PrefixForms`) and races like any
///    other. Where that would take too many tokens it is an FTS5 prefix query, which merges
///    every matching token before the first row (costly on a large index; docs/index-design.md
///    has the times), and joins the race once another term has passed `prefixWorthReading` rows
///    (it may well drive then: "at" against "the"). One-letter ones only race when every term
///    has one letter: their rows are a large share of the index.
/// 2. Each driver word whose neighbours are in the other terms' sets is a candidate, bounded by
///    the score its words' best matching readings give (a term not read to its end bounds by its
///    best reading anywhere; one never read, by 1).
/// 3. Candidates are checked best bound first, their words fetched by ID range and matched on
///    their stored readings as single words are, until `MatchRanking` is settled; a candidate's
///    words of terms without a set are read first, to bound it by their own readings. Such a
///    bound fetches the candidate's whole range and checks it then, keeping the match until the
///    candidate's turn comes: a replicated hit bounds thousands of candidates before the first
///    check, and checking each later read its page again. Each such
///    bound also reads on in the unfinished terms, about as many rows as a bound costs, so a
///    common phrase ("about the") settles before its common word is read, and a rare one has
///    the set that rules out the rest at once after at most twice the cheaper way's time. A
///    term whose rows left (`TermMatches.estimatedRowsLeft`) are more than that many for every
///    candidate is not read on at all: it cannot finish before the candidates run out.
struct PhraseSearch {
    let store: IndexStore
    let query: SearchQuery
    /// Rows of each unfinished term read per candidate bounded on its own words (step 3); nil:
    /// by the term's forms (`rowsPerBound(forms:)`). Tests vary it with `chunkRows` to reach
    /// every path on small pages.
    var otherTermRowsPerBound: Int?
    /// The search stops once no candidate left can score this much: its matches are added to a
    /// ranking whose worst kept match already scores it (`SplitWordSearch`), so one scoring less
    /// could never be among the best. Those scoring at least this much are found exactly as
    /// without it, since candidates are checked best bound first.
    var stopsBelow = -1.0
    /// Rows per term per round of the race (step 1).
    var chunkRows = 4096
    /// Two-letter prefix terms join the race once another term has read this many rows.
    var prefixWorthReading = 16_384
    /// When every term racing has read this many rows and none has run out, the race ends: its
    /// driver is read on only while its unread rows could still beat the candidates in hand.
    /// One round: the best pairs of two common words lie within their first thousand or two rows
    /// (`Benchmarks/phrase_rows.py`), and an in-word piece's rows each cost a look at dozens of
    /// forms, so reading a quarter of a million of them to build sets cost more than the bounds.
    var driverRowsAtMost = 4096

    /// A bound fetches a row, which costs as much as many of a term's row IDs. Fewer rows than that
    /// parity: when every candidate ties, all of them are bounded whatever is read alongside.
    private static let defaultRowsPerBound = 32

    /// Rows of an unfinished term read per bound: about as many as a bound costs. FTS5 steps
    /// every form of an OR for each row it gives, so the row of a term of a few forms costs
    /// about half that of an in-word piece or a two-letter prefix held by dozens, and twice as
    /// many of them cost a bound. (Whether a term is read along at all is decided at the lower
    /// rate: `defaultRowsPerBound`.)
    private static func rowsPerBound(forms: Int) -> Int {
        forms <= fewForms ? 2 * defaultRowsPerBound : defaultRowsPerBound
    }

    /// The most forms a term may hold to read its rows at the higher rate.
    private static let fewForms = 8
    /// Other terms are read on after the race up to the driver's rows, and at least this many: a
    /// rare driver leaves sets that rule candidates out at once, a common one no more rows than
    /// it read itself.
    var readOnAtLeast = 4096

    /// What a run read of `words`, for tests: each candidate's words are fetched at most once.
    struct Reads {
        /// Candidates taken from the driver's list (each once).
        var candidates = 0
        /// Candidates bounded by their own words' readings, fetched then.
        var bounded = 0
        /// Fetches of a candidate's words.
        var fetches = 0
        /// Rows of unfinished terms read alongside the bounds.
        var rowsAlong = 0
    }

    @discardableResult
    func run(into ranking: inout MatchRanking) throws -> Reads {
        var reads = Reads()
        let database = store.database
        let terms = query.terms
        var matches: [(table: String, expressions: [String], vocabulary: VocabularyMatch?)] = []
        for term in terms {
            guard let match = try store.ftsMatch(for: term, in: query) else { return reads }  // a word found nowhere
            matches.append(match)
        }
        // short in-word terms; those FTS5 merges up front are still prefix queries (`PrefixForms`)
        let isPrefix = terms.map { query.ftsMatch(for: $0).expression.hasSuffix("*") }
        let isMerged = matches.map { $0.expressions.contains { $0.hasSuffix("*") } }
        let letters = terms.map { $0.folded.unicodeScalars.count }
        let readFirst = matches.indices.map { index in
            guard isPrefix[index] else { return true }
            if letters[index] >= 2 && !isMerged[index] { return true }
            guard !isPrefix.contains(false) else { return false }
            return letters[index] >= 2 || letters.allSatisfy { $0 < 2 }
        }
        var lists: [TermMatches?] = try matches.indices.map { index in
            readFirst[index] ? try TermMatches(database: database, match: matches[index]) : nil
        }

        // 1. the rarest term: the first to run out (fewest rows, then the longest word), or, once
        // every term has passed `driverRowsAtMost` rows, the one that reached the lowest score
        // bucket with them; the rest of its rows are read as the candidates need them (step 3)
        var driver: Int?
        while driver == nil {
            for index in lists.indices { try lists[index]?.read(more: chunkRows) }
            if lists.contains(where: { ($0?.rowIDs.count ?? 0) > prefixWorthReading }) {
                for index in lists.indices where lists[index] == nil && isMerged[index] && letters[index] == 2 {
                    lists[index] = try TermMatches(database: database, match: matches[index])
                }
            }
            let finished = lists.indices.filter { lists[$0]?.isComplete == true }
            driver = finished.min { a, b in
                let (x, y) = (lists[a]?.rowIDs.count ?? 0, lists[b]?.rowIDs.count ?? 0)
                return x != y ? x < y : terms[a].folded.count > terms[b].folded.count
            }
            let racing = lists.indices.filter { lists[$0] != nil }
            if driver == nil, racing.allSatisfy({ (lists[$0]?.rowIDs.count ?? 0) >= driverRowsAtMost }) {
                driver = racing.max { (lists[$0]?.rowIDs.last ?? 0) < (lists[$1]?.rowIDs.last ?? 0) }
            }
        }
        // (its rows are read through `driverList.rowIDs`, not a copy, as the driver may grow)
        guard let driver, var driverList = lists[driver] else { return reads }
        // a term about as common as the driver is cheaper read to its end now than alongside
        // the bounds
        for index in lists.indices where index != driver {
            try lists[index]?.read(upTo: max(driverList.rowIDs.count, readOnAtLeast))
        }
        var sets: [Int: WordIDTable] = [:]
        var ceilings: [Int: Double] = [:]
        var unfinished: [Int: TermMatches] = [:]
        // the driver's rows not read yet bound their candidates by the score bucket of the last
        // row read and by the other terms' best readings anywhere
        var logBestOthers = 0.0
        for index in lists.indices where index != driver {
            let best = lists[index]?.rowIDs.first.map(ReadingID.scoreCeiling) ?? 1
            logBestOthers += log(best)
            if let list = lists[index], list.isComplete {
                sets[index] = list.bestReadings()
            } else {
                ceilings[index] = best
                if let list = lists[index] { unfinished[index] = list }
            }
            lists[index] = nil
        }
        func unreadBound() -> Double {
            guard !driverList.isComplete, let last = driverList.rowIDs.last else { return -1 }
            return exp((ReadingID.logScoreCeiling(last) + logBestOthers) / Double(terms.count))
        }

        // 2. candidates, by word ID; a word read through several readings comes again with a
        // lower bound, and is checked once (`seen` below)
        let count = terms.count
        func driverCandidates(from first: Int = 0) -> [Candidate] {
            let others = (0..<count).filter { $0 != driver }.map { index in
                (offset: Int64(index - driver), set: sets[index], logCeiling: log(ceilings[index] ?? 1))
            }
            var candidates: [Candidate] = []
            for (order, rowID) in driverList.rowIDs[first...].enumerated() {
                let word = (rowID >> 3) & WordID.mask
                let number = Int(word & Int64(WordID.maxWordsPerDrawing - 1))
                guard number >= driver, number - driver + count <= WordID.maxWordsPerDrawing else { continue }
                var logKnown = ReadingID.logScoreCeiling(rowID)
                var logUnknown = 0.0
                var possible = true
                for other in others {
                    if let set = other.set {
                        guard let best = set.value(for: word + other.offset) else {
                            possible = false
                            break
                        }
                        logKnown += ReadingID.logScoreCeiling(best)
                    } else {
                        logUnknown += other.logCeiling
                    }
                }
                guard possible else { continue }
                let candidate = Candidate(
                    start: word - Int64(driver), logKnown: logKnown,
                    bound: exp((logKnown + logUnknown) / Double(count)),
                    order: first + order)
                if candidate.bound >= ranking.minimumScore { candidates.append(candidate) }
            }
            return candidates.sorted(by: Candidate.precedes)
        }
        var candidates = driverCandidates()

        // 2b. An unfinished term is read on alongside the bounds (step 3) only while it may still
        // finish before the candidates run out: its rows, read part way, bound nothing, and a term
        // that never finishes ("the" before "court", whose candidates are every copy of a
        // replicated page) would cost more rows than the bounds themselves.
        var readAlong = Set(unfinished.keys)
        if otherTermRowsPerBound == nil, !unfinished.isEmpty,
            let lastWordID = try store.lastWordID()
        {
            // (each of the driver's rows left may be a candidate)
            let most = candidates.count + driverList.estimatedRowsLeft(lastWordID: lastWordID)
            for (index, list) in unfinished
            where list.estimatedRowsLeft(lastWordID: lastWordID) > Self.defaultRowsPerBound * most {
                readAlong.remove(index)
            }
        }

        // 3. Words of terms without a set are read first, on their own, which turns the
        // candidate's bound into its words' own buckets (a ceiling of 1 never settles anything);
        // whichever candidate has the best bound, known or not, goes next, so reading stops
        // as soon as the ranking is settled.
        var unfiltered = ceilings.keys.sorted()
        let rowsPerBound = matches.map { match in
            otherTermRowsPerBound
                ?? Self.rowsPerBound(forms: match.expressions.reduce(0) { $0 + FTSExpression.alternatives(in: $1) })
        }
        let alongInOrder = readAlong.sorted()
        var known = CandidateHeap()
        var wordRanges = try ShortWordRanges(database: database)
        var matchOfReadings = [[String: (index: Int, distance: Int)?]](repeating: [:], count: terms.count)
        // the matches of candidates checked when they were bounded, added in their turn
        var matchOfBounded: [Int64: QueryMatch] = [:]
        var next = 0
        var seen = Set<Int64>()
        while true {
            let unknownBound = next < candidates.count ? candidates[next].bound : -1
            let knownBound = known.top?.bound ?? -1
            let unread = unreadBound()
            let ceiling = max(unknownBound, knownBound, unread)
            if ceiling < 0 || ceiling < stopsBelow || ranking.isSettled(ceiling: ceiling)
                || !ranking.admits(score: ceiling, distance: 0)
            {
                return reads
            }
            if unread > max(unknownBound, knownBound) {
                // every candidate in hand is bounded lower than the driver's next rows could be
                let first = driverList.rowIDs.count
                try driverList.read(more: chunkRows)
                candidates = Candidate.merged(
                    candidates[next...], driverCandidates(from: first).filter { !seen.contains($0.start) })
                next = 0
                continue
            }
            if knownBound >= unknownBound, let candidate = known.pop() {
                let match =
                    try matchOfBounded.removeValue(forKey: candidate.start)
                    ?? checked(candidate, &wordRanges, &matchOfReadings, &reads)
                if let match { ranking.add(match) }
                continue
            }
            var candidate = candidates[next]
            next += 1
            guard seen.insert(candidate.start).inserted else { continue }  // another reading of its driver word
            reads.candidates += 1
            if unfiltered.isEmpty {
                known.push(candidate)
            } else {
                reads.bounded += 1
                // (one that fails now would fail in its turn, which changes nothing but the pop)
                if let match = try checked(candidate, &wordRanges, &matchOfReadings, &reads) {
                    candidate.bound = Self.bound(candidate, by: match, on: unfiltered)
                    matchOfBounded[candidate.start] = match
                    known.push(candidate)
                }
            }

            // read on in the unfinished terms; one read to its end rules the rest out at once
            var finished = false
            for index in alongInOrder where unfinished[index] != nil {
                try unfinished[index]?.read(more: rowsPerBound[index])
                reads.rowsAlong += rowsPerBound[index]
                guard let list = unfinished[index], list.isComplete else { continue }
                sets[index] = list.bestReadings()
                ceilings[index] = nil
                unfinished[index] = nil
                finished = true
            }
            if finished {
                unfiltered = ceilings.keys.sorted()
                candidates = driverCandidates().filter { !seen.contains($0.start) }
                next = 0
            }
        }
    }

    /// The candidate's match, when its words are one line's consecutive words and each matches its
    /// term on its stored readings.
    /// - Parameter matchOfReadings: each term's match of the readings already checked, as a single
    ///   word keeps it: a common word's candidates repeat a few lists of readings thousands of
    ///   times, and matching a list splits it and compares each of its forms.
    private func checked(
        _ candidate: Candidate, _ wordRanges: inout ShortWordRanges,
        _ matchOfReadings: inout [[String: (index: Int, distance: Int)?]], _ reads: inout Reads
    ) throws -> QueryMatch? {
        reads.fetches += 1
        let terms = query.terms
        var words: [WordMatch] = []
        var start: WordPlace?
        try wordRanges.forEachWord(
            from: candidate.start, through: candidate.start + Int64(terms.count - 1),
            { row in
                let place = row.place
                let first = start ?? place
                guard row.id == candidate.start + Int64(words.count), place.drawing == first.drawing,
                    place.source == first.source, place.line == first.line,
                    place.position == first.position + words.count,
                    let (reading, distance) = query.matchingCandidate(
                        of: row, matching: terms[words.count], knowing: &matchOfReadings[words.count])
                else { return false }
                start = first
                words.append(
                    WordMatch(
                        id: row.id, candidate: reading, distance: distance, score: row.score(ofCandidate: reading)))
                return true
            })
        guard words.count == terms.count, let start else { return nil }
        return QueryMatch(words: words, start: start)
    }

    /// A candidate's bound by its own words' readings for the terms read in no set (`unfiltered`),
    /// in place of their ceilings, from its match.
    private static func bound(_ candidate: Candidate, by match: QueryMatch, on unfiltered: [Int]) -> Double {
        let logBound = unfiltered.reduce(candidate.logKnown) { $0 + log(ReadingID.ceiling(of: match.words[$1].score)) }
        return exp(logBound / Double(match.words.count))
    }
}

extension PhraseSearch {
    /// A phrase that may start at word ID `start`.
    struct Candidate {
        var start: Int64
        /// The sum of the logarithms of the score ceilings its words are known to have.
        var logKnown: Double
        /// What it can score at most.
        var bound: Double
        /// Its place in the driver's order, which breaks ties.
        var order: Int

        /// Best bound first, then the driver's order.
        static func precedes(_ a: Candidate, _ b: Candidate) -> Bool {
            a.bound != b.bound ? a.bound > b.bound : a.order < b.order
        }

        /// Two lists sorted by `precedes`, merged.
        static func merged(_ a: ArraySlice<Candidate>, _ b: [Candidate]) -> [Candidate] {
            var result: [Candidate] = []
            result.reserveCapacity(a.count + b.count)
            var (i, j) = (a.startIndex, b.startIndex)
            while i < a.endIndex, j < b.endIndex {
                if precedes(b[j], a[i]) {
                    result.append(b[j])
                    j += 1
                } else {
                    result.append(a[i])
                    i += 1
                }
            }
            result.append(contentsOf: a[i...])
            result.append(contentsOf: b[j...])
            return result
        }
    }

    /// Candidates by `Candidate.precedes`, the first on top: a binary heap.
    struct CandidateHeap {
        private var items: [Candidate] = []

        var top: Candidate? { items.first }

        mutating func push(_ candidate: Candidate) {
            items.append(candidate)
            var child = items.count - 1
            while child > 0, Candidate.precedes(items[child], items[(child - 1) / 2]) {
                items.swapAt(child, (child - 1) / 2)
                child = (child - 1) / 2
            }
        }

        mutating func pop() -> Candidate? {
            guard !items.isEmpty else { return nil }
            items.swapAt(0, items.count - 1)
            let first = items.removeLast()
            var parent = 0
            while true {
                var best = parent
                for child in [2 * parent + 1, 2 * parent + 2]
                where child < items.count && Candidate.precedes(items[child], items[best]) {
                    best = child
                }
                if best == parent { return first }
                items.swapAt(parent, best)
                parent = best
            }
        }
    }
}

/// One term's matching readings as FTS5 row IDs, best first, read a chunk at a time.
private struct TermMatches {
    /// Its own statements: two terms can share the same SQL and must not share a cursor.
    private var rows: MergedMatches
    /// For a term looked up through the vocabulary whose rows are not all its own
    /// (`VocabularyMatch.rowsAllPass`): the forms to keep, and a statement that reads the word of
    /// a row only its checked expressions give.
    private let kept: (vocabulary: VocabularyMatch, word: Statement)?
    private(set) var rowIDs: [Int64] = []
    private(set) var isComplete = false

    init(database: Database, match: (table: String, expressions: [String], vocabulary: VocabularyMatch?)) throws {
        rows = try MergedMatches(
            database: database, sql: "SELECT rowid FROM \(match.table) WHERE \(match.table) MATCH ? ORDER BY rowid",
            expressions: match.expressions)
        if let vocabulary = match.vocabulary, !vocabulary.rowsAllPass {
            kept = (
                vocabulary,
                try Statement(
                    database: database,
                    sql: "SELECT \(StoredLine.columns) FROM lines l WHERE l.id = \(IndexStore.lineHolding("?1"))")
            )
        } else {
            kept = nil
        }
    }

    /// Reads on until `count` row IDs are in hand or there are no more.
    mutating func read(upTo count: Int) throws {
        while !isComplete, rowIDs.count < count {
            guard let statement = try rows.next() else {
                isComplete = true
                break
            }
            let rowID = statement.int64(0)
            if let kept, rows.currentRowIsGivenOnly(byExpressionsFrom: kept.vocabulary.firstCheckedExpression) {
                let rank = ReadingID.rank(rowID)
                guard
                    try kept.word.firstRow(
                        [(rowID >> 3) & WordID.mask],
                        {
                            WordRow(of: (rowID >> 3) & WordID.mask, in: StoredLine($0)).map {
                                kept.vocabulary.passes(folded: $0.folded, rank: rank)
                            }
                        }
                    )
                        == true
                else { continue }
            }
            rowIDs.append(rowID)
        }
    }

    mutating func read(more count: Int) throws { try read(upTo: rowIDs.count + count) }

    /// About how many rows are left to read: those of the score bucket being read, from how far
    /// its word IDs have come towards `lastWordID` (a bucket's rows come in word ID order, and a
    /// common word's readings spread over the drawings), lower buckets not counted.
    func estimatedRowsLeft(lastWordID: Int64) -> Int {
        guard !isComplete, let last = rowIDs.last else { return 0 }
        let bucketStart = (last >> 53) << 53
        var (first, end) = (0, rowIDs.count - 1)  // the bucket's first row read: binary search
        while first < end {
            let middle = (first + end) / 2
            if rowIDs[middle] < bucketStart { first = middle + 1 } else { end = middle }
        }
        let word = (last >> 3) & WordID.mask
        guard lastWordID > word else { return 0 }
        return Int(Double(rowIDs.count - first) * Double(lastWordID - word) / Double(word + 1))
    }

    /// Each matched word's best matching reading: its first row ID.
    func bestReadings() -> WordIDTable {
        var best = WordIDTable(capacity: rowIDs.count)
        for rowID in rowIDs { best.insert((rowID >> 3) & WordID.mask, rowID) }
        return best
    }
}
