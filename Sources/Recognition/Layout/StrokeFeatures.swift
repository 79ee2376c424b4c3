import DrawingModel
import Foundation

/// The inputs of the learned stroke classifier (`StrokeClassifier`): for each trace, its own shape
/// and place on the page, then the same for the two traces before and after it in writing order.
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
    /// Values in one row.
    static let inputCount = ownCount + 2 * window * neighbourCount

    /// One row of `inputCount` values per trace.
    ///
    /// - Parameters:
    ///   - traces: the page's traces in writing order.
    ///   - sizes: the local writing size of each (`LocalSize.sizes`).
    /// - Complexity: O(n²) for n traces (each trace's box against every other box, and its points).
    static func rows(of traces: [InkTrace], sizes: [Double]) -> [[Double]] {
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
            return row
        }
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
