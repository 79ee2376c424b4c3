import TextMatching

/// The words of a user's own notes that the recognizer should read as written: course jargon,
/// names, codes (`qubit`, `Jacobian`, `nltk`) that the shipped word lists lack and would bend
/// into English words.
///
/// The index gathers them (`IndexStore.userVocabulary`) from the notebooks' typed text and from
/// the handwriting it has already read with high confidence, at least twice, so that one
/// misreading does not teach itself; `build` hands them to the recognizer, which adds them to
/// its word lists (`HandwritingRecognizer.favouring`). Blocked words never join.
public struct UserVocabulary: Sendable, Hashable {
    /// Lower case, each once.
    public var words: [String]

    /// Shorter words are too often a piece of a misreading to learn from.
    package static let minimumLetters = 3
    /// A handwritten word joins when its best reading is this sure …
    package static let minimumConfidence = 0.9
    /// … in at least this many places; a typed word joins from one.
    package static let minimumHandwrittenCount = 2

    public init(words: [String] = []) {
        self.words = words
    }

    public static let empty = UserVocabulary()

    /// The words of one reading or one typed word that could join: its runs of letters (an
    /// apostrophe inside a run kept, as the word lists spell "don't"), lower case, of at least
    /// `minimumLetters` letters; none from a run holding a digit ("File2" is a code, not a word
    /// to favour) or a CJK character (read without word lists).
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        for run in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'") }) {
            let trimmed = run.trimmingCharacters(in: ["'"])
            guard trimmed.count >= minimumLetters, trimmed.allSatisfy({ $0.isLetter || $0 == "'" }),
                !trimmed.unicodeScalars.contains(where: { CJKText.isCJK($0) })
            else { continue }
            words.append(trimmed.lowercased())
        }
        return words
    }
}
