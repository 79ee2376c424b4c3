import DrawingModel
import Foundation

/// Lines of a page read in a Latin-script language and Chinese or Japanese together, each laid
/// out at its own script's size.
///
/// The CJK layout judges ink against a writing size several times a letter's (a character is many
/// strokes), which merges an English word with the character written under it, and a row with
/// the rows next to it. The Latin layout keeps rows apart but cuts characters: the box of 国 is
/// taken for a box drawn around words (its inside becomes a line of its own), a long stroke for a
/// rule, a dot for a mark of the line above. So the page is laid out for Latin writing first
/// (`latin`, with the stroke classifier, exactly as an English page) and every line is read by
/// the network:
///
/// - a line mostly read surely (`ScriptSpans`) is a line of Latin writing: the ink the Latin
///   layout cut away from its doubtful words (lines mostly doubtful and ink left out, lying over
///   a doubtful word) joins it again, and the mixed reader reads it, its doubtful words as
///   characters in place, where their neighbours are the line's own;
/// - the rest, lines mostly doubtful (rows of characters) and ink no line took, is laid out
///   again at the CJK size (`characters`) and read by the mixed reader, which weighs each part's
///   scripts.
///
/// Strokes standing as a character of flat strokes would (一, 二, 三: `FlatStrokeCharacters`) are
/// taken out first, since the Latin layout reads them as dashes or drops them as rules, and each
/// group is read as characters alone.
///
/// An English page costs one Latin reading plus its few doubtful words.
struct MixedScriptLayout: Sendable {
    /// Finds the lines of Latin writing (the layout of an English page).
    var latin: LayoutAnalyzer
    /// Finds the lines of what the Latin lines do not take (`LayoutAnalyzer.cjkSizeScale`).
    var characters: LayoutAnalyzer

    /// A line and the words read in it.
    struct ReadLine {
        var line: TextLine
        var words: [DecodedWord]
    }

    /// A line of the Latin layout, its traces (indices into the page's) and its Latin reading.
    private struct Found {
        var line: TextLine
        var traces: [Int]
        var words: [DecodedWord]
        /// For a line of Latin writing, the boxes of its doubtful words; nil for a line mostly doubtful.
        var doubtful: [Rect]?
    }

    /// The lines of `traces` read by `reader` (whose `latin` and `cjk` are both set), in reading
    /// order; lines below `minimumLikelihood` are not read, lines of more than `tracesPerLine`
    /// traces are read in pieces.
    func read(
        _ traces: [InkTrace], reader: MixedScriptLineReader, latinReader: any LineReading,
        minimumLikelihood: Double, tracesPerLine: Int
    ) -> [ReadLine] {
        guard let cjk = reader.cjk else { return [] }
        // strokes standing as 一, 二 or 三 would are no Latin writing's dashes or rules
        let flat = FlatStrokeCharacters.groups(in: traces)
        let flatTraces = Set(flat.joined())
        let kept = traces.indices.filter { !flatTraces.contains($0) }
        let pieces = latin.tracedLines(of: kept.map { traces[$0] })
            .map { (line: $0.line, traces: $0.traces.map { kept[$0] }) }
            .flatMap { Self.pieces($0, tracesPerLine) }
            .filter { $0.line.textLikelihood >= minimumLikelihood }
        var found = zip(pieces, latinReader.read(lines: pieces.map(\.line.ink))).map { piece, words in
            Found(
                line: piece.line, traces: piece.traces, words: words,
                doubtful: doubtfulBoxes(words, in: piece.line.ink, reader: reader))
        }
        // the ink each line of Latin writing takes back: lines mostly doubtful and traces no line
        // holds, each as one unit, lying over one of its doubtful words
        var taken = Array(repeating: false, count: traces.count)
        for line in found { for k in line.traces { taken[k] = true } }
        for k in flatTraces { taken[k] = true }
        let units =
            found.indices.filter { found[$0].doubtful == nil }.map { found[$0].traces }
            + traces.indices.filter { !taken[$0] }.map { [$0] }
        var extra = Array(repeating: [Int](), count: found.count)
        var pooled: [Int] = []
        for unit in units {
            if let host = host(of: unit, traces, among: found) {
                extra[host] += unit
            } else {
                pooled += unit
            }
        }
        // a line that took ink back is laid out and read by the network again
        let grown = found.indices.filter { !extra[$0].isEmpty }
        let regrown = grown.map { g in
            let members = found[g].traces + extra[g]
            let size = TraceShape.writingSize(of: members.map { traces[$0] })
            let order = LineOrdering.traceOrder(members, in: traces, size: size)
            return (LayoutAnalyzer.makeLine(order, traces, found[g].line.textLikelihood), order)
        }
        for (g, (words, line)) in zip(grown, zip(latinReader.read(lines: regrown.map(\.0.ink)), regrown)) {
            found[g].line = line.0
            found[g].traces = line.1
            found[g].words = words
        }
        var result: [ReadLine] = []
        for line in found where line.doubtful != nil && !line.words.isEmpty {
            let words = reader.mixed(line.line.ink, western: line.words, cjk: cjk)
            if !words.isEmpty { result.append(ReadLine(line: line.line, words: words)) }
        }
        // the rest, row by row as the Latin layout found them: a row of characters is laid out
        // at the CJK size alone, never with the rows above or below
        let rows = Self.rows(of: pooled, traces, lines: found.filter { $0.doubtful == nil }.map(\.traces))
        let lines = rows.flatMap { row in characters.lines(of: row.sorted().map { traces[$0] }) }
            .flatMap { $0.pieces(ofTraces: tracesPerLine) }
            .filter { $0.textLikelihood >= minimumLikelihood }
        // a row laid out again as the very line the Latin layout found (a lone doubtful line)
        // keeps the network's reading of it rather than reading it again
        var known: [LineInk: [DecodedWord]] = [:]
        for line in found { known[line.line.ink] = line.words }
        let fresh = lines.indices.filter { known[lines[$0].ink] == nil }
        for (k, words) in zip(fresh, latinReader.read(lines: fresh.map { lines[$0].ink })) {
            known[lines[k].ink] = words
        }
        for line in lines {
            let words = reader.mixed(line.ink, western: known[line.ink] ?? [], cjk: cjk)
            if !words.isEmpty { result.append(ReadLine(line: line, words: words)) }
        }
        for group in flat {
            let line = LayoutAnalyzer.makeLine(group, traces, 1)
            // read in a cell as high as the strokes are wide, the character's, not their own thin height
            let words = cjk.read(line.ink, lineHeight: line.bounds.width)
            if !words.isEmpty { result.append(ReadLine(line: line, words: words)) }
        }
        return LineOrdering.readingOrder(of: result.map(\.line.bounds)).map { result[$0] }
    }

    /// The boxes of a line's doubtful words, widened by half the line's height on each side; nil
    /// when the line is mostly doubtful (`MixedScriptLineReader.wholeLineShare` of its points) or
    /// read as nothing: a line of characters, laid out again at the CJK size.
    private func doubtfulBoxes(_ words: [DecodedWord], in ink: LineInk, reader: MixedScriptLineReader) -> [Rect]? {
        guard !words.isEmpty, let box = Rect(enclosing: ink.points.lazy.map(\.location)), box.height > 0 else {
            return nil
        }
        let runs = reader.spans.doubtfulRuns(words, in: ink, lineHeight: box.height)
        let doubtfulPoints = runs.map(\.ink.indices.count).reduce(0, +)
        if Double(doubtfulPoints) >= reader.wholeLineShare * Double(ink.points.count) { return nil }
        let margin = box.height / 2
        return runs.compactMap { run in
            Rect(enclosing: run.ink.ink.points.lazy.map(\.location)).map {
                Rect(x: $0.minX - margin, y: box.minY, width: $0.width + 2 * margin, height: box.height)
            }
        }
    }

    /// The line of Latin writing whose doubtful word some ink lies over (its centre inside the
    /// word's widened box), nil for none; the nearest such word's line when several.
    private func host(of unit: [Int], _ traces: [InkTrace], among found: [Found]) -> Int? {
        guard let first = unit.first else { return nil }
        let box = unit.dropFirst().reduce(traces[first].bounds) { $0.union(traces[$1].bounds) }
        let (x, y) = (box.midX, box.midY)
        var best: (line: Int, distance: Double)?
        for (i, line) in found.enumerated() {
            for word in line.doubtful ?? [] where word.minX <= x && x <= word.maxX && word.minY <= y && y <= word.maxY {
                let distance = abs(y - word.midY) + abs(x - word.midX)
                if best.map({ distance < $0.distance }) ?? true { best = (i, distance) }
            }
        }
        return best?.line
    }

    /// Some traces (`pooled`) in rows: the lines of `lines` (each a list of traces) among them,
    /// those side by side joined (each holding at least half of the lower one's height), and
    /// every other trace with the row over whose band (widened by half its height) its centre
    /// lies, the nearest; the traces in no row are one more.
    static func rows(of pooled: [Int], _ traces: [InkTrace], lines: [[Int]]) -> [[Int]] {
        let inPool = Set(pooled)
        var rows = lines.map { $0.filter(inPool.contains) }.filter { !$0.isEmpty }
        let extent = { (row: [Int]) in row.dropFirst().reduce(traces[row[0]].bounds) { $0.union(traces[$1].bounds) } }
        var k = 0
        while k < rows.count {
            let a = extent(rows[k])
            if let j = rows.indices.first(where: { j in
                guard j > k else { return false }
                let b = extent(rows[j])
                let shared = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                return shared >= 0.5 * min(a.height, b.height)
            }) {
                rows[k] += rows.remove(at: j)
            } else {
                k += 1
            }
        }
        let boxes = rows.map(extent)
        var loose: [Int] = []
        let held = Set(rows.joined())
        for t in pooled where !held.contains(t) {
            let (x, y) = (traces[t].bounds.midX, traces[t].bounds.midY)
            let near = boxes.indices.filter { r in
                let b = boxes[r]
                return b.minX - b.height / 2 <= x && x <= b.maxX + b.height / 2 && b.minY - b.height / 2 <= y
                    && y <= b.maxY + b.height / 2
            }.min { abs(boxes[$0].midY - y) < abs(boxes[$1].midY - y) }
            if let near { rows[near].append(t) } else { loose.append(t) }
        }
        return loose.isEmpty ? rows : rows + [loose]
    }

    /// A line cut as `TextLine.pieces(ofTraces:)` cuts it, each piece with its traces.
    static func pieces(_ traced: (line: TextLine, traces: [Int]), _ limit: Int) -> [(line: TextLine, traces: [Int])] {
        let pieces = traced.line.pieces(ofTraces: limit)
        guard pieces.count > 1 else { return [traced] }
        return pieces.indices.map { k in
            (pieces[k], Array(traced.traces[(k * limit)..<min((k + 1) * limit, traced.traces.count)]))
        }
    }
}
