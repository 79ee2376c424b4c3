import DrawingModel
import Foundation

@testable import Recognition

/// A deterministic `LineReading` for tests: each trace of a stroke that stands for a letter reads
/// as that letter; traces of other strokes (dots, marks) add no letter but belong to the word
/// they sit in. A new word starts where the horizontal gap between consecutive traces exceeds
/// `wordGap` (or, when `wordGap` is 0, half the median letter height of the line).
///
/// Candidates: the word as written, then, when different, a reading with l→1 and o→0 ("lol" →
/// "101"), then the word upper-cased, so tests can check that every candidate is searchable.
struct LetterReader: LineReading {
    var letters: [Int: Character]
    var wordGap: Double

    func read(_ line: LineInk) -> [DecodedWord] {
        let traces = Self.traces(of: line)
        guard !traces.isEmpty else { return [] }
        let heights = traces.map { Rect(enclosing: line.points[$0].map(\.location))!.height }.sorted()
        let gapLimit = wordGap > 0 ? wordGap : 0.5 * heights[heights.count / 2]
        var words: [(range: Range<Int>, text: String)] = []
        var right = -Double.infinity
        for range in traces {
            let box = Rect(enclosing: line.points[range].map(\.location))!
            let letter = letters[line.points[range.lowerBound].strokeIndex].map(String.init) ?? ""
            if let last = words.last, box.minX - right <= gapLimit {
                words[words.count - 1] = (last.range.lowerBound..<range.upperBound, last.text + letter)
            } else {
                words.append((range, letter))
            }
            right = max(right, box.maxX)
        }
        return words.filter { !$0.text.isEmpty }.map { word in
            var texts = [word.text]
            for variant in [Self.digitReading(word.text), word.text.uppercased()] where !texts.contains(variant) {
                texts.append(variant)
            }
            let candidates = texts.enumerated().map { WordCandidate(text: $1, score: -Double($0)) }
            return DecodedWord(candidates: candidates, pointRange: word.range, confidence: 0.9)
        }
    }

    static func digitReading(_ text: String) -> String {
        String(text.map { $0 == "l" ? "1" : $0 == "o" ? "0" : $0 })
    }

    /// The point ranges of the line's traces, in order.
    static func traces(of line: LineInk) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for (i, p) in line.points.enumerated() {
            if p.startsTrace || ranges.isEmpty {
                ranges.append(i..<(i + 1))
            } else {
                ranges[ranges.count - 1] = ranges[ranges.count - 1].lowerBound..<(i + 1)
            }
        }
        return ranges
    }
}
