import DrawingModel
import Foundation

/// Finds the text lines of a drawing and puts them in reading order.
///
/// Stages, each in its own file:
/// 1. `VisibleInk`: the visible traces (writing tools only, masks applied, after transforms).
/// 2. `TraceShape`: the writing size, estimated from the ink, and each trace's role: glyph, mark,
///    rule, scribble or oversized. Rules and scribbles are never read.
/// 3. `LineGrouping`: glyphs into lines; `MarkAttachment`: marks to their lines (marks far from
///    every line are dropped).
/// 4. Oversized ink (brackets, boxes, drawings, a title in a much larger hand) is grouped the same
///    way against its own size, into lines of low `textLikelihood`.
/// 5. `LineOrdering`: lines in reading order, and traces in order inside each line.
public struct LayoutAnalyzer: Sendable {
    /// `textLikelihood` of a line made of oversized ink with several glyphs (likely large writing).
    public static let largeWritingLikelihood = 0.5
    /// `textLikelihood` of a line made of one or two oversized traces (likely a shape).
    public static let shapeLikelihood = 0.2

    public init() {}

    /// The text lines of `drawing`, in reading order.
    ///
    /// - Parameters:
    ///   - drawing: the strokes to read.
    ///   - strokeIDs: when given, only these strokes are considered.
    /// - Returns: lines with at least one point each; empty when nothing looks like writing.
    /// - Complexity: about O(t · l) for t traces and l lines, plus O(l³) in the worst case for
    ///   merging line fragments.
    public func lines(in drawing: Drawing, strokeIDs: Set<UUID>? = nil) -> [TextLine] {
        let traces = VisibleInk.traces(in: drawing, strokeIDs: strokeIDs)
        guard !traces.isEmpty else { return [] }
        let size = TraceShape.writingSize(of: traces)
        var glyphs: [Int] = [], marks: [Int] = [], oversized: [Int] = []
        for (i, trace) in traces.enumerated() {
            switch TraceShape.role(of: trace, size: size) {
            case .glyph: glyphs.append(i)
            case .mark: marks.append(i)
            case .oversized: oversized.append(i)
            case .rule, .scribble: break
            }
        }
        var groups = LineGrouping.lines(of: glyphs, in: traces, size: size)
        // A lone small "line" (an accent or dot classified as a glyph) is better read as a mark.
        groups.removeAll { members in
            guard members.count <= 2, let box = LineGrouping.extent(members, traces),
                max(box.width, box.height) < 0.6 * size
            else { return false }
            marks += members
            return true
        }
        var likelihoods = Array(repeating: 1.0, count: groups.count)
        if !oversized.isEmpty {
            let bigSize = TraceShape.writingSize(of: oversized.map { traces[$0] })
            for members in LineGrouping.lines(of: oversized, in: traces, size: bigSize) {
                groups.append(members)
                likelihoods.append(members.count > 2 ? Self.largeWritingLikelihood : Self.shapeLikelihood)
            }
        }
        for (mark, line) in MarkAttachment.assign(marks, to: groups, in: traces, size: size) {
            groups[line].append(mark)
        }
        let lines = groups.indices.map { g in
            makeLine(LineOrdering.traceOrder(groups[g], in: traces, size: size), traces, likelihoods[g])
        }
        return LineOrdering.readingOrder(of: lines.map(\.bounds)).map { lines[$0] }
    }

    private func makeLine(_ order: [Int], _ traces: [InkTrace], _ likelihood: Double) -> TextLine {
        let points = order.flatMap { traces[$0].points }
        let bounds = order.dropFirst().reduce(traces[order[0]].bounds) { $0.union(traces[$1].bounds) }
        return TextLine(ink: LineInk(points: points), bounds: bounds, textLikelihood: likelihood)
    }
}
