import DrawingModel
import Foundation
import TextMatching

/// One place a query was found: a word, or consecutive words of one line for a phrase.
package struct SearchHit: Sendable, Hashable {
    /// Absolute path of the notebook file (or folder).
    package var path: String
    /// Page number from 0.
    package var page: Int
    /// The drawing's key (a fingerprint of its ink), stable across builds.
    package var drawing: String
    /// The readings that matched, joined by spaces for a phrase (none between CJK characters:
    /// `CJKText.joined`).
    package var text: String
    /// The strokes of the matched words, sorted.
    package var strokeIDs: [UUID]
    /// Union of the matched words' bounds in drawing coordinates; nil for typed text without a box.
    package var bounds: Rect?
    /// 0 … 1: recognizer confidence times the matched reading's likelihood relative to the best.
    package var score: Double
    /// Whether the hit is handwriting or typed text.
    package var source: IndexedWord.Source
    /// Line and word position of the first matched word.
    package var line: Int
    package var position: Int
    /// Edits between the query and the matched readings (summed over a phrase's words): 0 for an
    /// exact match; more with `SearchOptions.fuzzy`, and one for the space where a word matched
    /// as two written words (`IndexStore.searchSplitWord`).
    package var distance: Int = 0
    /// The line the hit sits on, as indexed; nil only if its words are gone (a build in between).
    package var context: LineContext?
}

/// The line around a hit: the best reading of each word of the line, in order.
package struct LineContext: Sendable, Hashable {
    /// The words' best readings, in position order.
    package var words: [String]
    /// Which of `words` the hit matched.
    package var matched: Range<Int>
    /// Union of the line's word bounds; nil when none has a box (typed text).
    package var bounds: Rect?

    /// The line as one string, words separated by spaces (none between CJK characters).
    package var text: String { CJKText.joined(words) }

    /// The line as `text` spaces it, each word as `show` writes it (given the word and whether
    /// the hit matched it): for output that marks the matched words.
    package func text(showing show: (_ word: String, _ matched: Bool) -> String) -> String {
        var result = ""
        for (index, word) in words.enumerated() {
            if index > 0 { result += CJKText.separator(between: words[index - 1], and: word) }
            result += show(word, matched.contains(index))
        }
        return result
    }
}
