import Foundation

/// Word row IDs: the drawing's ID and the word's number within it, so IDs are unique without a
/// counter and a word's ID fits inside the IDs of its readings (`ReadingID`).
///
///     bits 20...49  drawing ID
///     bits  0...19  word number within the drawing
enum WordID {
    static let maxDrawingID: Int64 = 1 << 30 - 1
    static let maxWordsPerDrawing = 1 << 20
    /// Every bit a word ID can use.
    static let mask: Int64 = 1 << 50 - 1

    static func make(drawingID: Int64, wordNumber: Int) throws(IndexStoreError) -> Int64 {
        guard drawingID >= 0, drawingID <= maxDrawingID else { throw .tooLarge("more than \(maxDrawingID) drawings") }
        guard wordNumber >= 0, wordNumber < maxWordsPerDrawing else {
            throw .tooLarge("a page with more than \(maxWordsPerDrawing) words")
        }
        return drawingID << 20 | Int64(wordNumber)
    }
}

/// FTS row IDs of a word's readings, which sort by the reading's score, best first.
///
/// FTS5 returns matches in rowid order without sorting, and reads them lazily only in ascending
/// order (descending order loads whole posting lists; docs/index-design.md has the times). Each candidate reading of a word is one FTS row whose ID starts with how far
/// its score is from the best bucket, so reading matches in ascending rowid order reads the
/// likeliest first, and a query for the top few hits stops after a few rows, whether the term is
/// the best reading of half a million words or an unlikely alternative of thousands.
///
///     bits 53...62  1023 - score bucket (score buckets 0...1023)
///     bits  3...52  word ID
///     bits  0...2   the reading's rank among the word's candidates (the first 8 are indexed)
///
/// Buckets are even steps of -log10(1 - score) from 0 to 9 ("nines"): most words are read with
/// a confidence above 0.99, and even steps of the score itself would put nearly all of them in
/// one bucket, which a query would then have to read in full. The `readings` view of the schema
/// computes the same IDs from `words.reading_buckets`.
enum ReadingID {
    static let buckets = 1024
    static let maxNines = 9.0
    /// Readings past this rank are kept in `words.candidates` but not indexed.
    static let indexedReadings = 8

    static func make(wordID: Int64, rank: Int, score: Double) -> Int64 {
        precondition(rank >= 0 && rank < indexedReadings && wordID >= 0 && wordID <= WordID.mask)
        return Int64(buckets - 1 - bucket(score)) << 53 | wordID << 3 | Int64(rank)
    }

    /// The reading's rank among its word's candidates.
    static func rank(_ id: Int64) -> Int { Int(id & Int64(indexedReadings - 1)) }

    /// No reading with this ID, or a larger one, scores above this.
    static func scoreCeiling(_ id: Int64) -> Double { ceiling(ofBucket: buckets - 1 - Int(id >> 53)) }

    /// The smallest ID from which every reading scores under `score` (`Int64.max` when none
    /// can): the first of the highest bucket whose ceiling is under it.
    static func firstID(scoringUnder score: Double) -> Int64 {
        var bucket = bucket(score)
        while bucket >= 0 && ceiling(ofBucket: bucket) >= score { bucket -= 1 }
        return bucket < 0 ? Int64.max : Int64(buckets - 1 - bucket) << 53
    }

    /// The logarithm of `scoreCeiling`, from a table: phrases sum it over hundreds of thousands
    /// of candidates' words.
    static func logScoreCeiling(_ id: Int64) -> Double { logCeilings[buckets - 1 - Int(id >> 53)] }

    private static let logCeilings = (0..<buckets).map { log(ceiling(ofBucket: $0)) }

    /// A reading's score: the word's confidence times the reading's likelihood relative to the
    /// word's best reading. Queries rank hits by it, and `--min-score` compares against it.
    static func score(confidence: Double, best: Double, chosen: Double) -> Double {
        max(1e-12, min(1, confidence) * exp(min(0, chosen - best)))
    }

    /// `words.reading_buckets` for a word's candidates: each one's bucket, space-separated.
    static func bucketList(confidence: Double, scores: [Double]) -> String {
        let best = scores.first ?? 0
        return scores.map { String(bucket(score(confidence: confidence, best: best, chosen: $0))) }
            .joined(separator: " ")
    }

    static func bucket(_ score: Double) -> Int {
        guard score.isFinite, score > 0 else { return 0 }
        let nines = -log10(max(1 - min(1, score), 1e-12))
        return min(buckets - 1, Int((nines / maxNines * Double(buckets)).rounded(.down)))
    }

    /// The highest score that falls in `bucket`.
    static func ceiling(ofBucket bucket: Int) -> Double {
        guard bucket < buckets - 1 else { return 1 }
        return min(1, 1 - pow(10, -Double(bucket + 1) * maxNines / Double(buckets)) + 1e-12)
    }

    /// The highest score in the bucket `score` falls in: what the index knows of a reading's score.
    static func ceiling(of score: Double) -> Double { ceiling(ofBucket: bucket(score)) }

    /// The lowest score that falls in `bucket`.
    static func floor(ofBucket bucket: Int) -> Double {
        1 - pow(10, -Double(bucket) * maxNines / Double(buckets))
    }
}
