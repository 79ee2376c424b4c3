import DrawingModel
import Foundation

/// Turns one Xournal `<stroke>` element into strokes, repairing width lists the way Xournal++'s
/// loader does, and applies white-out (`tool="eraser"`) strokes as masks.
///
/// Width repair (Xournal++ `LoadHandler`): the first number of `width` is the nominal width; the
/// others are absolute widths of the segments (value *i* between points *i* and *i+1*).
/// * fewer than `points − 1` segment widths: they are ignored and the stroke keeps its nominal width;
/// * more: the extra ones are dropped;
/// * any width ≤ 0 or NaN: those segments are invisible, so the stroke is split into the runs of
///   positive-width segments (each run keeps the point after its last segment); a stroke with no
///   positive width is dropped.
/// An odd number of coordinates loses its last value; strokes of fewer than two points are dropped.
enum XournalStrokeBuilder {
    /// A stroke of the page, or a white-out to apply to what lies below it.
    enum Item {
        case ink(Stroke)
        case whiteout(points: [Point], radius: Double)
    }

    /// The items one `<stroke>` element gives (none, one, or several after a split).
    /// - Throws: `ReadError` when the element lists more than `ReadLimits.maxPointsPerStroke` points.
    static func items(
        tag: XMLStartTag, coordinates: String, key: String, ids: StableStrokeID
    ) throws(ReadError) -> [Item] {
        var values: [Double] = []
        var lexer = NumberLexer(coordinates)
        guard lexer.numberList(into: &values, limit: 2 * ReadLimits.maxPointsPerStroke) else {
            throw ReadError("more than \(ReadLimits.maxPointsPerStroke) points")
        }
        let pointCount = values.count / 2
        guard pointCount >= 2 else { return [] }
        try PointBudget.charge(pointCount)
        var points: [Point] = []
        points.reserveCapacity(pointCount)
        for i in 0..<pointCount { points.append(Point(x: values[2 * i], y: values[2 * i + 1])) }

        var widths: [Double] = []
        var widthLexer = NumberLexer(tag["width"] ?? "")
        _ = widthLexer.numberList(into: &widths, limit: pointCount + 1, allowNaN: true)
        let nominal = widths.first.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 1
        let tool = tag["tool"] ?? "pen"

        if tool == "eraser" {
            let widest = widths.filter { $0.isFinite && $0 > 0 }.max() ?? nominal
            return [.whiteout(points: points, radius: widest / 2)]
        }
        let ink = Ink(
            kind: tool == "highlighter" ? .highlighter : .pen, color: XournalColor.parse(tag["color"]), width: nominal)

        // MrWriter: one pressure per point, scaling the nominal width.
        if widths.count <= 1, let pressureText = tag["pressures"] {
            var pressures: [Double] = []
            var pressureLexer = NumberLexer(pressureText)
            _ = pressureLexer.numberList(into: &pressures, limit: pointCount)
            let sizes = (0..<pointCount).map { i in
                i < pressures.count && pressures[i].isFinite && pressures[i] > 0 ? nominal * pressures[i] : nominal
            }
            return [.ink(stroke(points, sizes, ink, ids.id(key: key)))]
        }

        var segmentWidths = Array(widths.dropFirst())
        if segmentWidths.isEmpty || segmentWidths.count + 1 < pointCount {
            return [.ink(stroke(points, Array(repeating: nominal, count: pointCount), ink, ids.id(key: key)))]
        }
        segmentWidths.removeLast(segmentWidths.count - (pointCount - 1))
        var items: [Item] = []
        var runStart: Int?
        for i in 0...segmentWidths.count {
            let positive = i < segmentWidths.count && segmentWidths[i] > 0  // false for NaN
            if positive, runStart == nil { runStart = i }
            if !positive, let start = runStart {
                // Segments start..<i are visible: points start...i.
                var sizes = Array(segmentWidths[start..<i])
                sizes.append(segmentWidths[i - 1])
                let part = items.count == 0 ? key : "\(key).\(items.count)"
                items.append(.ink(stroke(Array(points[start...i]), sizes, ink, ids.id(key: part))))
                runStart = nil
            }
        }
        return items
    }

    private static func stroke(_ points: [Point], _ sizes: [Double], _ ink: Ink, _ id: UUID) -> Stroke {
        var controlPoints: [StrokePoint] = []
        controlPoints.reserveCapacity(points.count)
        for (point, size) in zip(points, sizes) {
            controlPoints.append(
                StrokePoint(
                    location: point, size: Size(width: size, height: size), force: min(max(size / ink.width, 0), 1)))
        }
        return Stroke(id: id, ink: ink, path: StrokePath(controlPoints: controlPoints))
    }

    /// The page's ink strokes with each white-out applied, as a mask sweep, to every earlier stroke
    /// whose bounds it touches.
    static func applyWhiteout(_ items: [Item]) -> [Stroke] {
        var strokes: [Stroke] = []
        var bounds: [Rect?] = []
        for item in items {
            switch item {
            case .ink(let stroke):
                let halfWidth = (stroke.path.controlPoints.map(\.size.width).max() ?? 0) / 2
                bounds.append(
                    Rect(enclosing: stroke.path.controlPoints.map(\.location))?.insetBy(dx: -halfWidth, dy: -halfWidth))
                strokes.append(stroke)
            case .whiteout(let points, let radius):
                guard let area = Rect(enclosing: points)?.insetBy(dx: -radius, dy: -radius) else { continue }
                for index in strokes.indices {
                    guard let strokeBounds = bounds[index], strokeBounds.intersects(area) else { continue }
                    var mask = strokes[index].mask ?? StrokeMask()
                    mask.sweeps.append(StrokeMask.Sweep(points: points, radius: radius))
                    strokes[index].mask = mask
                }
            }
        }
        return strokes
    }
}
