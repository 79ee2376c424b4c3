import DrawingModel

/// Gives each mark (dot, comma, apostrophe, dash, crossbar) to the line it belongs to.
///
/// A mark belongs to the line whose nearby glyphs (within a couple of writing sizes horizontally)
/// it sits closest to vertically, measured from their core band: the median top and median bottom
/// of those glyphs. Distances above a line count less than distances below, because dots and
/// accents sit well above the letters they belong to while commas and periods sit on the baseline.
enum MarkAttachment {
    /// Horizontal reach, in writing sizes, for a glyph to count as near a mark.
    static let reach = 1.5
    /// Farthest weighted vertical distance, in writing sizes, at which a mark still joins a line.
    static let maximumDistance = 1.5
    static let weightAbove = 0.6

    /// The line index for each mark that is near a line, keyed by the mark's trace index.
    /// - Complexity: O(g log g) to sort the g line members, then per mark the members whose
    ///   left edge lies within its window widened by the widest member.
    static func assign(
        _ marks: [Int], to lines: [[Int]], in traces: [InkTrace], sizes: [Double],
        maximumDistance: Double = maximumDistance
    ) -> [Int: Int] {
        // every line member by left edge, so a mark looks only at the glyphs that can be near it
        var members: [(minX: Double, trace: Int, line: Int)] = []
        for (l, line) in lines.enumerated() { for g in line { members.append((traces[g].bounds.minX, g, l)) } }
        members.sort { $0.minX < $1.minX }
        let widest = members.lazy.map { traces[$0.trace].bounds.width }.max() ?? 0
        var result: [Int: Int] = [:]
        for m in marks {
            let box = traces[m].bounds, size = sizes[m]
            let window = (box.minX - reach * size)...(box.maxX + reach * size)
            var near: [Int: (tops: [Double], bottoms: [Double])] = [:]
            var k = firstIndex(in: members, atLeast: window.lowerBound - widest)
            while k < members.count, members[k].minX <= window.upperBound {
                let b = traces[members[k].trace].bounds
                if b.maxX >= window.lowerBound {
                    near[members[k].line, default: ([], [])].tops.append(b.minY)
                    near[members[k].line, default: ([], [])].bottoms.append(b.maxY)
                }
                k += 1
            }
            var best: (line: Int, distance: Double)?
            for l in near.keys.sorted() {
                guard let band = near[l] else { continue }
                let top = median(band.tops), bottom = median(band.bottoms)
                let y = box.midY
                let distance = y < top ? (top - y) * weightAbove : max(0, y - bottom)
                if best.map({ distance < $0.distance }) ?? true { best = (l, distance) }
            }
            if let best, best.distance <= maximumDistance * size { result[m] = best.line }
        }
        return result
    }

    /// The first position in `members` (sorted by `minX`) whose `minX` is at least `x`.
    private static func firstIndex(in members: [(minX: Double, trace: Int, line: Int)], atLeast x: Double) -> Int {
        var low = 0, high = members.count
        while low < high {
            let mid = (low + high) / 2
            if members[mid].minX < x { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The upper median; 0 for no values.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
