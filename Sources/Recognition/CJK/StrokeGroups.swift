import DrawingModel

/// Over-segmentation of a line of CJK writing: its traces gathered into groups that overlap
/// along the line, left to right. A character is one group or a few consecutive ones (a
/// left-right character such as 你 is often two), never part of one: traces whose extents along
/// the line overlap are always in one group, so neighbouring characters apart by a gap are never
/// merged here; `CJKLattice` decides which consecutive groups make a character.
package struct StrokeGroup: Sendable, Hashable {
    /// Indices of the traces in the group (into the array given to `StrokeGroups.groups`), in
    /// writing order.
    package var traces: [Int]
    /// Tight box of the group's traces.
    package var bounds: Rect

    package init(traces: [Int], bounds: Rect) {
        self.traces = traces
        self.bounds = bounds
    }
}

package enum StrokeGroups {
    /// Two traces belong to one group when their horizontal extents overlap by more than this
    /// fraction of the narrower one's width, or touch within `touching` line heights.
    static let touching = 0.02

    /// The groups of traces whose horizontal extents overlap, left to right.
    ///
    /// - Parameters:
    ///   - boxes: each trace's box, indexed as the traces; the order given is the writing order.
    ///   - lineHeight: the height of the line's characters, for the touching tolerance.
    /// - Returns: every trace in exactly one group; groups ordered by their left edges.
    /// - Complexity: O(n log n) for n traces.
    package static func groups(of boxes: [Rect], lineHeight: Double) -> [StrokeGroup] {
        let byLeft = boxes.indices.sorted {
            boxes[$0].minX != boxes[$1].minX ? boxes[$0].minX < boxes[$1].minX : $0 < $1
        }
        var groups: [StrokeGroup] = []
        var reach = -Double.infinity
        for i in byLeft {
            let box = boxes[i]
            if var last = groups.last, box.minX <= reach + touching * lineHeight {
                last.traces.append(i)
                last.bounds = last.bounds.union(box)
                groups[groups.count - 1] = last
                reach = max(reach, box.maxX)
            } else {
                groups.append(StrokeGroup(traces: [i], bounds: box))
                reach = box.maxX
            }
        }
        return groups.map { StrokeGroup(traces: $0.traces.sorted(), bounds: $0.bounds) }
    }
}
