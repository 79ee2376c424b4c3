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
enum WordID {
    static let buckets: Int64 = 1023
    static let maxDrawingID: Int64 = 1 << 30 - 1
    static let maxWordsPerDrawing = 1 << 20

    static func make(confidence: Double, drawingID: Int64, wordNumber: Int) throws(IndexStoreError) -> Int64 {
        guard drawingID >= 0, drawingID <= maxDrawingID else { throw .tooLarge("more than \(maxDrawingID) drawings") }
        guard wordNumber >= 0, wordNumber < maxWordsPerDrawing else {
            throw .tooLarge("a page with more than \(maxWordsPerDrawing) words")
        }
        return bucket(confidence) << 50 | drawingID << 20 | Int64(wordNumber)
    }

    /// No word with this ID, or a smaller one, has a confidence above this.
    static func confidenceCeiling(_ id: Int64) -> Double {
        Double(min(id >> 50, buckets - 1) + 1) / Double(buckets)
    }

    static func bucket(_ confidence: Double) -> Int64 {
        guard confidence.isFinite else { return 0 }
        return Int64((min(1, max(0, confidence)) * Double(buckets)).rounded(.down))
    }

    /// The same ID as SQL over the named columns (migrates version 1 indexes).
    static func sql(confidence: String, drawingID: String, wordNumber: String) -> String {
        "(CAST(min(1.0, max(0.0, \(confidence))) * \(buckets) AS INTEGER) << 50) | (\(drawingID) << 20) | \(wordNumber)"
    }
}
