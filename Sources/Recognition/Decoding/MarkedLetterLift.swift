/// The beam search's lift of marked letters that continue a listed word (`CTCBeamSearch`).
///
/// The network learnt the marks of most languages from marks composed onto UNIPEN's letters, and
/// gives a marked letter little probability even where its ink shows the mark: it reads the ink of
/// `møve` as `move`. Where both spellings are listed (Danish `møve`, English `move`) and the
/// character model counts a mark as its letter, that little probability is all the search weighs,
/// so the bare word wins. A marked letter that continues a listed word gains `bonus` once in the
/// search's score, as a prior correction for a class the network saw too rarely, and the word
/// gives its lifts back if it leaves the list or stops short of a word: the list says which marks
/// may be read, and a reading outside the lists gains no mark. Only the marked letters the chosen
/// lists hold are tried at all, so English alone reads as without it.
struct MarkedLetterLift: Sendable {
    /// Per class (the blank's is index 0): whether it is a marked letter the search tries.
    private let isLifted: [Bool]
    /// The classes of `isLifted`, for adding them as candidates.
    private let liftedClasses: [Int]
    let bonus: Float

    /// - Parameters:
    ///   - alphabet: each class's `DecoderAlphabet` byte (class c is `alphabet[c - 1]`).
    ///   - tried: per class, whether the search tries it (`CTCBeamSearch.triedClasses`).
    ///   - bonus: added once for a lifted letter inside a listed word; 0 lifts none.
    init(alphabet: [UInt8], tried: [Bool], bonus: Float) {
        var isLifted = [Bool](repeating: false, count: alphabet.count + 1)
        if bonus != 0 {
            for (k, b) in alphabet.enumerated() where tried[k + 1] && DecoderAlphabet.isAccentedLetter(b) {
                isLifted[k + 1] = true
            }
        }
        self.isLifted = isLifted
        liftedClasses = isLifted.indices.filter { isLifted[$0] }
        self.bonus = bonus
    }

    /// Whether any class is lifted (none when the chosen lists hold no marked letter).
    var liftsAny: Bool { !liftedClasses.isEmpty }

    @inline(__always)
    func lifts(_ cls: Int) -> Bool { isLifted[cls] }

    /// Adds to `candidates` the lifted letters that the bonus would bring above `floor` in frame `row`
    /// and are not candidates already; whether a beam may take one is for the search to say.
    func addCandidates(to candidates: inout [Int], row: Int, in logProbabilities: [Float], floor: Float) {
        for m in liftedClasses where logProbabilities[row + m] + bonus > floor && !candidates.contains(m) {
            candidates.append(m)
        }
    }
}
