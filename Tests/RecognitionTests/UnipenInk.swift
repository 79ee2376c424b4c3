import DrawingModel
import Foundation

/// Real handwriting for layout tests: UNIPEN text-line samples (CC BY 4.0; see
/// Tests/Fixtures/CREDITS.md), laid out on a page the way `InkBuilder` lays out synthetic ink.
struct UnipenSample: Decodable {
    var id: String
    var label: String
    var strokes: [[[Double]]]

    /// Box of the sample's ink in its own (tablet) units.
    var box: Rect {
        Rect(enclosing: strokes.joined().compactMap { $0.count >= 2 ? Point(x: $0[0], y: $0[1]) : nil })
            ?? Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The samples copied into Tests/Fixtures/unipen.
    static func fixtures(file: String = #filePath) throws -> [UnipenSample] {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/unipen/dev-lines-sample.json")
        return try JSONDecoder().decode([UnipenSample].self, from: Data(contentsOf: url))
    }
}

extension InkBuilder {
    /// Places `sample` with its top-left corner at `origin`, scaled to ink `height` (and at most
    /// `maxWidth` wide); returns the stroke indices added, in writing order.
    @discardableResult
    mutating func place(_ sample: UnipenSample, at origin: Point, height: Double, maxWidth: Double = .infinity) -> [Int]
    {
        let box = sample.box
        let scale = min(height / max(box.height, 1), maxWidth / max(box.width, 1))
        return sample.strokes.compactMap { stroke -> Int? in
            let points = stroke.compactMap { xy -> Point? in
                xy.count >= 2
                    ? Point(x: origin.x + (xy[0] - box.minX) * scale, y: origin.y + (xy[1] - box.minY) * scale) : nil
            }
            return points.isEmpty ? nil : add(points)
        }
    }
}
