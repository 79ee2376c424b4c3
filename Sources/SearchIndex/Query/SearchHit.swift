import DrawingModel
import Foundation

/// One place a query was found: a word, or consecutive words of one line for a phrase.
public struct SearchHit: Sendable, Hashable {
    /// Absolute path of the notebook file (or folder).
    public var path: String
    /// Page number from 0.
    public var page: Int
    /// The drawing's key (a fingerprint of its ink), stable across builds.
    public var drawing: String
    /// The readings that matched, joined by spaces for a phrase.
    public var text: String
    /// The strokes of the matched words, sorted.
    public var strokeIDs: [UUID]
    /// Union of the matched words' bounds in drawing coordinates; nil for typed text without a box.
    public var bounds: Rect?
    /// 0 … 1: recognizer confidence times the matched reading's likelihood relative to the best.
    public var score: Double
    /// Whether the hit is handwriting or typed text.
    public var source: IndexedWord.Source
    /// Line and word position of the first matched word.
    public var line: Int
    public var position: Int
    /// Edits between the query and the matched readings (summed over a phrase's words): 0 for an
    /// exact match, more only with `SearchOptions.fuzzy`.
    public var distance: Int = 0
    /// The line the hit sits on, as indexed; nil only if its words are gone (a build in between).
    public var context: LineContext?
}

/// The line around a hit: the best reading of each word of the line, in order.
public struct LineContext: Sendable, Hashable {
    /// The words' best readings, in position order.
    public var words: [String]
    /// Which of `words` the hit matched.
    public var matched: Range<Int>
    /// Union of the line's word bounds; nil when none has a box (typed text).
    public var bounds: Rect?

    /// The line as one string, words separated by spaces.
    public var text: String { words.joined(separator: " ") }
}
