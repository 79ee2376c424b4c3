import DrawingModel
import Foundation

@testable import Recognition

/// Builds drawings of synthetic handwriting for layout and API tests: every letter is one stroke
/// shaped like a letter of its kind (x-height, ascender, descender, capital), i-dots are separate
/// small strokes, and the letter each stroke stands for is recorded for `LetterReader`.
struct InkBuilder {
    var strokes: [Stroke] = []
    /// The letter each stroke stands for, by stroke index; dots and other marks have none.
    var letters: [Int: Character] = [:]
    private var nextID = 1

    var drawing: Drawing { Drawing(strokes: strokes) }
    var reader: LetterReader { LetterReader(letters: letters, wordGap: 0) }

    static func id(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!
    }

    /// Adds a stroke through `points` (drawing coordinates before `transform`); returns its index.
    @discardableResult
    mutating func add(
        _ points: [Point], letter: Character? = nil, ink: Ink = Ink(),
        transform: DrawingModel.AffineTransform = .identity,
        mask: StrokeMask? = nil
    ) -> Int {
        let path = StrokePath(
            controlPoints: points.enumerated().map { i, p in
                StrokePoint(location: p, timeOffset: Double(i) * 0.01)
            })
        strokes.append(Stroke(id: Self.id(nextID), ink: ink, transform: transform, path: path, mask: mask))
        nextID += 1
        letters[strokes.count - 1] = letter
        return strokes.count - 1
    }

    /// Writes `text` with its baseline at `baseline`, starting at `x`, x-height `size`. Spaces
    /// leave a word gap. Returns the stroke indices written, in writing order.
    @discardableResult
    mutating func write(_ text: String, x: Double, baseline: Double, size: Double, dots: Bool = true) -> [Int] {
        var written: [Int] = []
        var x = x
        for ch in text {
            if ch == " " {
                x += 0.9 * size
                continue
            }
            let width = 0.6 * size
            var top = baseline - size, bottom = baseline
            if "bdfhklt".contains(ch) || ch.isUppercase || ch.isNumber { top = baseline - 1.6 * size }
            if "gjpqy".contains(ch) { bottom = baseline + 0.6 * size }
            written.append(add(Self.zigzag(x: x, top: top, bottom: bottom, width: width), letter: ch))
            if dots, ch == "i" || ch == "j" {
                written.append(dot(x: x, baseline: baseline, size: size))
            }
            x += width + 0.2 * size
        }
        return written
    }

    /// Adds the dot of an i or j written at `x` (its letter's left edge).
    @discardableResult
    mutating func dot(x: Double, baseline: Double, size: Double) -> Int {
        let dot = Point(x: x + 0.3 * size, y: baseline - 1.6 * size)
        return add([dot, dot + Point(x: 0.08 * size, y: 0.08 * size)])
    }

    /// A letter-like stroke: down, up, down across its box.
    static func zigzag(x: Double, top: Double, bottom: Double, width: Double) -> [Point] {
        (0...8).map { k in
            let t = Double(k) / 8
            let y = k % 4 == 0 ? bottom : (k % 2 == 1 ? (top + bottom) / 2 : top)
            return Point(x: x + t * width, y: y)
        }
    }
}
