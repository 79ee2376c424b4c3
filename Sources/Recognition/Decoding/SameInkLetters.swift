/// Letters the network learnt from the same ink, whose probabilities the beam search adds up where
/// the chosen word lists spell only one of them (`CTCBeamSearch`).
///
/// Romanian writes s with a comma below (ș), Turkish with a cedilla (ş), and Romanian typed on older
/// keyboards and fonts has the cedilla too: one letter to a writer, two to Unicode. Training draws
/// both marks from the same comma samples under the s (Training/accents.py, `commabelow` and
/// `cedilla`), so the network cannot tell ș from ş on the ink and gives each a share of the mark's
/// probability. The search tries only the marked letters a chosen list holds, so reading Romanian
/// without Turkish it dropped ş's share, and Turkish without Romanian ș's: an s with its mark drawn
/// kept only part of its probability against the bare s. Where one letter of a pair is tried and
/// the other is not, the tried one takes the sum of both; where both are, each keeps its own and the
/// lists choose.
struct SameInkLetters: Sendable {
    /// The pairs, each one letter with two spellings.
    static let pairs: [(Unicode.Scalar, Unicode.Scalar)] = [("ș", "ş"), ("Ș", "Ş")]

    /// Per merge: the tried class, and the untried class whose probability it takes.
    private let merges: [(into: Int, from: Int)]

    /// - Parameters:
    ///   - alphabet: each class's `DecoderAlphabet` byte (class c is `alphabet[c - 1]`).
    ///   - tried: per class, whether the search tries it (`CTCBeamSearch.triedClasses`).
    init(alphabet: [UInt8], tried: [Bool]) {
        func classOf(_ scalar: Unicode.Scalar) -> Int? {
            DecoderAlphabet.byte(of: scalar).flatMap { b in alphabet.firstIndex(of: b).map { $0 + 1 } }
        }
        var merges: [(into: Int, from: Int)] = []
        for (a, b) in Self.pairs {
            guard let first = classOf(a), let second = classOf(b), tried[first] != tried[second] else { continue }
            merges.append(tried[first] ? (first, second) : (second, first))
        }
        self.merges = merges
    }

    /// Whether any class takes another's probability.
    var mergesAny: Bool { !merges.isEmpty }

    /// `logProbabilities` (`frames × classCount` log-probabilities) with, in each frame of `frames`,
    /// each tried letter of a pair holding the log of both letters' probabilities; the same array
    /// when nothing merges.
    func merged(_ logProbabilities: [Float], classCount: Int, frames: Range<Int>) -> [Float] {
        guard mergesAny else { return logProbabilities }
        var out = logProbabilities
        for t in frames {
            let row = t * classCount
            for (into, from) in merges {
                out[row + into] = logAdd(logProbabilities[row + into], logProbabilities[row + from])
            }
        }
        return out
    }
}
