import DrawingModel

/// A second reading of a doubtful word, from its own ink alone and stretched across, joined with
/// the first one.
///
/// The first reading sees the word inside its line: the network's frames carry the neighbours'
/// ink and the word's frames are cut out of the line's by the alignment. Read alone and a little
/// wider, the same ink gives a reading whose errors are partly different ones, so a text both
/// readings rank high is likelier right than either's best alone (on `dev` pages it lowers the
/// CER and raises search recall; docs/recognizer.md has the sweep).
enum SecondLook {
    /// The points of `range` of `line`, stretched `widening` times across about their middle, as
    /// a line of their own.
    static func ink(of range: Range<Int>, in line: LineInk, widening: Double) -> LineInk {
        var ink = LineInk(points: Array(line.points[range]))
        let xs = ink.points.map(\.location.x)
        guard let low = xs.min(), let high = xs.max() else { return ink }
        let middle = (low + high) / 2
        for i in ink.points.indices {
            ink.points[i].location.x = middle + (ink.points[i].location.x - middle) * widening
        }
        ink.points[0].startsTrace = true
        return ink
    }

    /// The texts of both readings ranked by the sum of their scores in each; a text one reading
    /// lacks scores that reading's lowest less one there. The best keeps the first reading's
    /// score, and the others are as far below it as half their sum's distance (the mean of two
    /// scores on the first reading's scale), so `candidateMargin` and searches' score floors
    /// judge them as before. At most `limit` texts; the first reading is never empty.
    static func joined(_ first: [WordCandidate], _ second: [WordCandidate], limit: Int) -> [WordCandidate] {
        guard let firstBest = first.first, !second.isEmpty else { return first }
        func scores(_ c: [WordCandidate]) -> [String: Double] {
            Dictionary(c.map { ($0.text, $0.score) }, uniquingKeysWith: max)
        }
        let a = scores(first), b = scores(second)
        let lackingA = a.values.min()! - 1, lackingB = b.values.min()! - 1
        // first-reading order breaks ties, then the second's, so the result does not depend on hashing
        var texts: [String] = []
        for c in first + second where !texts.contains(c.text) { texts.append(c.text) }
        let sums = texts.map { (text: $0, sum: (a[$0] ?? lackingA) + (b[$0] ?? lackingB)) }
        let ranked = sums.enumerated().sorted {
            $0.element.sum != $1.element.sum ? $0.element.sum > $1.element.sum : $0.offset < $1.offset
        }
        let top = ranked[0].element.sum
        return ranked.prefix(limit).map {
            WordCandidate(text: $0.element.text, score: firstBest.score - (top - $0.element.sum) / 2)
        }
    }
}
