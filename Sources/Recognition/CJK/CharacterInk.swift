import DrawingModel
import Foundation

/// How a character's strokes are prepared for Zinnia: fitted into its square canvas, and
/// optionally put in a canonical order or split where the pen turned sharply.
///
/// Zinnia compares strokes one by one in the order written, so a stroke written out of the
/// standard order, or two strokes joined by a pen-down connector, spoil the match; both
/// normalisations are measured by `cjk-bench` on the dev characters (docs/recognizer.md).
package struct CharacterNormalization: Sendable, Hashable {
    /// Blank border on each side of the canvas, as a fraction of its side.
    package var margin: Double
    /// Sort strokes by their start points, top to bottom and left to right (rows of a fifth of
    /// the character's size), instead of keeping the order they were written in.
    package var ordersStrokes: Bool
    /// Split a stroke where it turns back by more than `cornerAngle` degrees.
    package var splitsCorners: Bool
    /// The turn, in degrees, above which `splitsCorners` cuts a stroke.
    package var cornerAngle: Double

    package init(
        margin: Double = 0.1, ordersStrokes: Bool = false, splitsCorners: Bool = false, cornerAngle: Double = 120
    ) {
        self.margin = margin
        self.ordersStrokes = ordersStrokes
        self.splitsCorners = splitsCorners
        self.cornerAngle = cornerAngle
    }

    /// `strokes` (points in drawing coordinates, pen order) as Zinnia should see them: each
    /// normalisation applied, then scaled to fit the canvas with the aspect ratio kept, centred.
    package func prepare(_ strokes: [[Point]], canvas: Double = ZinniaModel.canvas) -> [[Point]] {
        var strokes = strokes.filter { !$0.isEmpty }
        guard let box = Rect(enclosing: strokes.lazy.flatMap { $0 }) else { return [] }
        let size = max(box.width, box.height, 1e-6)
        if splitsCorners { strokes = strokes.flatMap { Self.split($0, atTurnsAbove: cornerAngle, size: size) } }
        if ordersStrokes {
            let row = size / 5
            strokes = strokes.enumerated().sorted { a, b in
                let ra = (a.element[0].y / row).rounded(.down), rb = (b.element[0].y / row).rounded(.down)
                if ra != rb { return ra < rb }
                if a.element[0].x != b.element[0].x { return a.element[0].x < b.element[0].x }
                return a.offset < b.offset
            }.map(\.element)
        }
        let inner = canvas * (1 - 2 * margin)
        let scale = inner / size
        let dx = (canvas - box.width * scale) / 2, dy = (canvas - box.height * scale) / 2
        return strokes.map { stroke in
            stroke.map { Point(x: ($0.x - box.minX) * scale + dx, y: ($0.y - box.minY) * scale + dy) }
        }
    }

    /// The pieces of `stroke` between its sharp turns: points at least a twentieth of `size`
    /// apart on either side of a point whose direction turns by more than `angle` degrees.
    static func split(_ stroke: [Point], atTurnsAbove angle: Double, size: Double) -> [[Point]] {
        guard stroke.count > 2 else { return [stroke] }
        let reach = size / 20
        let limit = cos((180 - angle) * .pi / 180)  // cos of the angle between incoming and outgoing
        var cuts: [Int] = []
        var i = 1
        while i < stroke.count - 1 {
            // the nearest points at least `reach` before and after i
            var a = i - 1
            while a > 0 && stroke[a].distance(to: stroke[i]) < reach { a -= 1 }
            var b = i + 1
            while b < stroke.count - 1 && stroke[b].distance(to: stroke[i]) < reach { b += 1 }
            let u = (stroke[a].x - stroke[i].x, stroke[a].y - stroke[i].y)
            let v = (stroke[b].x - stroke[i].x, stroke[b].y - stroke[i].y)
            let nu = hypot(u.0, u.1), nv = hypot(v.0, v.1)
            if nu >= reach * 0.5, nv >= reach * 0.5 {
                // the angle at i between the two arms: small for a sharp turn back
                let c = (u.0 * v.0 + u.1 * v.1) / (nu * nv)
                if c > limit, cuts.last.map({ i - $0 > 2 }) ?? true {
                    cuts.append(i)
                    i = b
                    continue
                }
            }
            i += 1
        }
        guard !cuts.isEmpty else { return [stroke] }
        var pieces: [[Point]] = []
        var start = 0
        for cut in cuts {
            pieces.append(Array(stroke[start...cut]))
            start = cut
        }
        pieces.append(Array(stroke[start...]))
        return pieces.filter { $0.count > 1 }
    }
}

/// Classifies one character's ink with a Zinnia model after `CharacterNormalization`; scores are
/// Zinnia's times `natsPerScore`.
package struct CJKCharacterClassifier: CharacterClassifying {
    /// Nats per unit of Zinnia's score (an SVM margin), measured on the dev pages when Zinnia was
    /// the only engine (`make bench-cjk`).
    package static let natsPerScore = 3.0
    package let model: ZinniaModel
    package var normalization: CharacterNormalization
    /// Also classify the strokes in the other order (written and canonical) and keep, per
    /// character, the better score of the two (twice the time).
    package var triesBothOrders: Bool

    package init(model: ZinniaModel, normalization: CharacterNormalization = .init(), triesBothOrders: Bool = false) {
        self.model = model
        self.normalization = normalization
        self.triesBothOrders = triesBothOrders
    }

    /// The `count` best readings of one character's strokes (drawing coordinates, pen order).
    package func classify(_ strokes: [[Point]], count: Int) -> [CharacterCandidate] {
        zinniaScores(strokes, count: count).map {
            CharacterCandidate(character: $0.character, score: $0.score * Self.natsPerScore)
        }
    }

    /// `classify` in Zinnia's own units.
    private func zinniaScores(_ strokes: [[Point]], count: Int) -> [CharacterCandidate] {
        let first = model.classify(normalization.prepare(strokes), count: count)
        guard triesBothOrders else { return first }
        var other = normalization
        other.ordersStrokes.toggle()
        var best: [String: Double] = [:]
        for c in first + model.classify(other.prepare(strokes), count: count) {
            best[c.character] = max(best[c.character] ?? -.infinity, c.score)
        }
        return best.map { CharacterCandidate(character: $0.key, score: $0.value) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.character < $1.character }
            .prefix(count).map { $0 }
    }
}
