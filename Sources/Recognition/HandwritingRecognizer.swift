import DrawingModel
import Foundation

/// Reads a drawing into a `Transcript`: layout finds the text lines, a `LineReading` reads each
/// line into words, and alignment maps every word back to its strokes and box.
///
/// Immutable and therefore safe to share across tasks and threads; one instance can serve every
/// drawing of an index build.
public final class HandwritingRecognizer: Sendable {
    /// Bump on every change that can change an output for the same drawing: layout, features,
    /// weights, decoding, lexicon, alignment, confidences. Indexes re-recognize drawings stored
    /// with an older version.
    public static var recognitionVersion: Int { 37 }

    /// Lines whose layout `textLikelihood` is below this are not read at all.
    package static let minimumTextLikelihood = 0.05

    /// Work budgets, so that no drawing can take unbounded time or memory (a dense handwritten
    /// page has under 3,000 traces and lines of under 200). Traces past the first
    /// `maxTracesPerDrawing` in writing order are not read (`Transcript.unreadTraces` says how
    /// many); a line group of more than `maxTracesPerLine` traces is read in pieces of that many,
    /// so its words are still found; the network reads at most `InkFeatures.maxRows` rows of a line.
    package static let maxTracesPerDrawing = 5_000
    package static let maxTracesPerLine = 400

    /// The reader of single lines (the network and decoder in production, a double in tests).
    package let lineReader: any LineReading
    /// The layout analysis in front of the reader.
    package let layout: LayoutAnalyzer
    /// For Latin-script and CJK languages together (a `MixedScriptLineReader` with both readers):
    /// the layout of the Latin lines, read first; `layout` then lays out only the ink their
    /// reading leaves (`MixedScriptLayout`). Nil: `layout` lays out the whole page.
    package let latinLayout: LayoutAnalyzer?
    /// Judges each read word writing or drawing from its reading (`ReaderVerdict`); words judged
    /// drawing give no readings. Nil: every word read is kept.
    package let verdict: ReaderVerdict?

    /// - Parameters:
    ///   - lineReader: reads one line of ink into words.
    ///   - layout: finds the lines (`LayoutAnalyzer(sizeScale:)` for CJK writing).
    ///   - latinLayout: for a mixed reader, the layout of the Latin lines read first.
    ///   - verdict: the reader's verdict on the words read (`ReaderVerdict.configured()` in the
    ///     product); nil keeps every word.
    package init(
        lineReader: any LineReading, layout: LayoutAnalyzer = LayoutAnalyzer(), latinLayout: LayoutAnalyzer? = nil,
        verdict: ReaderVerdict? = nil
    ) {
        self.lineReader = lineReader
        self.layout = layout
        self.latinLayout = latinLayout
        self.verdict = verdict
    }

    /// This recognizer with a user's vocabulary (`UserVocabulary`) added to its word lists.
    /// Blocked words (`blocked-words.txt`) stay out, whoever wrote them.
    /// - Throws: `ModelError` when the blocked-word list is missing or damaged.
    public func favouring(_ vocabulary: UserVocabulary) throws(ModelError) -> HandwritingRecognizer {
        let blocked = try RecognizerResources.blockedWords()
        let words = vocabulary.words.filter { !blocked.contains($0.lowercased()) }
        guard !words.isEmpty else { return self }
        return HandwritingRecognizer(
            lineReader: lineReader.addingWords(words), layout: layout, latinLayout: latinLayout, verdict: verdict)
    }

    /// Everything recognizable in `drawing`, lines in reading order.
    public func transcribe(_ drawing: Drawing) -> Transcript {
        transcribe(drawing, strokeIDs: nil)
    }

    /// The transcript of some strokes of `drawing`.
    ///
    /// - Parameters:
    ///   - drawing: the drawing; bounds are in its coordinates.
    ///   - strokeIDs: the strokes to read; all of them when nil. Layout sees only these strokes,
    ///     so they are read as if nothing else were on the page.
    /// - Returns: lines with at least one word each. A word's confidence is the reader's,
    ///   scaled by the line's `textLikelihood` (lower for ink that looks like a drawing).
    public func transcribe(_ drawing: Drawing, strokeIDs: Set<UUID>?) -> Transcript {
        var lines: [RecognizedLine] = []
        let traces = VisibleInk.traces(in: drawing, strokeIDs: strokeIDs)
        let kept = Array(traces.prefix(Self.maxTracesPerDrawing))
        // a page written sideways or upside down is read upright; boxes are turned back
        let turns = WritingDirection.quarterTurns(of: kept, unit: layout.readsCharacters ? .characters : .letters)
        let upright = WritingDirection.turned(kept, by: turns)
        for (textLine, decodedWords) in read(upright) {
            let words = decodedWords.compactMap { decoded -> RecognizedWord? in
                guard !decoded.candidates.isEmpty,
                    var word = Alignment.align(decoded, in: textLine.ink, of: drawing)
                else { return nil }
                word.confidence *= textLine.textLikelihood
                word.handEvidence = decoded.handEvidence.map { evidence in
                    var evidence = evidence
                    evidence.confidenceScale = textLine.textLikelihood
                    return evidence
                }
                word.bounds = WritingDirection.turned(word.bounds, by: -turns)
                return word
            }
            guard let first = words.first else { continue }
            let bounds = words.dropFirst().reduce(first.bounds) { $0.union($1.bounds) }
            lines.append(RecognizedLine(words: words, bounds: bounds))
        }
        return Transcript(lines: lines, unreadTraces: traces.count - kept.count)
    }

    /// The lines of some upright traces, in reading order, with the words read in each.
    func read(_ traces: [InkTrace]) -> [(TextLine, [DecodedWord])] {
        if let latinLayout, let mixed = lineReader as? MixedScriptLineReader, let latin = mixed.latin, mixed.cjk != nil
        {
            return MixedScriptLayout(latin: latinLayout, characters: layout).read(
                traces, reader: mixed, latinReader: latin, minimumLikelihood: Self.minimumTextLikelihood,
                tracesPerLine: Self.maxTracesPerLine
            ).map { ($0.line, $0.words) }
        }
        let read = readLines(traces)
        return verdict.map { $0.judged(read, reader: lineReader) } ?? read
    }

    /// The lines of some upright traces with every word read in each, before any verdict.
    private func readLines(_ traces: [InkTrace]) -> [(TextLine, [DecodedWord])] {
        let textLines = layout.lines(of: traces).flatMap { $0.pieces(ofTraces: Self.maxTracesPerLine) }
            .filter { $0.textLikelihood >= Self.minimumTextLikelihood }
        return Array(zip(textLines, lineReader.read(lines: textLines.map(\.ink))))
    }

    /// Every word read in `drawing` before any verdict, with the verdict's features and the
    /// number of the word's points in each stroke it reads (by index into `drawing.strokes`):
    /// the rows `Training/layout/verdict.py` learns the verdict from. Words of lines without the
    /// classifier's probabilities are left out.
    package func verdictRows(_ drawing: Drawing) -> [(features: [Double], strokePoints: [Int: Int])] {
        let traces = VisibleInk.traces(in: drawing, strokeIDs: nil)
        let kept = Array(traces.prefix(Self.maxTracesPerDrawing))
        let turns = WritingDirection.quarterTurns(of: kept, unit: layout.readsCharacters ? .characters : .letters)
        let read = readLines(WritingDirection.turned(kept, by: turns))
        var rows: [(features: [Double], strokePoints: [Int: Int])] = []
        for ((line, words), features) in zip(read, ReaderVerdict.features(of: read, reader: lineReader)) {
            guard let features else { continue }
            for (word, values) in zip(words, features) {
                var strokePoints: [Int: Int] = [:]
                for i in word.pointIndices ?? Array(word.pointRange) where line.ink.points.indices.contains(i) {
                    strokePoints[line.ink.points[i].strokeIndex, default: 0] += 1
                }
                rows.append((values, strokePoints))
            }
        }
        return rows
    }

    /// The lines of `drawing` as this recognizer finds them before reading (for a mixed
    /// reader, after reading its Latin lines), in reading order (the benchmarks' view of layout).
    package func lines(in drawing: Drawing) -> [TextLine] {
        read(VisibleInk.traces(in: drawing)).map(\.0)
    }
}
