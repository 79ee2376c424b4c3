import DrawingModel
import Foundation
import Recognition
import TextMatching

/// CJK characters are stored one word each (`CJKText`), so a search for a character gets that
/// character's strokes and box, and a query of several characters is a phrase of consecutive
/// words of one line, as for Latin words.
extension IndexedWord {
    /// The word as the index stores it: one word per part of its best reading (`CJKText.parts`),
    /// itself when that is one part. Each part's candidates are the same part of every candidate
    /// that splits into as many parts, best first, without repeats; a candidate that splits
    /// otherwise goes whole with the first part (but for typed text, which has one reading).
    /// Confidence and strokes are the word's. The box is the word's, or, with
    /// `estimatingBoxes` (typed text, whose boxes are estimated by characters anyway), the
    /// part's share of it by characters. Positions are left as they are: `numberedInLines`
    /// numbers the words of a page afterwards.
    func splitAtCJKCharacters(estimatingBoxes: Bool) -> [IndexedWord] {
        let best = text
        let parts = CJKText.parts(of: best)
        guard parts.count > 1 else { return [self] }
        var partCandidates = [[WordCandidate]](repeating: [], count: parts.count)
        func add(_ text: String, score: Double, to index: Int) {
            if !partCandidates[index].contains(where: { $0.text == text }) {
                partCandidates[index].append(WordCandidate(text: text, score: score))
            }
        }
        for candidate in candidates {
            let pieces = CJKText.parts(of: candidate.text)
            guard pieces.count == parts.count else {
                // Read otherwise ("EK" for 笔记): whole, with the first part, which has the
                // word's ink and box, so the reading is still found where the word is.
                if !estimatingBoxes { add(candidate.text, score: candidate.score, to: 0) }
                continue
            }
            for (index, piece) in pieces.enumerated() {
                add(String(candidate.text[piece]), score: candidate.score, to: index)
            }
        }
        let length = Double(best.count)
        return parts.enumerated().map { index, part in
            var word = self
            word.candidates = partCandidates[index]
            if estimatingBoxes, let box = bounds {
                let offset = Double(best.distance(from: best.startIndex, to: part.lowerBound))
                let count = Double(best[part].count)
                word.bounds = Rect(
                    x: box.x + box.width * offset / length, y: box.y, width: box.width * count / length,
                    height: box.height)
            }
            return word
        }
    }

    /// Words renumbered 0, 1, … within each line of each source, keeping their order (source,
    /// line, position, then their order in `words`): after splitting, a line's parts are
    /// consecutive words.
    static func numberedInLines(_ words: [IndexedWord]) -> [IndexedWord] {
        let ordered = words.enumerated().sorted { a, b in
            (a.element.source.rawValue, a.element.line, a.element.position, a.offset)
                < (b.element.source.rawValue, b.element.line, b.element.position, b.offset)
        }
        var result: [IndexedWord] = []
        var next: [Int: [Int: Int]] = [:]  // source, line: the next position
        for (_, word) in ordered {
            var word = word
            word.position = next[word.source.rawValue, default: [:]][word.line, default: 0]
            next[word.source.rawValue, default: [:]][word.line] = word.position + 1
            result.append(word)
        }
        return result
    }

    /// A recognized word as stored: its characters when the recognizer read it character by
    /// character (`RecognizedWord.characters`), each with its own strokes and box; else the
    /// word, split at CJK characters.
    static func handwriting(_ word: RecognizedWord, line: Int, position: Int) -> [IndexedWord] {
        guard word.characters.isEmpty else {
            return word.characters.flatMap { handwriting($0, line: line, position: position) }
        }
        guard !word.candidates.isEmpty else { return [] }
        return IndexedWord(
            source: .handwriting, line: line, position: position, candidates: word.candidates,
            confidence: word.confidence, strokeIDs: word.strokeIDs.sorted(by: UUID.precedesAsString),
            bounds: word.bounds
        ).splitAtCJKCharacters(estimatingBoxes: false)
    }
}
