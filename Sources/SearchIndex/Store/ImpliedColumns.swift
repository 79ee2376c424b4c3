import Foundation

/// The columns of a word that schema 10 leaves NULL where a rule gives them, and the values a
/// writer stores for a word.
///
/// Three of a word's columns are mostly what something else it stores already says, so they
/// are stored only where they differ from it, bit for bit (every rule is checked before a value
/// is left out, so what a query reads back is always what was written):
///
///     folded           NULL: `candidates` with the ASCII letters lowercased, as SQLite's `lower`
///                      gives them (the `readings` view and `WordRow` read `lower(candidates)`)
///     confidence       NULL: the best candidate's share of the candidates' probability, from the
///                      scores (`derivedConfidence`), as the recognizer computes it for most words
///     reading_buckets  NULL: the top bucket alone (one reading, of confidence 1)
enum ImpliedColumns {
    /// `reading_buckets` of a word of one reading in the top bucket, which the view reads for NULL.
    static let topBucketOnly = String(ReadingID.buckets - 1)

    /// The `folded` to store: nil where it is `candidates` lowercased in ASCII. SQLite's `lower`
    /// changes only ASCII letters unless an ICU extension replaces it, which would also lower
    /// other capitals: a word with a non-ASCII capital keeps its folded text.
    static func folded(_ folded: String, candidates: String) -> String? {
        let lowered = candidates.utf8.lazy.map { (65...90).contains($0) ? $0 + 32 : $0 }
        guard folded.utf8.elementsEqual(lowered),
            candidates.unicodeScalars.allSatisfy({ $0.isASCII || !$0.properties.changesWhenLowercased })
        else { return folded }
        return nil
    }

    /// The best candidate's share of the candidates' probability, each candidate's score a
    /// log-likelihood: 1 for a word of one reading, 0 for one of none.
    static func derivedConfidence(scores: [Double]) -> Double {
        guard let top = scores.first else { return 0 }
        return 1 / scores.reduce(0.0) { $0 + exp($1 - top) }
    }

    /// The `confidence` to store: nil where the scores, as read back from `scores`
    /// (`PackedColumns`), give it exactly.
    static func confidence(_ confidence: Double, packedScores: [UInt8]) -> Double? {
        let scores = packedScores.withUnsafeBytes(PackedColumns.scores)
        return derivedConfidence(scores: scores).bitPattern == confidence.bitPattern ? nil : confidence
    }

    /// The `reading_buckets` to store: nil for the top bucket alone.
    static func buckets(_ buckets: String) -> String? {
        buckets == topBucketOnly ? nil : buckets
    }
}

/// What `words` stores of a word's readings (`candidates` to `reading_buckets`), as both
/// writers (`IndexStore.insertWords`, `updateReadings`) store them.
struct StoredReadings {
    var candidates: String
    var folded: String?
    var scores: [UInt8]
    var confidence: Double?
    var buckets: String?

    init(_ word: IndexedWord) {
        let texts = word.candidates.map { IndexStore.oneLine($0.text) }
        candidates = texts.joined(separator: "\n")
        folded = ImpliedColumns.folded(
            texts.map(IndexStore.storedForms).joined(separator: "\n"), candidates: candidates)
        let values = word.candidates.map(\.score)
        scores = PackedColumns.scores(values)
        confidence = ImpliedColumns.confidence(word.confidence, packedScores: scores)
        buckets = ImpliedColumns.buckets(ReadingID.bucketList(confidence: word.confidence, scores: values))
    }
}
