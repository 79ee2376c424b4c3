import DrawingModel

/// The writing size around each trace: the `TraceShape.writingSize` of its nearest traces.
///
/// A page can hold writing of several sizes (a heading, notes, a small annotation), so every
/// threshold of layout is taken relative to the size of the writing around the trace in question
/// rather than to one size for the whole page. Nearness is the gap between boxes (0 when they
/// overlap, vertical gaps weighted more than horizontal ones), so ink drawn over or around
/// writing (a circle, a bracket) is measured against that writing and stands out as oversized.
enum LocalSize {
    /// How many traces, the trace itself included, make its neighbourhood.
    static let neighbours = 16

    /// The local writing size of every trace.
    /// - Complexity: O(n log n) to sort, then for each trace the traces within horizontal reach
    ///   of its current k-th nearest; O(n²) in the worst case (one very wide trace widens every
    ///   reach), far less on a page of writing.
    static func sizes(of traces: [InkTrace]) -> [Double] {
        guard traces.count > neighbours else {
            return Array(repeating: TraceShape.writingSize(of: traces), count: traces.count)
        }
        let byX = traces.indices.sorted { traces[$0].bounds.midX < traces[$1].bounds.midX }
        var position = Array(repeating: 0, count: traces.count)
        for (k, t) in byX.enumerated() { position[t] = k }
        let halfWidest = (traces.map(\.bounds.width).max() ?? 0) / 2
        return traces.indices.map { i in
            var nearest: [(distance: Double, index: Int)] = []
            let box = traces[i].bounds
            func consider(_ j: Int) {
                let d = gap(box, traces[j].bounds)
                if nearest.count < neighbours {
                    nearest.append((d, j))
                    nearest.sort { $0.distance < $1.distance }
                } else if d < nearest[neighbours - 1].distance {
                    nearest[neighbours - 1] = (d, j)
                    nearest.sort { $0.distance < $1.distance }
                }
            }
            // Walk outwards in x, nearer side first; stop when even the nearer one is too far
            // horizontally to beat the current k-th nearest, whatever its width.
            var left = position[i] - 1, right = position[i] + 1
            consider(i)
            while true {
                let dl = left >= 0 ? box.midX - traces[byX[left]].bounds.midX : Double.infinity
                let dr = right < byX.count ? traces[byX[right]].bounds.midX - box.midX : Double.infinity
                let d = min(dl, dr)
                guard d.isFinite else { break }
                let bound = nearest.count < neighbours ? Double.infinity : nearest[neighbours - 1].distance
                if d - box.width / 2 - halfWidest > bound { break }
                if dl <= dr {
                    consider(byX[left])
                    left -= 1
                } else {
                    consider(byX[right])
                    right += 1
                }
            }
            return TraceShape.writingSize(of: nearest.map { traces[$0.index] })
        }
    }

    /// How much more a vertical gap counts than a horizontal one.
    static let verticalWeight = 8.0

    /// Gap between two boxes: 0 when they overlap, else the horizontal gap plus the vertical gap
    /// weighted by `verticalWeight`, so that the neighbourhood of a trace is mostly its own line
    /// even when that line has few traces (cursive) and the next line has many.
    static func gap(_ a: Rect, _ b: Rect) -> Double {
        let dx = max(0, max(a.minX, b.minX) - min(a.maxX, b.maxX))
        let dy = max(0, max(a.minY, b.minY) - min(a.maxY, b.maxY))
        return dx + verticalWeight * dy
    }
}
