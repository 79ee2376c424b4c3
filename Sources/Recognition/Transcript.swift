import DrawingModel
import Foundation

/// One reading of a word with its score (log-probability-like; higher is better).
public struct WordCandidate: Sendable, Hashable {
    public var text: String
    public var score: Double

    package init(text: String, score: Double) {
        self.text = text
        self.score = score
    }
}

/// A handwritten word: its n-best readings (best first) and the ink it was read from.
public struct RecognizedWord: Sendable, Hashable {
    /// Best first; never empty.
    public var candidates: [WordCandidate]
    /// The strokes with ink in this word (a stroke running through several words is in each).
    public var strokeIDs: Set<UUID>
    /// Tight box of this word's own points, in drawing coordinates (after each stroke's transform).
    public var bounds: Rect
    /// 0 … 1: how sure the recognizer is of the best reading.
    public var confidence: Double
    /// For a run of CJK characters read one by one (the CJK line reader): each character as a
    /// word of its own, in reading order, with its candidates (single characters), its strokes,
    /// box and confidence; empty otherwise. The index stores each of them as a word, so a search
    /// for one character finds that character's strokes and box. Without them, the index splits
    /// a reading of several CJK characters by character, each part with the whole word's ink.
    public var characters: [RecognizedWord]
    /// What the network saw of an unsure word, when the recognizer keeps it (`HandEvidence`);
    /// not part of the word's value.
    package var handEvidence: HandEvidence? {
        get { evidenceSlot.evidence }
        set { evidenceSlot.evidence = newValue }
    }
    private var evidenceSlot = HandEvidenceSlot()

    package init(
        candidates: [WordCandidate], strokeIDs: Set<UUID>, bounds: Rect, confidence: Double,
        characters: [RecognizedWord] = []
    ) {
        self.candidates = candidates
        self.strokeIDs = strokeIDs
        self.bounds = bounds
        self.confidence = confidence
        self.characters = characters
    }

    /// The best reading.
    public var text: String { candidates.first?.text ?? "" }
}

/// A text line: its words left to right.
public struct RecognizedLine: Sendable, Hashable {
    public var words: [RecognizedWord]
    public var bounds: Rect

    package init(words: [RecognizedWord], bounds: Rect) {
        self.words = words
        self.bounds = bounds
    }

    public var text: String { words.map(\.text).joined(separator: " ") }
}

/// Everything recognized in one drawing, lines top to bottom.
public struct Transcript: Sendable, Hashable {
    public var lines: [RecognizedLine]
    /// Visible traces left unread because the drawing has more than
    /// `HandwritingRecognizer.maxTracesPerDrawing`; 0 when everything was read.
    public var unreadTraces: Int

    package init(lines: [RecognizedLine], unreadTraces: Int = 0) {
        self.lines = lines
        self.unreadTraces = unreadTraces
    }

    public var text: String { lines.map(\.text).joined(separator: "\n") }

    /// Says what was left unread when the drawing was over a work budget; nil when all was read.
    package var budgetNote: String? {
        guard unreadTraces > 0 else { return nil }
        let limit = HandwritingRecognizer.maxTracesPerDrawing
        return
            "recognized in part: the first \(limit) of \(limit + unreadTraces) traces (at most \(limit) per page are read)"
    }
}
