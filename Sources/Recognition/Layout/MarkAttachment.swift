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
    static func assign(
        _ marks: [Int], to lines: [[Int]], in traces: [InkTrace], sizes: [Double],
        maximumDistance: Double = maximumDistance
    ) -> [Int: Int] {
        var result: [Int: Int] = [:]
        for m in marks {
            let box = traces[m].bounds, size = sizes[m]
            let window = (box.minX - reach * size)...(box.maxX + reach * size)
            var best: (line: Int, distance: Double)?
            for (l, members) in lines.enumerated() {
                var tops: [Double] = [], bottoms: [Double] = []
                for g in members {
                    let b = traces[g].bounds
                    if b.maxX < window.lowerBound || b.minX > window.upperBound { continue }
                    tops.append(b.minY)
                    bottoms.append(b.maxY)
                }
                guard !tops.isEmpty else { continue }
                let top = median(tops), bottom = median(bottoms)
                let y = box.midY
                let distance = y < top ? (top - y) * weightAbove : max(0, y - bottom)
                if best.map({ distance < $0.distance }) ?? true { best = (l, distance) }
            }
            if let best, best.distance <= maximumDistance * size { result[m] = best.line }
        }
        return result
    }

    /// The upper median; 0 for no values.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
