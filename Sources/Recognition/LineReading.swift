import DrawingModel
import Foundation

/// One visible pen sample of a text line, in drawing coordinates, remembering where it came from.
package struct InkPoint: Sendable, Hashable {
    /// Location after the stroke's transform.
    package var location: Point
    /// Seconds since the stroke began, when the format recorded time; nil otherwise.
    package var time: Double?
    /// Pressure 0 … 1 when recorded; nil otherwise.
    package var force: Double?
    /// Index of the stroke in the drawing's `strokes` array.
    package var strokeIndex: Int
    /// True for the first point of a pen-down trace (a new stroke, or a stroke resuming after an
    /// erased gap): the network sees a pen lift before it.
    package var startsTrace: Bool

    package init(location: Point, time: Double? = nil, force: Double? = nil, strokeIndex: Int, startsTrace: Bool) {
        self.location = location
        self.time = time
        self.force = force
        self.strokeIndex = strokeIndex
        self.startsTrace = startsTrace
    }
}

/// A text line ready to read: its points in writing order (left to right for a line of text).
package struct LineInk: Sendable, Hashable {
    package var points: [InkPoint]

    package init(points: [InkPoint]) {
        self.points = points
    }

    /// The points of each pen-down trace, as index ranges in order; the first point starts one
    /// whether or not it is marked.
    var traceRanges: [Range<Int>] {
        var starts = points.indices.filter { $0 == 0 || points[$0].startsTrace }
        starts.append(points.count)
        return zip(starts, starts.dropFirst()).map { $0..<$1 }
    }
}

/// A word read from a line: n-best readings and the span of the line's points it covers.
package struct DecodedWord: Sendable, Hashable {
    /// Best first; never empty.
    package var candidates: [WordCandidate]
    /// Indices into `LineInk.points` of the ink this word was read from.
    package var pointRange: Range<Int>
    /// 0 … 1.
    package var confidence: Double
    /// The word's own points when they are not one run of the line's (a CJK character whose
    /// strokes were written apart from each other); nil for `pointRange`'s points. Never empty.
    package var pointIndices: [Int]?
    /// What the network saw of an unsure word, when the reader keeps it (`HandEvidence`).
    package var handEvidence: HandEvidence? {
        get { evidenceSlot.evidence }
        set { evidenceSlot.evidence = newValue }
    }
    private var evidenceSlot = HandEvidenceSlot()

    package init(candidates: [WordCandidate], pointRange: Range<Int>, confidence: Double, pointIndices: [Int]? = nil) {
        self.candidates = candidates
        self.pointRange = pointRange
        self.confidence = confidence
        self.pointIndices = pointIndices
    }
}

/// Reads one line of ink into words. The neural reader (network + CTC beam search) implements it.
package protocol LineReading: Sendable {
    func read(_ line: LineInk) -> [DecodedWord]
    /// The words of several lines (a page's), in their order; a reader may read them together.
    func read(lines: [LineInk]) -> [[DecodedWord]]
    /// This reader with `words` (a user's vocabulary) added to its word lists, so they are read
    /// as written without the penalty for words outside the lists; a reader without word lists
    /// returns itself.
    func addingWords(_ words: [String]) -> any LineReading
    /// The words of part of a line whose writing is `lineHeight` high (nil: the part's own
    /// height), as `MixedScriptLineReader` hands a doubtful part to the character reader; a
    /// reader that does not weigh shapes against the height reads it as a line.
    func read(_ line: LineInk, lineHeight: Double?) -> [DecodedWord]
    /// Whether `word` (letters, any case) is in this reader's word lists; false for a reader
    /// without lists.
    func knows(_ word: String) -> Bool
    /// A quicker, rougher reading of the same ink as `read(_:lineHeight:)`, to judge whether the
    /// full one is worth making (`MixedScriptLineReader.roughMargin`); nil for a reader without one.
    func roughRead(_ line: LineInk, lineHeight: Double?) -> RoughReading?
    /// `word`, read among other words of its line, with its readings ranked as they are for a
    /// word alone in its line (`MixedScriptLineReader` hands it a vocabulary card's word once the
    /// line's other words turn out to be characters); unchanged by a reader that ranks them alike.
    func rankedAsLoneWord(_ word: DecodedWord) -> DecodedWord
}

extension LineReading {
    package func read(lines: [LineInk]) -> [[DecodedWord]] { lines.map(read) }
    package func read(_ line: LineInk, lineHeight: Double?) -> [DecodedWord] { read(line) }
    package func addingWords(_ words: [String]) -> any LineReading { self }
    package func knows(_ word: String) -> Bool { false }
    package func roughRead(_ line: LineInk, lineHeight: Double?) -> RoughReading? { nil }
    package func rankedAsLoneWord(_ word: DecodedWord) -> DecodedWord { word }
}

/// A reader's rough reading of some ink (`LineReading.roughRead`) and the way to its full one.
package struct RoughReading {
    package var words: [DecodedWord]
    /// `read(_:lineHeight:)`'s words for the same ink, reusing what the rough reading computed.
    package var full: () -> [DecodedWord]

    package init(words: [DecodedWord], full: @escaping () -> [DecodedWord]) {
        self.words = words
        self.full = full
    }
}
