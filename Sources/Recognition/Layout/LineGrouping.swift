import DrawingModel

/// Groups glyph traces into text lines.
///
/// Glyphs are visited left to right. Each joins the line whose recent ink (the vertical band of
/// its last few glyphs) it overlaps most, provided the horizontal gap to that line is not much
/// larger than a word gap; otherwise it starts a line. Following only the recent band lets a
/// line drift up or down across a page, and the gap limit keeps columns and blocks apart. A
/// second pass merges fragments of one line (a small word beside a tall one can miss the band),
/// comparing each pair only where they are near each other horizontally. Neither pass lets a
/// trace much larger than a line's letters both ways join it across a wide gap (`isStray`).
enum LineGrouping {
    /// Largest horizontal gap inside a line, in units of the larger of the writing size and
    /// three quarters of the line's band height (some writers leave gaps of 4 x-heights between
    /// words; columns are usually farther apart).
    static let gapFactor = 3.5

    /// The largest gap allowed next to ink of height `height`.
    static func gapLimit(size: Double, height: Double) -> Double {
        gapFactor * max(size, 0.75 * height)
    }
    /// A line whose median gap between glyphs (over at least `spacingSamples` gaps) is large
    /// continues across gaps up to `spacingFactor` times that median.
    static let spacingSamples = 3
    static let spacingFactor = 2.5
    /// Glyphs whose vertical band the line follows.
    static let bandLength = 4
    /// Vertical overlap needed, relative to the shorter of the two extents, and to the trace when
    /// it is the taller.
    static let overlapOfShorter = 0.35
    static let overlapOfTaller = 0.25

    /// A trace wider and taller than this many times the median height of a line's letters, and
    /// farther from it than `strayGap`, is not one of its letters: a shape kept as writing (a wave
    /// drawn after a line), or a word in a much larger hand. Joined to the line, it would stretch
    /// the line's box, which sets the reach at which lines merge (a heading beside the line was
    /// pulled in), and the size the line is read at.
    static let strayExtent = 2.5
    /// Gap, in writing sizes, beyond which a stray trace stays out of a line: wider than a word
    /// gap, so that a cursive word written in one large stroke still joins the words beside it.
    static let strayGap = 2.0

    /// Whether a trace with box `box` is too large, both ways, to be a letter among letters of
    /// median height `letterHeight` (`strayExtent`).
    static func isStray(_ box: Rect, besideLettersOf letterHeight: Double) -> Bool {
        min(box.width, box.height) > strayExtent * letterHeight
    }

    /// Lines of glyphs, each a list of trace indices in left-to-right visiting order.
    /// - Parameter stackedByWindow: whether lines lying over each other are compared window by
    ///   window (`localOverlap`); false for CJK writing, whose characters are stacks of parts that
    ///   the first pass may leave as an upper and a lower row, overlapping as wholes only.
    /// - Parameter keepsStraysApart: whether stray traces stay out of lines (`isStray`); false for
    ///   CJK writing, where one stroke of a character (the sides of a box) can be much larger than
    ///   the median stroke, and which the rule was not measured on.
    static func lines(
        of glyphs: [Int], in traces: [InkTrace], sizes: [Double], stackedByWindow: Bool = true,
        keepsStraysApart: Bool = true
    ) -> [[Int]] {
        let sorted = glyphs.sorted { a, b in
            let ka = traces[a].bounds.minX, kb = traces[b].bounds.minX
            return ka != kb ? ka < kb : traces[a].order < traces[b].order
        }
        var builders: [Builder] = []
        // Lines no later glyph can reach (glyphs come in order of minX, no size exceeds the
        // largest) leave `active`, so each glyph is compared with the lines near it only.
        let largestSize = sizes.max() ?? 0
        var active: [Int] = []
        for g in sorted {
            let box = traces[g].bounds, size = sizes[g]
            var best: (index: Int, score: Double)?
            active.removeAll { i in
                let line = builders[i]
                return box.minX - line.maxX
                    > max(gapLimit(size: largestSize, height: line.bandBottom - line.bandTop), line.spacingLimit)
            }
            for i in active {
                let line = builders[i]
                let gap = box.minX - line.maxX
                let limit = max(gapLimit(size: size, height: line.bandBottom - line.bandTop), line.spacingLimit)
                guard gap <= limit else { continue }
                if keepsStraysApart, gap > strayGap * size, isStray(box, besideLettersOf: line.letterHeight) {
                    continue
                }
                guard let fit = overlapFit(box.minY, box.maxY, band: line.bandTop, line.bandBottom) else { continue }
                let score = fit - 0.2 * max(0, gap) / size
                if best.map({ score > $0.score }) ?? true { best = (i, score) }
            }
            if let best {
                builders[best.index].add(g, box)
            } else {
                active.append(builders.count)
                builders.append(Builder(g, box))
            }
        }
        return mergeFragments(
            builders.map(\.members), traces: traces, sizes: sizes, stackedByWindow: stackedByWindow,
            keepsStraysApart: keepsStraysApart)
    }

    /// A score when a trace's vertical extent overlaps a line's band enough to join it; nil
    /// otherwise. The overlap must cover a good part of the shorter of the two, and, when the
    /// trace is the taller, a fair part of the trace too, so a tall stroke reaching into a
    /// neighbouring line does not join it.
    static func overlapFit(_ top: Double, _ bottom: Double, band bandTop: Double, _ bandBottom: Double) -> Double? {
        let overlap = min(bottom, bandBottom) - max(top, bandTop)
        guard overlap > 0 else { return nil }
        let h = max(bottom - top, 1e-9), hBand = max(bandBottom - bandTop, 1e-9)
        let ofShorter = overlap / min(h, hBand), ofTaller = overlap / max(h, hBand)
        guard ofShorter >= overlapOfShorter, h <= hBand || ofTaller >= overlapOfTaller else { return nil }
        return ofShorter + ofTaller
    }

    /// Merges lines that overlap vertically where they come near each other horizontally,
    /// until no two lines join. A line absorbs the later lines (in `lines` order) that join it.
    /// - Complexity: each pass sweeps the lines by left edge and compares a line only with those
    ///   starting within its reach, so about O(l log l + l · k) for k lines side by side; only
    ///   pairs whose boxes are close and overlap vertically look at their traces. Passes repeat
    ///   while a merge grew a box (rarely more than two).
    static func mergeFragments(
        _ lines: [[Int]], traces: [InkTrace], sizes: [Double], stackedByWindow: Bool = true,
        keepsStraysApart: Bool = true
    ) -> [[Int]] {
        var lines = lines
        var boxes = lines.map { extent($0, traces) ?? Rect(x: 0, y: 0, width: 0, height: 0) }
        var lineSizes = lines.map { size(of: $0, sizes) }
        var alive = Array(repeating: true, count: lines.count)
        var merged = true
        while merged {
            merged = false
            let byLeft = lines.indices.filter { alive[$0] }.sorted { boxes[$0].minX < boxes[$1].minX }
            for (k, first) in byLeft.enumerated() where alive[first] {
                var a = first
                for b in byLeft[(k + 1)...] where alive[b] && alive[a] {
                    // a reach never exceeds the left line's own limit, and lines come by left edge
                    guard boxes[b].minX - boxes[a].maxX <= gapLimit(size: lineSizes[a], height: boxes[a].height)
                    else { break }
                    let reach = gapLimit(
                        size: min(lineSizes[a], lineSizes[b]), height: min(boxes[a].height, boxes[b].height))
                    let gap = max(boxes[b].minX - boxes[a].maxX, boxes[a].minX - boxes[b].maxX)
                    guard boxes[b].minX - boxes[a].maxX <= reach, boxes[a].minX - boxes[b].maxX <= reach,
                        !keepsStraysApart || gap <= strayGap * min(lineSizes[a], lineSizes[b])
                            || !straysApart(lines[a], boxes[a], lines[b], boxes[b], reach: reach, traces: traces),
                        boxes[a].minY < boxes[b].maxY, boxes[b].minY < boxes[a].maxY,
                        localOverlap(
                            lines[a], boxes[a], lines[b], boxes[b], reach: reach, traces: traces,
                            byWindow: stackedByWindow)
                    else { continue }
                    let (keep, gone) = a < b ? (a, b) : (b, a)
                    lines[keep] += lines[gone]
                    lines[gone] = []
                    boxes[keep] = boxes[keep].union(boxes[gone])
                    lineSizes[keep] = size(of: lines[keep], sizes)
                    alive[gone] = false
                    a = keep
                    merged = true
                }
            }
        }
        return lines.indices.filter { alive[$0] }.map { lines[$0] }
    }

    /// Whether two lines overlap vertically enough where they meet. Lines side by side are
    /// compared at their near ends (within `reach` of each other). Lines that run above one
    /// another for longer than `reach` are compared window by window along their common stretch
    /// and must overlap well in most windows: two slanted lines written close together overlap as
    /// wholes, but not where they lie over each other.
    private static func localOverlap(
        _ a: [Int], _ boxA: Rect, _ b: [Int], _ boxB: Rect, reach: Double, traces: [InkTrace], byWindow: Bool
    ) -> Bool {
        let start = max(boxA.minX, boxB.minX), common = min(boxA.maxX, boxB.maxX) - start
        guard byWindow, common > reach else {
            guard let nearA = extent(a, traces, within: boxB.minX - reach...boxB.maxX + reach),
                let nearB = extent(b, traces, within: boxA.minX - reach...boxA.maxX + reach)
            else { return false }
            return overlaps(nearA, nearB, by: overlapOfShorter)
        }
        var shared = 0, agreeing = 0
        for w in 0..<Int((common / reach).rounded(.up)) {
            let xs = (start + Double(w) * reach)...min(start + Double(w + 1) * reach, start + common)
            guard let nearA = extent(a, traces, within: xs), let nearB = extent(b, traces, within: xs) else {
                continue
            }
            shared += 1
            if overlaps(nearA, nearB, by: stackedOverlap) { agreeing += 1 }
        }
        return 2 * agreeing > shared
    }

    /// Whether one of two lines is a single trace that is stray (`isStray`) beside the letters of
    /// the other's near end (within `reach` of it), so that the first pass's refusal holds.
    private static func straysApart(
        _ a: [Int], _ boxA: Rect, _ b: [Int], _ boxB: Rect, reach: Double, traces: [InkTrace]
    ) -> Bool {
        let letterHeight = { (members: [Int], box: Rect) -> Double in
            let near = members.filter { meets(traces[$0].bounds, box.minX - reach...box.maxX + reach) }
            return MarkAttachment.median(near.map { traces[$0].bounds.height })
        }
        return a.count == 1 && isStray(boxA, besideLettersOf: letterHeight(b, boxA))
            || b.count == 1 && isStray(boxB, besideLettersOf: letterHeight(a, boxB))
    }

    /// Vertical overlap needed, relative to the shorter extent, where two lines lie over each
    /// other: more than beside each other, since ascenders and descenders of neighbouring lines
    /// written close together overlap a third of a line or more.
    static let stackedOverlap = 0.6

    private static func overlaps(_ a: Rect, _ b: Rect, by share: Double) -> Bool {
        let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return overlap > 0 && overlap >= share * min(a.height, b.height)
    }

    /// The line that a group of oversized ink continues, if any: a line beside it that it
    /// overlaps vertically where they are near each other, and that is at least half as tall
    /// there. So a word in a hand much larger than the page's usual writing rejoins the rest of
    /// its line, while a bracket or a box spanning several lines stays apart.
    static func host(for group: [Int], among lines: [[Int]], traces: [InkTrace], sizes: [Double]) -> Int? {
        guard let box = extent(group, traces) else { return nil }
        var best: (line: Int, score: Double)?
        for (l, members) in lines.enumerated() {
            guard let whole = extent(members, traces) else { continue }
            let reach = gapLimit(size: size(of: members, sizes), height: min(box.height, whole.height))
            guard let near = extent(members, traces, within: (box.minX - reach)...(box.maxX + reach)),
                box.height <= 2 * near.height
            else { continue }
            let overlap = min(box.maxY, near.maxY) - max(box.minY, near.minY)
            guard overlap > 0, overlap >= overlapOfShorter * min(box.height, near.height) else { continue }
            let score = overlap / max(box.height, near.height)
            if best.map({ score > $0.score }) ?? true { best = (l, score) }
        }
        return best?.line
    }

    /// The median local writing size of a group of traces.
    static func size(of members: [Int], _ sizes: [Double]) -> Double {
        MarkAttachment.median(members.map { sizes[$0] })
    }

    /// Box of the traces `members` whose horizontal extent meets `xs` (all of them when nil).
    static func extent(_ members: [Int], _ traces: [InkTrace], within xs: ClosedRange<Double>? = nil) -> Rect? {
        var box: Rect?
        for m in members {
            let b = traces[m].bounds
            if let xs, !meets(b, xs) { continue }
            box = box.map { $0.union(b) } ?? b
        }
        return box
    }

    /// Whether the horizontal extent of `box` meets `xs`.
    static func meets(_ box: Rect, _ xs: ClosedRange<Double>) -> Bool {
        box.maxX >= xs.lowerBound && box.minX <= xs.upperBound
    }

    /// A line being built: its members and the band of its last few glyphs.
    private struct Builder {
        var members: [Int]
        var maxX: Double
        var recent: [Rect]
        /// The positive gaps between consecutive glyphs so far.
        var gaps: [Double] = []
        /// A gap limit from the line's own spacing: writing in boxes, or widely spaced capitals,
        /// has every gap large, and the line goes on across gaps of the same size. Kept up to
        /// date by `add`, since every glyph of the page may ask for it.
        private(set) var spacingLimit = 0.0

        init(_ member: Int, _ box: Rect) {
            members = [member]
            maxX = box.maxX
            recent = [box]
        }

        mutating func add(_ member: Int, _ box: Rect) {
            if box.minX > maxX {
                gaps.append(box.minX - maxX)
                if gaps.count >= LineGrouping.spacingSamples {
                    spacingLimit = LineGrouping.spacingFactor * MarkAttachment.median(gaps)
                }
            }
            members.append(member)
            maxX = max(maxX, box.maxX)
            recent.append(box)
            if recent.count > LineGrouping.bandLength { recent.removeFirst() }
        }

        /// The median height of the line's last few glyphs: its letters' height, which one
        /// large trace does not move.
        var letterHeight: Double { MarkAttachment.median(recent.map(\.height)) }
        var bandTop: Double { recent.reduce(0) { $0 + $1.minY } / Double(recent.count) }
        var bandBottom: Double { recent.reduce(0) { $0 + $1.maxY } / Double(recent.count) }
    }
}
