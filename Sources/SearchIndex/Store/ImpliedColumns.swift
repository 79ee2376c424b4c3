import Foundation

/// The columns of a word that schema 10 leaves NULL where a rule gives them, and the values a
/// writer stores for a word.
///
/// Three of a word's columns are mostly what something else it stores already says, so they
/// are stored only where they differ from it, bit for bit (every rule is checked before a value
/// is left out, so what a query reads back is always what was written):
///
///     folded           NULL: `candidates` with the ASCII letters lowercased, as SQLite's `lower`
///                      gives them (the `readings` view reads `lower(candidates)`; `WordRow`
///                      lowers them itself, only where it reads `folded`)
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
        var candidates = candidates
        guard candidates.withUTF8({ folded.utf8.elementsEqual(lowered(UnsafeRawBufferPointer($0)).utf8) }),
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

    /// `derivedConfidence` of a `scores` column as stored (`PackedColumns`), the same sums in
    /// the same order, without decoding it into an array.
    static func derivedConfidence(packedScores bytes: UnsafeRawBufferPointer) -> Double {
        var top: Double?
        var total = 0.0
        PackedColumns.forEachScore(bytes) { score in
            if top == nil { top = score }
            total += exp(score - top!)
        }
        return top == nil ? 0 : 1 / total
    }

    /// `candidates` with its ASCII letters lowercased, as SQLite's `lower` gives them: what a
    /// NULL `folded` stands for.
    static func lowered(_ candidates: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: candidates.count) { buffer in
            for (index, byte) in candidates.enumerated() { buffer[index] = (65...90).contains(byte) ? byte + 32 : byte }
            return candidates.count
        }
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

/// What `words` stores of a word's readings (`candidates` to `reading_buckets`), as its writer
/// (`IndexStore.insertWords`) stores them.
struct StoredReadings {
    var candidates: String
    var folded: String?
    var scores: [UInt8]
    var confidence: Double?
    var buckets: String?

    init(candidates: String, folded: String?, scores: [UInt8], confidence: Double?, buckets: String?) {
        self.candidates = candidates
        self.folded = folded
        self.scores = scores
        self.confidence = confidence
        self.buckets = buckets
    }

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
