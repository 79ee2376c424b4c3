import Foundation

/// One word of a match: the stored word's ID and which of its readings matched the query's term.
/// Only the hits a search returns are decoded whole (`IndexStore.hits`).
struct WordMatch {
    var id: Int64
    var candidate: Int
    /// Edits from the query word to the candidate (0: exact).
    var distance: Int
    var score: Double
}

/// A match of the whole query: one word, or a phrase's consecutive words.
struct QueryMatch {
    var words: [WordMatch]
    /// The first word's place.
    var start: WordPlace
    /// A word's reading score (`ReadingID.score`), a phrase's the geometric mean of its words'.
    var score: Double
    /// Edits summed over the words.
    var distance: Int
    /// What a match on the same score buckets of each word could score at most: a phrase's
    /// candidates are bounded by their words' buckets (`PhraseSearch`), so one whose bound is no
    /// higher than this is a tie at the precision the index keeps.
    var bound: Double

    init(words: [WordMatch], start: WordPlace) {
        self.words = words
        self.start = start
        score = Self.score(words.map(\.score))
        distance = words.reduce(0) { $0 + $1.distance }
        bound = Self.score(words.map { ReadingID.ceiling(of: $0.score) })
    }

    /// The geometric mean of word scores (one word: its own score, exactly as the bounds compute it).
    /// A single word matched by its best reading (candidate 0), which the default floor spares.
    var isBestReading: Bool { words.count == 1 && words[0].candidate == 0 }

    static func score(_ scores: [Double]) -> Double {
        guard scores.count > 1 else { return scores.first ?? 0 }
        return exp(scores.reduce(0) { $0 + log($1) } / Double(scores.count))
    }

    /// Higher score first, then fewer edits.
    static func ranksAbove(_ a: (score: Double, distance: Int), _ b: (score: Double, distance: Int)) -> Bool {
        a.score != b.score ? a.score > b.score : a.distance < b.distance
    }
}

/// The matches a search keeps, and when reading more cannot change the best `limit` of them.
///
/// Searches read readings best first, so the score a match can still reach only falls. Once
/// `limit` matches are kept and no unread one can beat the worst of them by more than one score
/// bucket (`ReadingID`), reading stops: what is left could only reorder near-ties.
struct MatchRanking {
    let limit: Int
    let minimumScore: Double
    /// Whether best readings are kept below `minimumScore` (`SearchOptions.floorSparesBestReadings`).
    let sparesBestReadings: Bool
    private(set) var matches: [QueryMatch] = []
    /// The best `limit` (score, distance, bound) so far, best first.
    private var top: [(score: Double, distance: Int, bound: Double)] = []

    init(limit: Int, minimumScore: Double, sparesBestReadings: Bool = false) {
        self.limit = limit
        self.minimumScore = minimumScore
        self.sparesBestReadings = sparesBestReadings
    }

    /// Whether nothing scoring at most `ceiling` can enter the best `limit` any more, but for
    /// near-ties: matches within the worst kept one's score bucket, or, when that one's words'
    /// buckets bound it within the next bucket, matches bounded no higher by theirs (a phrase's
    /// candidates are known by their words' buckets only: `PhraseSearch`). So a kept match is
    /// never more than two buckets below one left out. Below the floor, only when it spares no
    /// best readings.
    func isSettled(ceiling: Double) -> Bool {
        if ceiling < minimumScore && !sparesBestReadings { return true }
        guard top.count >= limit, let worst = top.last else { return false }
        let bucket = ReadingID.bucket(worst.score)
        if ceiling <= ReadingID.ceiling(ofBucket: bucket) { return true }
        // (bounds are geometric means summed in another order: equal up to rounding)
        return worst.bound <= ReadingID.ceiling(ofBucket: bucket + 1) && ceiling <= worst.bound * (1 + 1e-12)
    }

    /// The worst kept score once `limit` matches are kept: a match scoring less can never be
    /// among the best `limit`, whatever is read after it; nil before.
    var worstKeptScore: Double? { top.count >= limit ? top.last?.score : nil }

    /// Whether a match scoring at most `score` with at least `distance` edits could be kept:
    /// when full, it must rank above the worst kept (among equals the first read stay). Below
    /// the floor, only a best reading that it spares.
    func admits(score: Double, distance: Int, bestReading: Bool = false) -> Bool {
        guard score >= minimumScore || sparesBestReadings && bestReading else { return false }
        guard top.count >= limit, let worst = top.last else { return true }
        return QueryMatch.ranksAbove((score, distance), (worst.score, worst.distance))
    }

    mutating func add(_ match: QueryMatch) {
        guard match.score >= minimumScore || sparesBestReadings && match.isBestReading else { return }
        matches.append(match)
        let key = (score: match.score, distance: match.distance, bound: match.bound)
        top.insert(
            key,
            at: top.firstIndex { QueryMatch.ranksAbove((key.score, key.distance), ($0.score, $0.distance)) }
                ?? top.count)
        if top.count > limit { top.removeLast() }
    }

    /// The best `limit` matches, best first (newer drawings first among equals, as they were read).
    var best: ArraySlice<QueryMatch> {
        matches.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.distance != b.distance { return a.distance < b.distance }
            return a.start.drawing > b.start.drawing
        }.prefix(limit)
    }
}
