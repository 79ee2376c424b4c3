import DrawingModel

/// Gives each mark (dot, comma, apostrophe, dash, crossbar) to the line it belongs to.
///
/// A mark belongs to the line whose nearby glyphs (within a couple of writing sizes horizontally)
/// it sits closest to vertically, measured from their core band: the median top and median bottom
/// of those glyphs. Distances above a line count less than distances below, because dots and
/// accents sit well above the letters they belong to while commas and periods sit on the baseline.
/// A line with no glyph that near but with glyphs on both sides of the mark within a word gap
/// (`gapReach`) holds the mark in one of its gaps, and competes by the band of those glyphs.
enum MarkAttachment {
    /// Horizontal reach, in writing sizes, for a glyph to count as near a mark.
    static let reach = 1.5
    /// Farthest weighted vertical distance, in writing sizes, at which a mark still joins a line.
    static let maximumDistance = 1.5
    static let weightAbove = 0.6
    /// Horizontal reach, in writing sizes, within which a line with glyphs on both sides of a mark
    /// holds it in a gap between its words (`LineGrouping.gapFactor`, the widest gap inside a line):
    /// a dot or a comma standing in a wide word gap of its own line is nearer to that line than to
    /// the letters of the line below or above, which the narrow `reach` alone would give it to.
    static let gapReach = LineGrouping.gapFactor

    /// The line index for each mark that is near a line, keyed by the mark's trace index.
    /// - Complexity: O(g log g) to sort the g line members, then per mark the members whose
    ///   left edge lies within its gap window (`gapReach`) widened by the widest member.
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
            let gapWindow = (box.minX - gapReach * size)...(box.maxX + gapReach * size)
            var near: [Int: (tops: [Double], bottoms: [Double])] = [:]
            // the glyphs of each line within the gap window, and whether they stand on both sides
            var around: [Int: (tops: [Double], bottoms: [Double], left: Bool, right: Bool)] = [:]
            var k = firstIndex(in: members, atLeast: gapWindow.lowerBound - widest)
            while k < members.count, members[k].minX <= gapWindow.upperBound {
                let b = traces[members[k].trace].bounds, line = members[k].line
                if b.maxX >= window.lowerBound, b.minX <= window.upperBound {
                    near[line, default: ([], [])].tops.append(b.minY)
                    near[line, default: ([], [])].bottoms.append(b.maxY)
                }
                if b.maxX >= gapWindow.lowerBound {
                    var sides = around[line] ?? ([], [], false, false)
                    sides.tops.append(b.minY)
                    sides.bottoms.append(b.maxY)
                    sides.left = sides.left || b.maxX <= box.minX
                    sides.right = sides.right || b.minX >= box.maxX
                    around[line] = sides
                }
                k += 1
            }
            for (line, sides) in around where near[line] == nil && sides.left && sides.right {
                near[line] = (sides.tops, sides.bottoms)
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
