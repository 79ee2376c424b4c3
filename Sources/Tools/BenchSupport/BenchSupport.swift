// What the benchmark programs share: the JSON-lines samples of ../shared/data (UNIPEN words and
// lines, CJK characters) and the edit distance their error rates count.
import DrawingModel
import Foundation

/// One handwritten sample: its label, the set it belongs to ("?" when the file names none), how
/// many lines it spans (1 when the file does not say) and its strokes as lists of points.
package struct InkSample: Sendable {
    package var label: String
    package var set: String
    package var lineCount: Int
    package var strokes: [[Point]]
    /// "contributor/writer" when the file names them (UNIPEN), else "?".
    package var writer: String = "?"

    /// The sample as a drawing, one stroke per pen-down, with IDs numbered in writing order.
    package var drawing: Drawing {
        var drawing = Drawing()
        for (i, points) in strokes.enumerated() where !points.isEmpty {
            let id = UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", i))!
            drawing.strokes.append(
                Stroke(id: id, path: StrokePath(controlPoints: points.map { StrokePoint(location: $0) })))
        }
        return drawing
    }

    /// The first `limit` samples of a JSON-lines file (`label`, `strokes` as lists of [x, y],
    /// optional `set` and `n_lines`) that `include` keeps; lines without a label or ink are
    /// passed over.
    package static func load(
        _ path: String, limit: Int = .max, where include: (InkSample) -> Bool = { _ in true }
    ) throws -> [InkSample] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var samples: [InkSample] = []
        for line in text.split(separator: "\n") where samples.count < limit {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let label = object["label"] as? String, let strokes = object["strokes"] as? [[[Double]]]
            else { continue }
            let points = strokes.map { $0.compactMap { $0.count >= 2 ? Point(x: $0[0], y: $0[1]) : nil } }
            guard points.contains(where: { !$0.isEmpty }) else { continue }
            var sample = InkSample(
                label: label, set: object["set"] as? String ?? "?", lineCount: object["n_lines"] as? Int ?? 1,
                strokes: points)
            if let contributor = object["contributor"] as? String, let writer = object["writer"] as? String {
                sample.writer = "\(contributor)/\(writer)"
            }
            if include(sample) { samples.append(sample) }
        }
        return samples
    }
}

/// The Levenshtein distance between two sequences (insertions, deletions, substitutions).
package func editDistance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1]
        for (j, y) in b.enumerated() {
            current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
        }
        previous = current
    }
    return previous[b.count]
}
