import DrawingModel

/// Groups glyph traces into text lines.
///
/// Glyphs are visited left to right. Each joins the line whose recent ink (the vertical band of
/// its last few glyphs) it overlaps most, provided the horizontal gap to that line is not much
/// larger than a word gap; otherwise it starts a line. Following only the recent band lets a
/// line drift up or down across a page, and the gap limit keeps columns and blocks apart. A
/// second pass merges fragments of one line (a small word beside a tall one can miss the band),
/// comparing each pair only where they are near each other horizontally.
enum LineGrouping {
    /// Largest horizontal gap inside a line, in writing sizes.
    static let gapFactor = 3.0
    /// Glyphs whose vertical band the line follows.
    static let bandLength = 4
    /// Vertical overlap needed, relative to the shorter and to the taller of the two extents.
    static let overlapOfShorter = 0.35
    static let overlapOfTaller = 0.25

    /// Lines of glyphs, each a list of trace indices in left-to-right visiting order.
    static func lines(of glyphs: [Int], in traces: [InkTrace], size: Double) -> [[Int]] {
        let sorted = glyphs.sorted { a, b in
            let ka = traces[a].bounds.minX, kb = traces[b].bounds.minX
            return ka != kb ? ka < kb : traces[a].order < traces[b].order
        }
        var builders: [Builder] = []
        for g in sorted {
            let box = traces[g].bounds
            var best: (index: Int, score: Double)?
            for (i, line) in builders.enumerated() {
                let gap = box.minX - line.maxX
                guard gap <= gapFactor * size else { continue }
                guard let fit = overlapFit(box.minY, box.maxY, line.bandTop, line.bandBottom) else { continue }
                let score = fit - 0.2 * max(0, gap) / size
                if best.map({ score > $0.score }) ?? true { best = (i, score) }
            }
            if let best {
                builders[best.index].add(g, box)
            } else {
                builders.append(Builder(g, box))
            }
        }
        return mergeFragments(builders.map(\.members), traces: traces, size: size)
    }

    /// A score when two vertical extents overlap enough to be one line; nil otherwise.
    static func overlapFit(_ top1: Double, _ bottom1: Double, _ top2: Double, _ bottom2: Double) -> Double? {
        let overlap = min(bottom1, bottom2) - max(top1, top2)
        guard overlap > 0 else { return nil }
        let h1 = max(bottom1 - top1, 1e-9), h2 = max(bottom2 - top2, 1e-9)
        let ofShorter = overlap / min(h1, h2), ofTaller = overlap / max(h1, h2)
        guard ofShorter >= overlapOfShorter, ofTaller >= overlapOfTaller else { return nil }
        return ofShorter + ofTaller
    }

    /// Merges lines that overlap vertically where they come near each other horizontally.
    static func mergeFragments(_ lines: [[Int]], traces: [InkTrace], size: Double) -> [[Int]] {
        var lines = lines
        var merged = true
        while merged {
            merged = false
            search: for i in lines.indices {
                for j in lines.indices where j > i {
                    if fragmentsJoin(lines[i], lines[j], traces: traces, size: size) {
                        lines[i] += lines[j]
                        lines.remove(at: j)
                        merged = true
                        break search
                    }
                }
            }
        }
        return lines
    }

    private static func fragmentsJoin(_ a: [Int], _ b: [Int], traces: [InkTrace], size: Double) -> Bool {
        let reach = gapFactor * size
        guard let boxA = extent(a, traces), let boxB = extent(b, traces),
            boxB.minX - boxA.maxX <= reach, boxA.minX - boxB.maxX <= reach,
            let nearA = extent(a, traces, within: boxB.minX - reach...boxB.maxX + reach),
            let nearB = extent(b, traces, within: boxA.minX - reach...boxA.maxX + reach)
        else { return false }
        return overlapFit(nearA.minY, nearA.maxY, nearB.minY, nearB.maxY) != nil
    }

    /// Box of the traces `members` whose horizontal extent meets `xs` (all of them when nil).
    static func extent(_ members: [Int], _ traces: [InkTrace], within xs: ClosedRange<Double>? = nil) -> Rect? {
        var box: Rect?
        for m in members {
            let b = traces[m].bounds
            if let xs, b.maxX < xs.lowerBound || b.minX > xs.upperBound { continue }
            box = box.map { $0.union(b) } ?? b
        }
        return box
    }

    /// A line being built: its members and the band of its last few glyphs.
    private struct Builder {
        var members: [Int]
        var maxX: Double
        var recent: [Rect]

        init(_ member: Int, _ box: Rect) {
            members = [member]
            maxX = box.maxX
            recent = [box]
        }

        mutating func add(_ member: Int, _ box: Rect) {
            members.append(member)
            maxX = max(maxX, box.maxX)
            recent.append(box)
            if recent.count > LineGrouping.bandLength { recent.removeFirst() }
        }

        var bandTop: Double { recent.reduce(0) { $0 + $1.minY } / Double(recent.count) }
        var bandBottom: Double { recent.reduce(0) { $0 + $1.maxY } / Double(recent.count) }
    }
}
