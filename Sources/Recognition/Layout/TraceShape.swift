import DrawingModel

/// What a trace looks like next to the writing around it, judged by its size and shape against
/// the writing size (the typical height of a letter stroke).
enum TraceRole: Sendable, Hashable {
    /// A letter, a piece of one, or a cursive word: what lines are built from.
    case glyph
    /// A dot, comma, apostrophe, dash or crossbar: joins the nearest line.
    case mark
    /// A long straight or long flat stroke: an underline, strike-through, divider or arrow shaft;
    /// or a tall bracket beside writing, drawn with little ink for its height.
    case rule
    /// Dense back-and-forth ink: a scribble or a crossing-out.
    case scribble
    /// Much taller than the writing: a bracket, a box, a drawing, or a title in a larger hand.
    case oversized
    /// A closed loop drawn around other ink: a circle or box around words.
    case enclosure
}

/// Thresholds of the trace classifier, in units of the writing size.
///
/// Set on the UNIPEN `train` text lines (docs/recognizer.md has the figures): each threshold lies
/// beyond what the traces of real text reach, all but a tiny share of them, so that only ink unlike
/// writing is set apart (rules start well past the widest crossbars, those of "tt").
enum TraceShape {
    static let markExtent = 0.3
    static let flatHeight = 0.3
    static let ruleWidth = 3.5
    static let straightChord = 3.0
    static let straightness = 1.06
    static let scribbleDensity = 6.5
    static let scribbleMinimumExtent = 1.5
    static let oversizedHeight = 4.0
    /// A bracket standing beside writing (], }, |): at least `tallBracketHeight` tall (a height
    /// text traces hardly ever reach), at most half as wide, and its ink about its height and two
    /// ticks (`bracketInk` times height + 2 × width). (The same test lying down, for a ⊓ over a
    /// drawing, took cursive words for brackets and lost `dev` pages' recall.)
    static let tallBracketHeight = 3.5
    static let bracketInk = 1.1

    /// The typical height of a letter stroke (for cursive, of a word stroke): the median height of
    /// the traces that are not dots or dashes. At least a tiny positive value.
    /// Segments (ruled lines, the sides of a drawn box) are left out when there is other ink: a
    /// box's sides beside a label made the label's size the box's.
    static func writingSize<C: Collection>(of traces: C) -> Double where C.Element == InkTrace {
        let drawn = traces.filter { !$0.isSegment }
        let heights = (drawn.isEmpty ? Array(traces) : drawn).map(\.bounds.height).sorted()
        guard let tallest = heights.last, tallest > 0 else {
            let widths = traces.map(\.bounds.width).sorted()
            return max(widths.isEmpty ? 1 : widths[widths.count / 2], 1e-6)
        }
        let p90 = heights[Int((0.9 * Double(heights.count - 1)).rounded())]
        // (the 90th percentile rounds to the nearest trace, so a word of one long stroke and two
        // dots is measured by the word, not by a dot)
        let letters = heights.filter { $0 >= 0.2 * p90 }
        return max(letters.isEmpty ? tallest : letters[letters.count / 2], 1e-6)
    }

    /// Whether `trace`, a glyph or oversized trace, is a loop drawn around other writing: it ends
    /// near where it began, is at least a word's size, and holds at least two other traces whose
    /// boxes lie inside its own.
    /// - Complexity: O(n) for n traces.
    static func isEnclosure(_ trace: InkTrace, size: Double, among traces: [InkTrace]) -> Bool {
        let box = trace.bounds
        guard box.width >= enclosureWidth * size, box.height >= enclosureHeight * size,
            trace.chord <= enclosureGap * max(box.width, box.height)
        else { return false }
        var inside = 0
        for other in traces where other.order != trace.order {
            let b = other.bounds
            if b.minX >= box.minX, b.maxX <= box.maxX, b.minY >= box.minY, b.maxY <= box.maxY {
                inside += 1
                if inside >= 2 { return true }
            }
        }
        return false
    }

    static let enclosureWidth = 1.5
    static let enclosureHeight = 1.2
    static let enclosureGap = 0.25

    /// Classifies one trace against writing size `size`.
    static func role(of trace: InkTrace, size: Double) -> TraceRole {
        let w = trace.bounds.width, h = trace.bounds.height
        if max(w, h) < markExtent * size { return .mark }
        if w + h >= scribbleMinimumExtent * size, trace.length >= scribbleDensity * (w + h) {
            return .scribble
        }
        let chord = trace.chord
        if chord >= straightChord * size, trace.length <= straightness * chord { return .rule }
        if h < flatHeight * size { return w > ruleWidth * size ? .rule : .mark }
        if h >= tallBracketHeight * size, w <= 0.5 * h, trace.length <= bracketInk * (h + 2 * w) { return .rule }
        if h > oversizedHeight * size { return .oversized }
        return .glyph
    }
}
