import Foundation
import Recognition

/// The evidence (`HandEvidence`) of the unsure words a build read, kept until the hand the build
/// learns at its end can read them again in the same build (`Indexer.readAgainFromEvidence`),
/// rather than the next build reading their ink again.
///
/// The states go to an unlinked temporary file (`ScratchFile`), not to memory: an archive's
/// unsure words hold more of them than the 100 MB more that the issue allows a build with the
/// hand over one without. Bounded in bytes all the same: a drawing that no longer fits, or
/// one with an unsure word the reader kept no evidence of (a word read character by character),
/// is left out, and the fit marks it for the next build as before; so is a drawing whose evidence
/// cannot be read back from the file (`Indexer.readAgainFromEvidence`, which reports the file).
/// Filled by `BuildRun` alone, as its results come back; read by any number of threads.
struct HandEvidenceQueue: Sendable {
    /// An unsure word's place in its drawing (as stored) and where its evidence is.
    struct Word: Sendable {
        var line: Int
        var position: Int
        /// The evidence without its states, and where they are in the file.
        var evidence: HandEvidence
        var offset: Int
        var count: Int
    }

    /// The bytes of evidence kept.
    static let defaultCapacity = 1 << 30

    let capacity: Int
    private(set) var bytes = 0
    /// By drawing key.
    private(set) var drawings: [String: [Word]] = [:]
    let file: ScratchFile?

    init(capacity: Int = Self.defaultCapacity) {
        self.capacity = capacity
        file = ScratchFile()
    }

    /// Keeps the evidence of a drawing's unsure words (`words` as stored, `evidence` by their
    /// index) when every one of them has some and they fit.
    mutating func add(key: String, words: [IndexedWord], evidence: [Int: HandEvidence]) {
        let unsure = HandReading.unsure(words)
        guard let file, !unsure.isEmpty, drawings[key] == nil, unsure.allSatisfy({ evidence[$0] != nil }) else {
            return
        }
        let size = unsure.reduce(0) { $0 + evidence[$1]!.byteCount }
        guard bytes + size <= capacity else { return }
        var kept: [Word] = []
        for index in unsure {
            var stripped = evidence[index]!
            guard let offset = file.append(stripped.hidden) else { return }
            let count = stripped.hidden.count
            stripped.hidden = []
            kept.append(
                Word(
                    line: words[index].line, position: words[index].position, evidence: stripped, offset: offset,
                    count: count))
        }
        bytes += size
        drawings[key] = kept
    }

    /// A kept word's evidence with its states read back; nil when the file cannot be read.
    func evidence(of word: Word) -> HandEvidence? {
        guard let hidden = file?.read(Float16.self, offset: word.offset, count: word.count) else { return nil }
        var evidence = word.evidence
        evidence.hidden = hidden
        return evidence
    }

    var wordCount: Int { drawings.values.reduce(0) { $0 + $1.count } }

    /// The file's name as it was made (it is unlinked at once), for messages; nil without a file.
    var filePath: String? { file?.path }
}
