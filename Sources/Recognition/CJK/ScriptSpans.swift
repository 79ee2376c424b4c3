import DrawingModel
import Foundation

/// The parts of a line that the network's reading does not settle, so the character reader reads
/// them too: runs of consecutive words that are read unsurely, or that pack several traces into
/// little width or into one or two letters, as a Chinese or Japanese character does ("心" read
/// as `"`, "十" as `+`). Deciding this from the network's reading is cheap; reading a part as CJK
/// is not, so an English page should hand over only its few doubtful words.
package struct ScriptSpans: Sendable, Hashable {
    /// A word read less surely than this is doubtful.
    package var doubtfulBelowConfidence = 0.5
    /// A word of at least 2 traces packing this many traces or more per line height is doubtful.
    package var denseTraces = 2.5
    /// A word read as at most this many characters from at least 2 traces is doubtful.
    package var shortReading = 2
    /// A longer word read at least this surely is not doubtful, however dense.
    package var sureConfidence = 0.9

    /// A run packing fewer traces than this per line height is Latin writing without being read
    /// as characters, as is one of fewer traces than `latinTracesPerLetter` per letter of its
    /// Latin reading: an English word is doubtful far more often than a character is written so
    /// sparsely, and reading a run as characters costs many times reading it as Latin. Chosen on
    /// the doubtful parts of card and notes pages and English pages from dev ink (`cjk-bench spans`
    /// with `CJK_SPAN_LAYOUT=latin` on `make_card_pages.py --seed 11` and `make_pages.py --seed 11`,
    /// not the benchmark's pages): no part the mixed reader read as characters is below both,
    /// and many doubtful English parts are below one. Kana are sparse and often read as a letter
    /// a stroke, so a run needs fewer traces than letters (joined writing) to be skipped so.
    package var latinDensity = 2.0
    package var latinTracesPerLetter = 1.0

    package init() {}

    /// Whether a doubtful run of `words` is Latin writing by its shape alone (`latinDensity`,
    /// `latinTracesPerLetter`), so the character reader need not read it.
    package func isSparse(_ run: Run, of words: [DecodedWord], lineHeight: Double) -> Bool {
        let traces = run.ink.ink.traceRanges.filter { !$0.isEmpty }.count
        let letters = words[run.words].map { $0.candidates.first?.text.count ?? 0 }.reduce(0, +)
        return MixedScriptLineReader.traceDensity(run.ink.ink, lineHeight: lineHeight) < latinDensity
            || Double(traces) < latinTracesPerLetter * Double(max(letters, 1))
    }

    /// Consecutive doubtful words and their ink.
    package struct Run {
        package var words: Range<Int>
        package var ink: LinePart
    }

    /// The runs of doubtful words of a line read by the network, left to right.
    package func doubtfulRuns(_ words: [DecodedWord], in line: LineInk, lineHeight: Double) -> [Run] {
        let traces = line.traceRanges.filter { !$0.isEmpty }
        var runs: [Run] = []
        var start: Int?
        for i in 0...words.count {
            let doubtful = i < words.count && isDoubtful(words[i], in: line, traces: traces, lineHeight: lineHeight)
            if doubtful, start == nil { start = i }
            guard !doubtful, let first = start else { continue }
            start = nil
            if let run = Self.run(first..<i, of: words, in: line, traces: traces) { runs.append(run) }
        }
        return runs
    }

    /// Some consecutive words of a line and the line's traces that overlap them; nil when no
    /// trace does. `traces`: the line's non-empty trace ranges.
    static func run(_ span: Range<Int>, of words: [DecodedWord], in line: LineInk, traces: [Range<Int>]) -> Run? {
        let low = words[span].map(\.pointRange.lowerBound).min() ?? 0
        let high = words[span].map(\.pointRange.upperBound).max() ?? 0
        let kept = traces.filter { $0.overlaps(low..<high) }
        return kept.isEmpty ? nil : Run(words: span, ink: LinePart(line, traces: kept))
    }

    /// Each word of `run` as a run of its own.
    package static func wordRuns(of run: Run, _ words: [DecodedWord], in line: LineInk) -> [Run] {
        let traces = line.traceRanges.filter { !$0.isEmpty }
        return run.words.compactMap { Self.run($0..<($0 + 1), of: words, in: line, traces: traces) }
    }

    /// `run` cut into pieces of consecutive words that `admits` says the same of, each with
    /// what it says (a word without ink is not admitted).
    static func pieces(
        of run: Run, _ words: [DecodedWord], in line: LineInk, admits: (Run) -> Bool
    ) -> [(run: Run, admitted: Bool)] {
        let traces = line.traceRanges.filter { !$0.isEmpty }
        let verdicts = run.words.map { w in
            Self.run(w..<(w + 1), of: words, in: line, traces: traces).map(admits) ?? false
        }
        var pieces: [(run: Run, admitted: Bool)] = []
        var start = run.words.lowerBound
        for (k, w) in run.words.enumerated() where k + 1 == verdicts.count || verdicts[k + 1] != verdicts[k] {
            let span = start..<(w + 1)
            if let piece = Self.run(span, of: words, in: line, traces: traces) {
                pieces.append((piece, verdicts[k]))
            } else {
                pieces.append((Run(words: span, ink: LinePart(line, traces: [])), false))
            }
            start = w + 1
        }
        return pieces
    }

    func isDoubtful(_ word: DecodedWord, in line: LineInk, traces: [Range<Int>], lineHeight: Double) -> Bool {
        if word.confidence < doubtfulBelowConfidence { return true }
        let own = traces.filter { $0.overlaps(word.pointRange) }
        guard own.count >= 2, let text = word.candidates.first?.text else { return false }
        if text.count <= shortReading { return true }
        // a word of several letters read surely is English, however many its strokes
        if word.confidence >= sureConfidence { return false }
        guard
            let box = Rect(enclosing: own.lazy.flatMap { line.points[$0] }.map(\.location)), lineHeight > 0
        else { return false }
        return Double(own.count) / max(box.width / lineHeight, 0.5) >= denseTraces
    }
}

/// Some traces of a line as a line of their own, and the way back to the line's points.
package struct LinePart {
    package var ink: LineInk
    /// For each point of `ink`, its index in the line.
    var indices: [Int]

    /// - Parameter traces: point ranges of whole traces of `line`, in the line's order.
    init(_ line: LineInk, traces: [Range<Int>]) {
        indices = traces.flatMap { Array($0) }
        ink = LineInk(points: indices.map { line.points[$0] })
    }

    /// A word read from the part, its points those of the line.
    func inLine(_ word: DecodedWord) -> DecodedWord {
        let own = (word.pointIndices ?? Array(word.pointRange)).map { indices[$0] }
        var word = word
        word.pointIndices = own
        word.pointRange = (own.min() ?? 0)..<((own.max() ?? 0) + 1)
        return word
    }
}
