import DrawingModel
import Foundation

/// Finds the text lines of a drawing and puts them in reading order.
///
/// Stages, each in its own file:
/// 1. `VisibleInk`: the visible traces (writing tools only, masks applied, after transforms).
/// 2. `LocalSize`: the writing size around each trace, estimated from the ink; `StrokeClassifier`:
///    whether each trace is writing, drawing or markup (learned; drawing and markup are never
///    read); `TraceShape`: each remaining trace's role against the size: glyph, mark, rule,
///    scribble, oversized or enclosure (a loop around other ink). Rules, scribbles and enclosures
///    are never read.
/// 3. `LineGrouping`: glyphs into lines; `MarkAttachment`: marks to their lines (marks far from
///    every line are dropped).
/// 4. Oversized ink (brackets, boxes, drawings, a title in a much larger hand) is grouped the same
///    way against its own size; a group that continues a line of writing joins it, the others
///    become lines of low `textLikelihood`.
/// 5. `LineOrdering`: lines in reading order, and traces in order inside each line.
package struct LayoutAnalyzer: Sendable {
    /// `textLikelihood` of a line made of oversized ink with several glyphs (likely large writing).
    package static let largeWritingLikelihood = 0.5
    /// `textLikelihood` of a line made of one or two oversized traces (likely a shape).
    package static let shapeLikelihood = 0.2

    /// Largest extent, in writing sizes, of a one- or two-glyph line that may join a neighbour.
    static let fragmentExtent = 1.2
    /// Farthest weighted vertical distance, in writing sizes, at which such a fragment joins.
    static let fragmentDistance = 1.0
    /// Largest share of another fragment's height at which a fragment with no line joins that one.
    static let fragmentHeightShare = 0.6
    /// Height, in writing sizes, below which a one- or two-stroke group is a bar, not a line.
    static let flatFragmentHeight = 0.5

    /// The writing size estimated from the ink is multiplied by this before trace roles and lines
    /// are judged: 1 for Latin writing, whose strokes are letters; more for CJK writing, whose
    /// strokes are parts of characters (`cjkSizeScale`), so that a character's long straight
    /// stroke is not taken for a rule nor its parts for lines of their own.
    package var sizeScale: Double

    /// `sizeScale` for pages read in Chinese or Japanese, measured on the dev pages (`cjk-bench pages`).
    package static let cjkSizeScale = 2.5

    /// Whether the layout is scaled for CJK writing, whose characters are many strokes each.
    var readsCharacters: Bool { sizeScale > 1 }

    /// The learned classifier that keeps drawing and markup out of the lines; nil for the shape
    /// rules alone (and always for CJK writing, which it was not trained on).
    package var strokeClassifier: StrokeClassifier?

    /// - Parameters:
    ///   - sizeScale: `cjkSizeScale` for CJK writing, else 1.
    ///   - strokeClassifier: the learned classifier (by default the shipped one when installed:
    ///     `RecognizerResources.layout(for:)` is the product's path, and fails when it is not);
    ///     ignored for CJK writing.
    package init(sizeScale: Double = 1, strokeClassifier: StrokeClassifier? = try? StrokeClassifier.shipped.get()) {
        self.sizeScale = sizeScale
        self.strokeClassifier = sizeScale == 1 ? strokeClassifier : nil
    }

    /// The text lines of `drawing`, in reading order.
    ///
    /// - Parameters:
    ///   - drawing: the strokes to read.
    ///   - strokeIDs: when given, only these strokes are considered.
    /// - Returns: lines with at least one point each; empty when nothing looks like writing.
    /// - Complexity: about O(t log t + t · k) for t traces and k lines side by side.
    package func lines(in drawing: Drawing, strokeIDs: Set<UUID>? = nil) -> [TextLine] {
        lines(of: VisibleInk.traces(in: drawing, strokeIDs: strokeIDs))
    }

    /// The text lines of some visible traces, in reading order.
    func lines(of traces: [InkTrace]) -> [TextLine] {
        tracedLines(of: traces).map(\.line)
    }

    /// The text lines of some visible traces, in reading order, each with the indices (into
    /// `traces`) of its traces in the order of its points.
    func tracedLines(of traces: [InkTrace]) -> [(line: TextLine, traces: [Int])] {
        guard !traces.isEmpty else { return [] }
        let sizes = sizeScale == 1 ? LocalSize.sizes(of: traces) : LocalSize.sizes(of: traces).map { $0 * sizeScale }
        let writing = strokeClassifier?.writingProbabilities(traces, sizes: sizes)
        let learned = writing?.map { $0 >= StrokeClassifier.writingThreshold }
        var glyphs: [Int] = [], marks: [Int] = [], oversized: [Int] = []
        // boxes and circles drawn around words, which no line of writing crosses
        var enclosures: [Rect] = []
        for (i, trace) in traces.enumerated() {
            // Drawing and markup, as the learned classifier sees them, are never read (dots too:
            // leaving dots to the rules read more of the drawings and fewer words of the real notes).
            if let learned, !learned[i] {
                if TraceShape.isEnclosure(trace, size: sizes[i], among: traces) { enclosures.append(trace.bounds) }
                continue
            }
            var role = TraceShape.role(of: trace, size: sizes[i])
            if role == .glyph || role == .oversized,
                TraceShape.isEnclosure(trace, size: sizes[i], among: traces)
            {
                role = .enclosure
                enclosures.append(trace.bounds)
            }
            switch role {
            case .glyph: glyphs.append(i)
            case .mark: marks.append(i)
            case .oversized: oversized.append(i)
            case .rule, .scribble, .enclosure: break
            }
        }
        var groups = Self.cut(
            LineGrouping.lines(
                of: glyphs, in: traces, sizes: sizes, stackedByWindow: sizeScale == 1,
                keepsStraysApart: sizeScale == 1),
            at: enclosures, traces)
        // One or two small or flat glyphs on their own (the top of a "?", the bar of an "I", a
        // long t-crossbar, an accent) join the line next to them when there is one; otherwise
        // they join a much taller fragment near them (the letter of a one-letter word), or stay
        // a line.
        let isFragment = { (members: [Int]) -> Bool in
            guard members.count <= 2, let box = LineGrouping.extent(members, traces) else { return false }
            let size = LineGrouping.size(of: members, sizes)
            return max(box.width, box.height) <= Self.fragmentExtent * size
                || box.height <= Self.flatFragmentHeight * size
        }
        let fragments = groups.filter(isFragment)
        groups.removeAll(where: isFragment)
        var likelihoods = Array(repeating: 1.0, count: groups.count)
        if !oversized.isEmpty {
            // Oversized ink is grouped against its own size.
            let bigSize = TraceShape.writingSize(of: oversized.map { traces[$0] })
            var bigSizes = sizes
            for i in oversized { bigSizes[i] = bigSize }
            let writingLines = groups
            for members in LineGrouping.lines(
                of: oversized, in: traces, sizes: bigSizes, stackedByWindow: sizeScale == 1,
                keepsStraysApart: sizeScale == 1)
            {
                if let host = LineGrouping.host(for: members, among: writingLines, traces: traces, sizes: sizes) {
                    groups[host] += members
                } else {
                    groups.append(members)
                    likelihoods.append(members.count > 2 ? Self.largeWritingLikelihood : Self.shapeLikelihood)
                }
            }
        }
        let fragmentLines = MarkAttachment.assign(
            fragments.flatMap { $0 }, to: groups, in: traces, sizes: sizes,
            maximumDistance: Self.fragmentDistance)
        for (trace, line) in fragmentLines { groups[line].append(trace) }
        for line in Self.joinedFragments(
            fragments.map { $0.filter { fragmentLines[$0] == nil } }.filter { !$0.isEmpty }, traces, sizes)
        {
            groups.append(line)
            likelihoods.append(1)
        }
        for (mark, line) in MarkAttachment.assign(marks, to: groups, in: traces, sizes: sizes) {
            groups[line].append(mark)
        }
        let lines = groups.indices.map { g in
            let order = LineOrdering.traceOrder(groups[g], in: traces, size: LineGrouping.size(of: groups[g], sizes))
            var line = Self.makeLine(order, traces, likelihoods[g])
            line.traceWriting = writing.map { p in order.map { p[$0] } } ?? []
            line.writingSize = LineGrouping.size(of: groups[g], sizes)
            return (line: line, traces: order)
        }
        return LineOrdering.readingOrder(of: lines.map(\.line.bounds)).map { lines[$0] }
    }

    /// The fragments that found no line, as lines: a fragment much shorter than another one near
    /// it joins that one, so that a word of one or two letters, itself a fragment, keeps its
    /// accents and dots (`š` is not read as a `v` line over a `5` line). Fragments of like height
    /// stay apart (a column of single digits is not one line).
    static func joinedFragments(_ fragments: [[Int]], _ traces: [InkTrace], _ sizes: [Double]) -> [[Int]] {
        let height = { (members: [Int]) in LineGrouping.extent(members, traces)?.height ?? 0 }
        // tallest first, so that every fragment meets the ones it may join before it is placed
        let tallestFirst = fragments.indices.sorted {
            (height(fragments[$0]), $1) > (height(fragments[$1]), $0)
        }
        var lines: [[Int]] = []
        var heights: [Double] = []
        for f in tallestFirst {
            let fragment = fragments[f]
            let own = height(fragment)
            let hosts = lines.indices.filter { own <= Self.fragmentHeightShare * heights[$0] }
            let joined = MarkAttachment.assign(
                fragment, to: hosts.map { lines[$0] }, in: traces, sizes: sizes,
                maximumDistance: Self.fragmentDistance)
            for (trace, host) in joined { lines[hosts[host]].append(trace) }
            let left = fragment.filter { joined[$0] == nil }
            if !left.isEmpty {
                lines.append(left)
                heights.append(height(left))
            }
        }
        return lines
    }

    /// Cuts every line that runs across the edge of a box or circle drawn around words: the traces
    /// whose centres lie inside it become a line of their own, so that words in boxes side by side
    /// (a to-do list, a flowchart's row) are not read as one line with their neighbours.
    static func cut(_ groups: [[Int]], at enclosures: [Rect], _ traces: [InkTrace]) -> [[Int]] {
        guard !enclosures.isEmpty else { return groups }
        var cut = groups
        for box in enclosures {
            cut = cut.flatMap { group -> [[Int]] in
                let inside = group.filter { box.contains(Point(x: traces[$0].bounds.midX, y: traces[$0].bounds.midY)) }
                guard !inside.isEmpty, inside.count < group.count else { return [group] }
                let kept = Set(inside)
                return [inside, group.filter { !kept.contains($0) }]
            }
        }
        return cut
    }

    static func makeLine(_ order: [Int], _ traces: [InkTrace], _ likelihood: Double) -> TextLine {
        let points = order.flatMap { traces[$0].points }
        let bounds = order.dropFirst().reduce(traces[order[0]].bounds) { $0.union(traces[$1].bounds) }
        return TextLine(ink: LineInk(points: points), bounds: bounds, textLikelihood: likelihood)
    }
}
