/// A space is likelier where the pen jumps right across blank paper much wider than the line's
/// other gaps and than its letters are tall.
///
/// The network sees each pen lift's jump (clipped at 8 size units, `InkFeatures`), yet on pages
/// it read neighbouring words as one ("can in use" as "enthuse"; docs/recognizer.md says how
/// often). The decoder adds a bonus
/// to the space class's log-probability at the frames around each such jump, growing with the
/// gap measured in the line's writing size (`TraceShape.writingSize`). Only gaps several times
/// the line's median gap count: digits and codes written apart ("978 - 2174") have wide gaps
/// everywhere, and a bonus there split them. The strokes of a CJK character overlap each other,
/// so its many gaps of 0 would make a vocabulary card's line ("before 前") look as if it had no
/// gaps at all, and every gap between the English word's printed letters earn the bonus
/// (`b e f ore`): the gaps inside a cluster shaped like a character (`characterClusters`) do not
/// count towards the median.
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
        let inCharacters = characterClusters(traces, gaps: gaps)
        let counted = gaps.indices.filter { !inCharacters.contains($0) }.map { gaps[$0] }.sorted()
        let typical = counted.isEmpty ? 0 : counted[counted.count / 2]
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

    /// The indices of `gaps` (gap `i` before trace `i + 1`) inside clusters shaped like a CJK
    /// character: a run of at least `DecoderSettings.gapCharacterTraces` traces, each overlapping
    /// the ink before it, no wider than 1.5 times its height (a cursive word with its dots and
    /// crosses also overlaps itself, but runs wide). None when the setting is 0.
    func characterClusters(_ traces: [InkTrace], gaps: [Double]) -> Set<Int> {
        guard settings.gapCharacterTraces > 0 else { return [] }
        var result = Set<Int>()
        var start = 0
        for end in 1...traces.count where end == traces.count || gaps[end - 1] > 0 {
            let box = traces[start..<end].dropFirst().reduce(traces[start].bounds) { $0.union($1.bounds) }
            if end - start >= settings.gapCharacterTraces, box.width <= 1.5 * box.height {
                result.formUnion(start..<(end - 1))
            }
            start = end
        }
        return result
    }
}
