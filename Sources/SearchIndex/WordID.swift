import Foundation

/// Word row IDs that sort by confidence.
///
/// FTS5 returns matches in rowid order without sorting, so when a word's ID starts with its
/// confidence, reading matches by descending rowid reads them best first, and a query for the top
/// few hits stops after a few rows even when a word like "the" matches half a million. The rest
/// of the ID (drawing ID, word number within the drawing) keeps IDs unique without a counter.
///
///     bits 50...59  confidence bucket (0...1023)
///     bits 20...49  drawing ID
///     bits  0...19  word number within the drawing
///
/// Buckets are even steps of -log10(1 - confidence) from 0 to 9 ("nines"): most words are read
/// with a confidence above 0.99, and even steps of the confidence itself would put nearly all of
/// them in one bucket, which a query would then have to read in full.
enum WordID {
    static let buckets = 1024
    static let maxNines = 9.0
    static let maxDrawingID: Int64 = 1 << 30 - 1
    static let maxWordsPerDrawing = 1 << 20

    static func make(confidence: Double, drawingID: Int64, wordNumber: Int) throws(IndexStoreError) -> Int64 {
        guard drawingID >= 0, drawingID <= maxDrawingID else { throw .tooLarge("more than \(maxDrawingID) drawings") }
        guard wordNumber >= 0, wordNumber < maxWordsPerDrawing else {
            throw .tooLarge("a page with more than \(maxWordsPerDrawing) words")
        }
        return Int64(bucket(confidence)) << 50 | drawingID << 20 | Int64(wordNumber)
    }

    static func bucket(_ confidence: Double) -> Int {
        guard confidence.isFinite, confidence > 0 else { return 0 }
        let nines = -log10(max(1 - min(1, confidence), 1e-12))
        return min(buckets - 1, Int((nines / maxNines * Double(buckets)).rounded(.down)))
    }

    /// The highest confidence (or score) that falls in `bucket`.
    static func ceiling(ofBucket bucket: Int) -> Double {
        guard bucket < buckets - 1 else { return 1 }
        return min(1, 1 - pow(10, -Double(bucket + 1) * maxNines / Double(buckets)) + 1e-12)
    }

    /// The lowest confidence (or score) that falls in `bucket`.
    static func floor(ofBucket bucket: Int) -> Double {
        1 - pow(10, -Double(bucket) * maxNines / Double(buckets))
    }

    /// No word with this ID, or a smaller one, has a confidence above this.
    static func confidenceCeiling(_ id: Int64) -> Double {
        ceiling(ofBucket: Int(id >> 50))
    }
}
