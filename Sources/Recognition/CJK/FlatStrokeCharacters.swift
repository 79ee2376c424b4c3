import DrawingModel

/// Flat strokes standing as a character of flat strokes would (一, 二, 三), on a page read with a
/// Latin language beside Chinese or Japanese.
///
/// To the Latin layout a lone straight flat stroke is a dash, an underline or a rule: a mark
/// joins the nearest line and is read `-`, a long one is dropped, and at the CJK size a lone
/// stroke is measured against its own thin height and dropped as a rule. Yet a stroke of a
/// character's width with nothing over, under or beside it within a character's cell is what
/// 一 looks like, and two or three such strokes stacked are 二 and 三, while an underline has
/// its word just above it, a strike-through crosses its word, a fraction bar has a number over
/// and under it and a dash stands close between words. `MixedScriptLayout` takes these groups
/// out of the Latin layout and has them read as characters.
enum FlatStrokeCharacters {
    /// A flat stroke is at most this high for its width.
    static let flatness = 0.3
    /// A straight stroke's ink is at most this many times the distance between its ends (a
    /// cursive word written flat turns and loops).
    static let straightness = 1.25
    /// Flat strokes are stacked (the strokes of 二 and 三) when their extents along the line
    /// overlap by at least this share of the narrower one's width ...
    static let stackOverlap = 0.5
    /// ... and the gap between them is at most this share of the wider one's width.
    static let stackGap = 0.5
    /// A character of flat strokes has at most this many.
    static let mostStrokes = 3
    /// The group is at least this many writing sizes wide (`LocalSize`, the typical height of
    /// a letter stroke around it, or of a character's strokes where characters are all around),
    /// a character being wider than a hyphen, and at most `mostWidth`, narrower than a rule
    /// across a page.
    static let leastWidth = 0.75
    static let mostWidth = 8.0
    /// The cell kept clear of other ink: this share of the group's width to its left and right
    /// (a dash stands close between two words, the flat strokes of に close beside its first
    /// strokes) ...
    static let sideClearance = 0.5
    /// ... and this share of its width above and below its middle (a cell about a character
    /// high on each side: an underline's word is just above it, a fraction's numbers just over
    /// and under it).
    static let verticalClearance = 1.0

    /// The groups of `traces` (indices into it, in writing order) that stand as a character of
    /// flat strokes.
    /// - Complexity: O(f² + s · n) for f straight flat traces, s stacks of them and n traces,
    ///   and the writing sizes (`LocalSize.sizes`), measured only when a stack stands clear.
    static func groups(in traces: [InkTrace]) -> [[Int]] {
        let flat = traces.indices.filter { isStraightFlat(traces[$0]) }
        guard !flat.isEmpty else { return [] }
        // stacks: the flat strokes linked by being stacked, each under its first stroke's root
        var root = Array(flat.indices)
        func find(_ k: Int) -> Int {
            var k = k
            while root[k] != k {
                root[k] = root[root[k]]
                k = root[k]
            }
            return k
        }
        for a in flat.indices {
            for b in flat.indices where b > a && areStacked(traces[flat[a]], traces[flat[b]]) {
                let (ra, rb) = (find(a), find(b))
                if ra != rb { root[max(ra, rb)] = min(ra, rb) }
            }
        }
        var members: [Int: [Int]] = [:]
        for k in flat.indices { members[find(k), default: []].append(flat[k]) }
        let stacks = members.keys.sorted().compactMap { members[$0] }
        let candidates = stacks.filter { stack in
            guard stack.count <= mostStrokes, let box = LineGrouping.extent(stack, traces) else { return false }
            return box.height <= box.width && isClear(box, except: Set(stack), traces)
        }
        guard !candidates.isEmpty else { return [] }
        let sizes = LocalSize.sizes(of: traces)
        return candidates.filter { stack in
            guard let box = LineGrouping.extent(stack, traces),
                let widest = stack.max(by: { traces[$0].bounds.width < traces[$1].bounds.width })
            else { return false }
            return (leastWidth * sizes[widest]...mostWidth * sizes[widest]).contains(box.width)
        }.map { $0.sorted { traces[$0].order < traces[$1].order } }
    }

    static func isStraightFlat(_ trace: InkTrace) -> Bool {
        let box = trace.bounds
        return box.width > 0 && box.height <= flatness * box.width && trace.length <= straightness * trace.chord
    }

    static func areStacked(_ a: InkTrace, _ b: InkTrace) -> Bool {
        let (p, q) = (a.bounds, b.bounds)
        let overlap = min(p.maxX, q.maxX) - max(p.minX, q.minX)
        let gap = max(p.minY, q.minY) - min(p.maxY, q.maxY)
        return overlap >= stackOverlap * min(p.width, q.width) && gap <= stackGap * max(p.width, q.width)
    }

    /// Whether no trace outside `members` reaches into the cell around `box`.
    static func isClear(_ box: Rect, except members: Set<Int>, _ traces: [InkTrace]) -> Bool {
        let side = sideClearance * box.width
        let half = max(verticalClearance * box.width, box.height / 2 + side)
        let cell = Rect(x: box.minX - side, y: box.midY - half, width: box.width + 2 * side, height: 2 * half)
        return !traces.indices.contains { t in
            guard !members.contains(t) else { return false }
            let b = traces[t].bounds
            return b.maxX >= cell.minX && b.minX <= cell.maxX && b.maxY >= cell.minY && b.minY <= cell.maxY
        }
    }
}
