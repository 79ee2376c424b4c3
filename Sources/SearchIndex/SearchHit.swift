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
}
