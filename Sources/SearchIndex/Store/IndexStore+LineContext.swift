import DrawingModel
import Foundation

extension IndexStore {
    /// The line a hit sits on: the best reading of every word of one drawing's line (of one
    /// source), in position order, and the union of their bounds.
    ///
    /// Called only for the hits a search returns (at most its limit), through two cached
    /// statements: a drawing numbers its words in place order (source, line, position), so a
    /// line's words are consecutive IDs, read from the hit's first word back to the line's start
    /// and on to its end. Context costs a few rows per hit and nothing for the rows the search
    /// drops.
    /// - Parameters:
    ///   - start: the hit's first word.
    ///   - matched: the word positions the hit covers.
    func lineContext(start: Int64, place: WordPlace, matched: Range<Int>) throws -> LineContext? {
        let range = Self.wordRange(of: place.drawing)
        var line: [(text: String, position: Int, bounds: Rect?)] = []
        // back from the hit to the line's start, then on from the hit to its end
        for (descending, from, to) in [(true, range.first, start - 1), (false, start, range.last)] {
            if !descending { line.reverse() }
            try forEachWord(from: from, through: to, descending: descending) { row in
                let at = row.place
                guard at.source == place.source, at.line == place.line else { return false }
                line.append((row.text, at.position, row.bounds))
                return true
            }
        }
        var words: [String] = []
        var first: Int?
        var last: Int?
        var bounds: Rect?
        for word in line {
            if matched.contains(word.position) {
                if first == nil { first = words.count }
                last = words.count
            }
            words.append(word.text)
            if let box = word.bounds { bounds = bounds.map { $0.union(box) } ?? box }
        }
        guard let first, let last else { return nil }
        return LineContext(words: words, matched: first..<(last + 1), bounds: bounds)
    }
}
