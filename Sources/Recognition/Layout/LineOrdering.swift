import DrawingModel

/// Reading order: of the lines on a page, and of the traces inside a line.
enum LineOrdering {
    /// How much wider than the widest gap between rows a gap between columns must be for the
    /// columns to be read one after the other; below that, lines are read row by row (a word at
    /// the top right comes before one lower down on the left).
    static let columnPreference = 1.5

    /// Order of line boxes, by recursive XY cuts: a set of lines is cut in two at the widest empty
    /// band of its vertical projection (upper part read first) or of its horizontal projection
    /// (left part first; only when that band is `columnPreference` times wider); each part is
    /// ordered the same way. So a title spanning two columns is read first, then each column top
    /// to bottom. Boxes are shrunk vertically first, so that descenders reaching into the next
    /// line do not hide the gap between lines.
    ///
    /// - Returns: a permutation of `boxes.indices`.
    static func readingOrder(of boxes: [Rect]) -> [Int] {
        let cores = boxes.map { $0.insetBy(dx: 0, dy: $0.height * 0.2) }
        return order(Array(boxes.indices), cores)
    }

    private static func order(_ items: [Int], _ boxes: [Rect]) -> [Int] {
        guard items.count > 1 else { return items }
        let rows = split(items, boxes, low: \.minY, high: \.maxY)
        let columns = split(items, boxes, low: \.minX, high: \.maxX)
        if rows.gap <= 0 && columns.gap <= 0 {
            return rowsThenLeftToRight(items, boxes)
        }
        let parts = columns.gap > columnPreference * rows.gap ? columns.parts : rows.parts
        return parts.flatMap { order($0, boxes) }
    }

    /// Splits in two at the widest empty band of the projection on one axis (the first, among
    /// equals); `gap` is that band's width, 0 when there is none.
    private static func split(
        _ items: [Int], _ boxes: [Rect], low: KeyPath<Rect, Double>, high: KeyPath<Rect, Double>
    ) -> (parts: [[Int]], gap: Double) {
        let sorted = items.sorted { a, b in
            let la = boxes[a][keyPath: low], lb = boxes[b][keyPath: low]
            return la != lb ? la < lb : a < b
        }
        var reach = boxes[sorted[0]][keyPath: high]
        var widest = 0.0, cut = 0
        for k in sorted.indices.dropFirst() {
            let start = boxes[sorted[k]][keyPath: low]
            if start - reach > widest {
                widest = start - reach
                cut = k
            }
            reach = max(reach, boxes[sorted[k]][keyPath: high])
        }
        guard cut > 0 else { return ([items], 0) }
        return ([Array(sorted[..<cut]), Array(sorted[cut...])], widest)
    }

    /// Fallback when no empty band separates the lines: rows by vertical overlap, then x.
    private static func rowsThenLeftToRight(_ items: [Int], _ boxes: [Rect]) -> [Int] {
        let byMid = items.sorted { boxes[$0].midY != boxes[$1].midY ? boxes[$0].midY < boxes[$1].midY : $0 < $1 }
        var rows: [[Int]] = []
        for i in byMid {
            if let last = rows.last?.last, boxes[i].midY <= boxes[last].maxY, boxes[i].midY >= boxes[last].minY {
                rows[rows.count - 1].append(i)
            } else {
                rows.append([i])
            }
        }
        return rows.flatMap { row in
            row.sorted { boxes[$0].minX != boxes[$1].minX ? boxes[$0].minX < boxes[$1].minX : $0 < $1 }
        }
    }

    /// Order of the traces of one line. Traces are gathered into clusters of horizontally
    /// overlapping or touching ink (a letter, a word, a word with its dots), clusters are read left
    /// to right, and inside a cluster the traces keep their writing order. A line written in one
    /// go therefore keeps its natural pen order (dots and crossbars after their word, as in the
    /// UNIPEN training data), while words written out of place or added later land where they are.
    static func traceOrder(_ members: [Int], in traces: [InkTrace], size: Double) -> [Int] {
        let byX = members.sorted { a, b in
            let xa = traces[a].bounds.minX, xb = traces[b].bounds.minX
            return xa != xb ? xa < xb : traces[a].order < traces[b].order
        }
        var clusters: [[Int]] = []
        var reach = -Double.infinity
        for t in byX {
            let box = traces[t].bounds
            if box.minX <= reach + clusterGap * size, !clusters.isEmpty {
                clusters[clusters.count - 1].append(t)
            } else {
                clusters.append([t])
            }
            reach = max(reach, box.maxX)
        }
        return clusters.flatMap { $0.sorted { traces[$0].order < traces[$1].order } }
    }

    /// Gap, in writing sizes, up to which neighbouring ink belongs to one cluster.
    static let clusterGap = 0.2
}
