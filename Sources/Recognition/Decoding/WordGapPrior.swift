/// A space is likelier where the pen jumps right across blank paper much wider than the line's
/// other gaps and than its letters are tall.
///
/// The network sees each pen lift's jump (clipped at 8 size units, `InkFeatures`), yet on pages
/// it read neighbouring words as one ("can in use" as "enthuse"; docs/recognizer.md says how
/// often). The decoder adds a bonus
/// to the space class's log-probability at the frames around each such jump, growing with the
/// gap measured in the line's writing size (`TraceShape.writingSize`). Only gaps several times
/// the line's median gap count: digits and codes written apart ("978 - 2174") have wide gaps
/// everywhere, and a bonus there split them.
struct WordGapPrior: Sendable {
    var settings: DecoderSettings

    /// The bonus for each trace of `line` after a gap that earns one, by the index of the point
    /// that starts the trace.
    func bonuses(for line: LineInk) -> [Int: Float] {
        guard settings.gapSpaceBonus > 0 else { return [:] }
        let ranges = line.traceRanges
        let traces = ranges.enumerated().compactMap { order, range in
            InkTrace(points: Array(line.points[range]), order: order)
        }
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
        for (range, gap) in zip(ranges.dropFirst(), gaps)
        where gap / size > low && gap > settings.gapSpaceTypicalMultiple * typical {
            result[range.lowerBound] =
                settings.gapSpaceBonus * Float(min(1, (gap / size - low) / max(high - low, 1e-9)))
        }
        return result
    }
}
