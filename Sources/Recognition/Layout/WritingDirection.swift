import DrawingModel

/// Which way the writing of a drawing runs, so that a page turned sideways or upside down (a
/// reMarkable document in landscape, a Xournal++ page rotated before writing) is read upright.
///
/// The pen moves on to the next letter in the writing's direction: between one trace and the next
/// one nearby, the step is mostly along the line (left to right for upright Latin script), with
/// dots, crossbars and accents going back. So the steps between consecutive nearby traces vote for
/// one of the four directions, and the page is turned only when another direction wins clearly
/// over left-to-right. Only traces shaped like letters vote: curved (ink well over the trace's
/// extent), neither dense like a fill or a scribble nor much larger than the rest, since a dashed
/// line or a coloured-in shape drawn down the page is a run of steps in one direction too. The
/// vote needs the traces in pen order, which every format keeps.
///
/// Chinese and Japanese characters are made of strokes that mostly step down and back inside the
/// character, so for them the units that vote are characters (`Unit.characters`): consecutive
/// traces gathered while each one meets the ink gathered so far.
enum WritingDirection {
    /// What one step goes from and to.
    enum Unit {
        /// Each trace: a letter or a joined run of letters (Latin script).
        case letters
        /// Runs of consecutive traces that meet: a character or a few touching ones (CJK).
        case characters
    }

    /// Fewest nearby steps that can turn a page (a few words).
    static let minimumSteps = 12
    /// Share of the steps the winning direction needs.
    static let minimumShare = 0.4
    /// How many times the steps going right the winning direction needs.
    static let minimumLead = 2.0
    /// Steps farther than this, in trace extents, are line or column changes and do not vote.
    static let farthestStep = 3.0
    /// Steps shorter than this, in trace extents, are strokes of the same letter and do not vote.
    static let shortestStep = 0.15
    /// Ink length over extent above which a trace is curved enough to be a letter.
    static let letterCurvature = 1.4
    /// Ink length over half-perimeter above which a trace is a fill or a scribble.
    static let fillDensity = 6.0
    /// Extent, in median extents, above which a trace is a drawing rather than a letter.
    static let largestLetter = 4.0

    /// Quarter turns clockwise (on a page whose y axis points down) that bring the writing of
    /// `traces` upright: 0 (upright), 1 (written upwards, as on a page turned a quarter
    /// anticlockwise), 2 (upside down) or 3 (written downwards).
    static func quarterTurns(of traces: [InkTrace], unit: Unit = .letters) -> Int {
        let units =
            unit == .letters ? traces.map { Glyph(bounds: $0.bounds, length: $0.length) } : characters(of: traces)
        guard units.count > minimumSteps else { return 0 }
        let extents = units.map { max($0.bounds.width, $0.bounds.height) }.sorted()
        let extent = extents[extents.count / 2]
        guard extent > 0 else { return 0 }
        // votes[k]: steps towards right, up, left, down (the direction that k quarter turns
        // clockwise bring to the right)
        var votes = [0, 0, 0, 0]
        let letterLike = units.map { glyph -> Bool in
            let size = max(glyph.bounds.width, glyph.bounds.height)
            return glyph.length >= letterCurvature * size && size <= largestLetter * extent
                && glyph.length <= fillDensity * (glyph.bounds.width + glyph.bounds.height)
        }
        for ((a, b), voting) in zip(zip(units, units.dropFirst()), zip(letterLike, letterLike.dropFirst()))
        where voting.0 && voting.1 {
            let dx = b.bounds.midX - a.bounds.midX, dy = b.bounds.midY - a.bounds.midY
            let distance = (dx * dx + dy * dy).squareRoot()
            guard distance >= shortestStep * extent, distance <= farthestStep * extent else { continue }
            if abs(dx) >= abs(dy) {
                votes[dx > 0 ? 0 : 2] += 1
            } else {
                votes[dy < 0 ? 1 : 3] += 1
            }
        }
        let total = votes.reduce(0, +)
        guard total >= minimumSteps, let best = votes.indices.max(by: { votes[$0] < votes[$1] }), best != 0 else {
            return 0
        }
        let clear =
            Double(votes[best]) >= minimumShare * Double(total)
            && Double(votes[best]) >= minimumLead * Double(max(votes[0], 1))
        return clear ? best : 0
    }

    /// A unit that votes: its box and its ink's length.
    struct Glyph {
        var bounds: Rect
        var length: Double
    }

    /// Traces closer than this, in median trace extents, to the ink gathered so far join it as
    /// one character.
    static let characterReach = 0.1

    /// Consecutive traces gathered into characters: a trace joins the one before while its box,
    /// widened by `characterReach`, meets the box of what has been gathered since the last
    /// break. Neighbouring characters, apart by a gap, stay apart; a character whose parts are
    /// apart (川, 你) may be gathered as two, which steps along the line as characters do.
    static func characters(of traces: [InkTrace]) -> [Glyph] {
        guard !traces.isEmpty else { return [] }
        let extents = traces.map { max($0.bounds.width, $0.bounds.height) }.sorted()
        let reach = characterReach * extents[extents.count / 2]
        var glyphs: [Glyph] = []
        for trace in traces {
            let near = trace.bounds.insetBy(dx: -reach, dy: -reach)
            if let last = glyphs.last, last.bounds.intersects(near) {
                glyphs[glyphs.count - 1] = Glyph(
                    bounds: last.bounds.union(trace.bounds), length: last.length + trace.length)
            } else {
                glyphs.append(Glyph(bounds: trace.bounds, length: trace.length))
            }
        }
        return glyphs
    }

    /// `point` turned `turns` quarter turns clockwise about the origin (y pointing down).
    static func turned(_ point: Point, by turns: Int) -> Point {
        switch ((turns % 4) + 4) % 4 {
        case 1: Point(x: -point.y, y: point.x)
        case 2: Point(x: -point.x, y: -point.y)
        case 3: Point(x: point.y, y: -point.x)
        default: point
        }
    }

    /// The box of `rect`'s corners turned `turns` quarter turns clockwise (exact: a quarter turn
    /// maps a box onto a box).
    static func turned(_ rect: Rect, by turns: Int) -> Rect {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY)].map {
            turned($0, by: turns)
        }
        return Rect(enclosing: corners) ?? rect
    }

    /// `traces` with every point turned `turns` quarter turns clockwise.
    static func turned(_ traces: [InkTrace], by turns: Int) -> [InkTrace] {
        guard turns % 4 != 0 else { return traces }
        return traces.compactMap { trace in
            var points = trace.points
            for i in points.indices { points[i].location = turned(points[i].location, by: turns) }
            return InkTrace(points: points, order: trace.order)
        }
    }
}
