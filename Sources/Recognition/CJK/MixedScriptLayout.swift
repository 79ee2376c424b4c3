import DrawingModel
import Foundation

/// Lines of a page read in a Latin-script language and Chinese or Japanese together, each laid
/// out at its own script's size.
///
/// The CJK layout judges ink against a writing size several times a letter's (a character is many
/// strokes), which merges an English word with the character written under it and cuts English
/// lines apart. So the page is laid out for Latin writing first (`latin`, with the stroke
/// classifier, exactly as an English page) and every line is read by the network; the words it
/// reads surely (`ScriptSpans`) are kept as they are. Everything else, the doubtful words, lines
/// mostly doubtful, and the ink the Latin layout left out (a character's long stroke is a rule
/// to it, its dots marks of the line above), is laid out again at the CJK size (`characters`)
/// and read by the mixed reader, which weighs each part's scripts. An English page costs one
/// Latin reading plus its few doubtful words.
struct MixedScriptLayout: Sendable {
    /// Finds the lines of Latin writing (the layout of an English page).
    var latin: LayoutAnalyzer
    /// Finds the lines of what the Latin reading leaves (`LayoutAnalyzer.cjkSizeScale`).
    var characters: LayoutAnalyzer

    /// A line and the words read in it.
    struct ReadLine {
        var line: TextLine
        var words: [DecodedWord]
    }

    /// The lines of `traces` read by `reader` (whose `latin` and `cjk` are both set), in reading
    /// order; lines below `minimumLikelihood` are not read, lines of more than `tracesPerLine`
    /// traces are read in pieces.
    func read(
        _ traces: [InkTrace], reader: MixedScriptLineReader, latinReader: any LineReading,
        minimumLikelihood: Double, tracesPerLine: Int
    ) -> [ReadLine] {
        let found = latin.tracedLines(of: traces).flatMap { Self.pieces($0, tracesPerLine) }
        let readable = found.filter { $0.line.textLikelihood >= minimumLikelihood }
        var settled = Array(repeating: false, count: traces.count)
        var result: [ReadLine] = []
        for (piece, words) in zip(readable, latinReader.read(lines: readable.map(\.line.ink))) {
            let kept = settledWords(words, in: piece.line.ink, reader: reader)
            guard !kept.isEmpty else { continue }
            result.append(ReadLine(line: piece.line, words: kept))
            // a trace is settled when a kept word holds one of its points
            let ranges = piece.line.ink.traceRanges
            for (k, range) in ranges.enumerated() where kept.contains(where: { $0.pointRange.overlaps(range) }) {
                settled[piece.traces[k]] = true
            }
        }
        let rest = traces.indices.filter { !settled[$0] }.map { traces[$0] }
        let lines = characters.lines(of: rest).flatMap { $0.pieces(ofTraces: tracesPerLine) }
            .filter { $0.textLikelihood >= minimumLikelihood }
        for (line, words) in zip(lines, reader.read(lines: lines.map(\.ink))) where !words.isEmpty {
            result.append(ReadLine(line: line, words: words))
        }
        return LineOrdering.readingOrder(of: result.map(\.line.bounds)).map { result[$0] }
    }

    /// The words of a line the Latin reading settles: none when the line is mostly doubtful
    /// (then it is read again whole, as the mixed reader reads such a line), else those outside
    /// its doubtful runs.
    func settledWords(_ words: [DecodedWord], in ink: LineInk, reader: MixedScriptLineReader) -> [DecodedWord] {
        guard let box = Rect(enclosing: ink.points.lazy.map(\.location)), box.height > 0 else { return [] }
        let runs = reader.spans.doubtfulRuns(words, in: ink, lineHeight: box.height)
        let doubtfulPoints = runs.map(\.ink.indices.count).reduce(0, +)
        if Double(doubtfulPoints) >= reader.wholeLineShare * Double(ink.points.count) { return [] }
        let doubtful = Set(runs.flatMap { Array($0.words) })
        return words.indices.filter { !doubtful.contains($0) && Self.isLong(words[$0]) }.map { words[$0] }
    }

    /// Whether a word's reading is long enough to settle it: a kana or a character's part is
    /// often read surely as one or two letters (`l`, `c`), so shorter words are read again.
    static func isLong(_ word: DecodedWord) -> Bool {
        (word.candidates.first?.text.count ?? 0) >= minimumSettledLength
    }

    /// Letters a word needs to be settled by the Latin reading alone.
    static let minimumSettledLength = 3

    /// A line cut as `TextLine.pieces(ofTraces:)` cuts it, each piece with its traces.
    static func pieces(_ traced: (line: TextLine, traces: [Int]), _ limit: Int) -> [(line: TextLine, traces: [Int])] {
        let pieces = traced.line.pieces(ofTraces: limit)
        guard pieces.count > 1 else { return [traced] }
        return pieces.indices.map { k in
            (pieces[k], Array(traced.traces[(k * limit)..<min((k + 1) * limit, traced.traces.count)]))
        }
    }
}
