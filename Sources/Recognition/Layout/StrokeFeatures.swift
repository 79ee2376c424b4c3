import DrawingModel
import Foundation

/// The inputs of the learned stroke classifier (`StrokeClassifier`): for each trace, its own shape
/// and place on the page, then the same for the two traces before and after it in writing order,
/// then the row it stands in (`rowContext`).
///
/// The same computation as `Training/layout/features.py`, which made the training rows; the two
/// must stay in step (`Tests/Fixtures/stroke-classifier-golden.json` checks them against each
/// other). Lengths are in units of the trace's local writing size (`LocalSize`), so that no
/// feature depends on the app's units.
enum StrokeFeatures {
    /// Traces before and after in writing order whose features join a trace's row.
    static let window = 2
    /// Features of one trace.
    static let ownCount = 17
    /// Features of a writing-order neighbour: its own, then present, gap and vertical offset.
    static let neighbourCount = ownCount + 3
    /// Features of the row a trace stands in (`rowContext`).
    static let contextCount = 10
    /// Own features averaged over the letters beside a trace: width, height, length, straightness,
    /// turning, and whether it is a segment.
    static let shapeFeatures = [0, 1, 2, 3, 6, 15]
    /// Values in one row.
    static let inputCount = ownCount + 2 * window * neighbourCount + contextCount

    /// One row of `inputCount` values per trace.
    ///
    /// - Parameters:
    ///   - traces: the page's traces in writing order.
    ///   - sizes: the local writing size of each (`LocalSize.sizes`).
    ///   - context: whether rows end with the row context (`rowContext`); a network trained
    ///     without it reads only the values before it.
    /// - Complexity: O(n²) for n traces (each trace's box against every other box, and its points).
    static func rows(of traces: [InkTrace], sizes: [Double], context: Bool = true) -> [[Double]] {
        guard !traces.isEmpty else { return [] }
        let page = TraceShape.writingSize(of: traces)
        let own = traces.indices.map { ownFeatures(of: $0, in: traces, size: sizes[$0], page: page) }
        return traces.indices.map { i in
            var row = own[i]
            row.reserveCapacity(inputCount)
            let box = traces[i].bounds, u = sizes[i]
            for k in -window...window where k != 0 {
                let j = i + k
                guard traces.indices.contains(j) else {
                    row += repeatElement(0, count: neighbourCount)
                    continue
                }
                let other = traces[j].bounds
                row += own[j]
                row.append(1)
                row.append(log1p(min(LocalSize.gap(box, other) / u, 100)))
                row.append(min(max((other.midY - box.midY) / u, -10), 10))
            }
            if context { row += rowContext(of: i, in: traces, own: own, size: u) }
            return row
        }
    }

    /// The letters around trace `i` in its row: letter-sized traces (at most 1.6 letters high and 2
    /// wide, at least a quarter of a letter long) whose centre is within 0.6 of a letter of its
    /// centre's height or, when it is no wider than 2 letters, within its height. How many end
    /// within a letter's width to its left and to its right, the mean of their `shapeFeatures`,
    /// and the cluster of such traces chained to trace `i` by gaps under 0.8 of a letter (how
    /// many, how wide): a straight stroke among letters is read with its word.
    private static func rowContext(of i: Int, in traces: [InkTrace], own: [[Double]], size u: Double) -> [Double] {
        let box = traces[i].bounds
        let candidates = traces.indices.filter { j in
            let other = traces[j].bounds
            return j != i && other.height <= 1.6 * u && other.width <= 2 * u
                && max(other.width, other.height) >= 0.25 * u
                // centred near its centre, or, beside a trace no wider than two letters, within
                // its height: the letters beside an ascender or a descender, whose centre is not
                // theirs (a box around a word is wider)
                && (abs(other.midY - box.midY) <= 0.6 * u
                    || (box.width <= 2 * u && other.midY >= box.minY && other.midY <= box.maxY))
        }
        func horizontalGap(_ j: Int, _ lo: Double, _ hi: Double) -> Double {
            let other = traces[j].bounds
            return max(0, max(other.minX, lo) - min(other.maxX, hi))
        }
        var left = 0, right = 0
        var mean = [Double](repeating: 0, count: shapeFeatures.count)
        for j in candidates where horizontalGap(j, box.minX, box.maxX) <= u {
            if traces[j].bounds.midX < box.midX { left += 1 } else { right += 1 }
            for (k, f) in shapeFeatures.enumerated() { mean[k] += own[j][f] }
        }
        if left + right > 0 { mean = mean.map { $0 / Double(left + right) } }
        var lo = box.minX, hi = box.maxX
        var chained = Set<Int>()
        var grown = true
        while grown {
            grown = false
            for j in candidates where !chained.contains(j) && horizontalGap(j, lo, hi) <= 0.8 * u {
                chained.insert(j)
                lo = min(lo, traces[j].bounds.minX)
                hi = max(hi, traces[j].bounds.maxX)
                grown = true
            }
        }
        return [log1p(Double(left)), log1p(Double(right))] + mean
            + [log1p(Double(chained.count)), log1p(min((hi - lo) / u, 100))]
    }

    /// Size, shape, closedness and turning of trace `i`, and the boxes around it.
    private static func ownFeatures(of i: Int, in traces: [InkTrace], size u: Double, page: Double) -> [Double] {
        let trace = traces[i], box = trace.bounds
        let w = box.width, h = box.height, length = trace.length, chord = trace.chord
        let tiny = 1e-3 * u
        var inside = 0, crossing = 0, row = 0
        var nearest = Double.infinity
        for j in traces.indices where j != i {
            let other = traces[j].bounds
            if other.midX >= box.minX, other.midX <= box.maxX, other.midY >= box.minY, other.midY <= box.maxY {
                inside += 1
            }
            let gap = LocalSize.gap(box, other)
            if gap == 0 { crossing += 1 }
            if abs(other.midY - box.midY) <= 0.5 * u, gap <= 4 * u, other.height <= 3 * u { row += 1 }
            nearest = min(nearest, gap)
        }
        if !nearest.isFinite { nearest = 100 * u }
        let (total, net) = turning(of: trace.points, step: 0.1 * u)
        let extent = max(w, h)
        return [
            log(max(w, tiny) / u), log(max(h, tiny) / u), log(max(length, tiny) / u),
            length > 0 ? chord / length : 1,
            extent > 0 ? chord / extent : 0,
            w + h > 0 ? log1p(length / (w + h)) : 0,
            log1p(min(total, 20)), min(net, 5),
            log(u / page),
            log1p(Double(inside)), log1p(Double(crossing)), log1p(Double(row)),
            log1p(min(nearest / u, 100)),
            log(max(h, tiny) / page), log(max(w, tiny) / page),
            trace.isSegment ? 1 : 0,
            1,
        ]
    }

    /// Total and net turning of the pen's path, in turns, over the points at least `step` apart
    /// (each from the last one kept), so that dense sampling and jitter do not count as turning.
    static func turning(of points: [InkPoint], step: Double) -> (total: Double, net: Double) {
        var last = points[0].location
        var total = 0.0, net = 0.0
        var previous: Double?
        for p in points.dropFirst() where p.location.distance(to: last) >= step {
            let angle = atan2(p.location.y - last.y, p.location.x - last.x)
            if let previous {
                var d = angle - previous
                while d > .pi { d -= 2 * .pi }
                while d < -.pi { d += 2 * .pi }
                total += abs(d)
                net += d
            }
            previous = angle
            last = p.location
        }
        return (total / (2 * .pi), abs(net) / (2 * .pi))
    }
}
