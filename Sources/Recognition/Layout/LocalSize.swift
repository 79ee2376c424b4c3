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
    static func sizes(of traces: [InkTrace]) -> [Double] {
        neighbourhoods(of: traces).map { TraceShape.writingSize(of: $0.map { traces[$0] }) }
    }

    /// For every trace, the `neighbours` traces nearest to it by `gap`, itself included (all
    /// traces when there are no more than that).
    /// - Complexity: O(n log n) to sort, then for each trace the traces within vertical reach of
    ///   its current k-th nearest (about its own row on a page of writing), plus the tallest 5 %
    ///   of the traces; O(n²) in the worst case.
    static func neighbourhoods(of traces: [InkTrace]) -> [[Int]] {
        guard traces.count > neighbours else {
            return Array(repeating: Array(traces.indices), count: traces.count)
        }
        // The tallest traces (brackets, boxes, drawings) would widen every search below, so
        // they are set aside and compared with every trace directly.
        let heights = traces.map(\.bounds.height).sorted()
        let tallLimit = heights[heights.count * 19 / 20]
        let tall = traces.indices.filter { traces[$0].bounds.height > tallLimit }
        let byY = traces.indices.filter { traces[$0].bounds.height <= tallLimit }
            .sorted { traces[$0].bounds.midY < traces[$1].bounds.midY }
        var position = Array(repeating: -1, count: traces.count)
        for (k, t) in byY.enumerated() { position[t] = k }
        let halfTallest = tallLimit / 2
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
            for j in tall { consider(j) }
            var left: Int, right: Int
            if position[i] >= 0 {
                consider(i)
                left = position[i] - 1
                right = position[i] + 1
            } else {
                // A tall trace: start from where its middle would sort.
                var low = 0, high = byY.count
                while low < high {
                    let mid = (low + high) / 2
                    if traces[byY[mid]].bounds.midY < box.midY { low = mid + 1 } else { high = mid }
                }
                right = low
                left = low - 1
            }
            // Walk outwards in y, nearer side first; stop when even the nearer one is too far
            // vertically to beat the current k-th nearest, whatever its height.
            while true {
                let dUp = left >= 0 ? box.midY - traces[byY[left]].bounds.midY : Double.infinity
                let dDown = right < byY.count ? traces[byY[right]].bounds.midY - box.midY : Double.infinity
                let d = min(dUp, dDown)
                guard d.isFinite else { break }
                let bound = nearest.count < neighbours ? Double.infinity : nearest[neighbours - 1].distance
                if verticalWeight * (d - box.height / 2 - halfTallest) > bound { break }
                if dUp <= dDown {
                    consider(byY[left])
                    left -= 1
                } else {
                    consider(byY[right])
                    right += 1
                }
            }
            return nearest.map(\.index)
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
