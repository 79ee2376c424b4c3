import Foundation
import Recognition

/// The evidence (`HandEvidence`) of the unsure words a build read, kept until the hand the build
/// learns at its end can read them again in the same build (`Indexer.readAgainFromEvidence`),
/// rather than the next build reading their ink again.
///
/// Bounded in bytes: a drawing that no longer fits, or one with an unsure word the reader kept
/// no evidence of (a word read character by character), is left out, and the fit marks it for
/// the next build as before. Filled by `BuildRun` alone, as its results come back.
struct HandEvidenceQueue: Sendable {
    /// An unsure word's place in its drawing (as stored) and its evidence.
    struct Word: Sendable {
        var line: Int
        var position: Int
        var evidence: HandEvidence
    }

    /// The bytes of evidence kept: with the fit's own, within the 100 MB more than a build
    /// without the hand.
    static let defaultCapacity = 64 << 20

    let capacity: Int
    private(set) var bytes = 0
    /// By drawing key.
    private(set) var drawings: [String: [Word]] = [:]

    init(capacity: Int = Self.defaultCapacity) {
        self.capacity = capacity
    }

    /// Keeps the evidence of a drawing's unsure words (`words` as stored, `evidence` by their
    /// index) when every one of them has some and they fit.
    mutating func add(key: String, words: [IndexedWord], evidence: [Int: HandEvidence]) {
        let unsure = HandReading.unsure(words)
        guard !unsure.isEmpty, drawings[key] == nil, unsure.allSatisfy({ evidence[$0] != nil }) else { return }
        let kept = unsure.map { Word(line: words[$0].line, position: words[$0].position, evidence: evidence[$0]!) }
        let size = kept.reduce(0) { $0 + $1.evidence.byteCount }
        guard bytes + size <= capacity else { return }
        bytes += size
        drawings[key] = kept
    }

    var wordCount: Int { drawings.values.reduce(0) { $0 + $1.count } }
}
