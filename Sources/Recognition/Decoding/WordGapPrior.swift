/// A space is likelier where the pen jumps right across blank paper much wider than the line's
/// other gaps and than its letters are tall.
///
/// The network sees a pen lift's jump clipped (`InkFeatures`), so a wide word gap looks to it
/// like a wide gap between two letters, and on pages it read neighbouring words as one ("can in
/// use" as "enthuse": 8.7 % of the words of `dev` pages were merged so). The decoder adds a bonus
/// to the space class's log-probability at the frames around each such jump, growing with the
/// gap measured in the line's writing size (`TraceShape.writingSize`). Only gaps several times
/// the line's median gap count: digits and codes written apart ("978 - 2174") have wide gaps
/// everywhere, and a bonus there split them (line CER 8.0 → 8.5 % on `dev` without that rule).
struct WordGapPrior: Sendable {
    var settings: DecoderSettings

    /// The bonus for each trace of `line` after a gap that earns one, by the index of the point
    /// that starts the trace.
    func bonuses(for line: LineInk) -> [Int: Float] {
        guard settings.gapSpaceBonus > 0 else { return [:] }
        var traces: [InkTrace] = []
        var start = 0
        for i in line.points.indices.dropFirst() where line.points[i].startsTrace {
            if let trace = InkTrace(points: Array(line.points[start..<i]), order: traces.count) { traces.append(trace) }
            start = i
        }
        if let trace = InkTrace(points: Array(line.points[start...]), order: traces.count) { traces.append(trace) }
        guard traces.count > 1 else { return [:] }

        // the blank space before each trace, right of all the ink before it (overlaps count as 0)
        var gaps: [Double] = []
        var right = traces[0].bounds.maxX
        for trace in traces.dropFirst() {
            gaps.append(max(0, trace.bounds.minX - right))
            right = max(right, trace.bounds.maxX)
        }
        let typical = gaps.sorted()[gaps.count / 2]
        let size = TraceShape.writingSize(of: traces)
        let (low, high) = (settings.gapSpaceLow, settings.gapSpaceHigh)
        var result: [Int: Float] = [:]
        var first = traces[0].points.count
        for (trace, gap) in zip(traces.dropFirst(), gaps) {
            defer { first += trace.points.count }
            guard gap / size > low, gap > settings.gapSpaceTypicalMultiple * typical else { continue }
            result[first] = settings.gapSpaceBonus * Float(min(1, (gap / size - low) / max(high - low, 1e-9)))
        }
        return result
    }
}
