import DrawingModel
import Foundation

/// Reads reMarkable `.rm` pages of versions 3 and 5 (tablet software 1.x–2.x).
///
/// Layout (little-endian; docs/formats.md#remarkable-v3-v5, learned from lines-are-rusty and rmrl):
///
///     header   43 bytes "reMarkable .lines file, version=3" (or =5) padded with spaces
///     u32      layer count
///     layer    u32 stroke count, then strokes
///     stroke   u32 tool, u32 colour, u32 unused, f32 base width,
///              (v5 only) 4 more bytes, u32 point count, then points
///     point    f32 x, y, speed, direction (tilt, radians), width (px), pressure (0–1)
///
/// Coordinates are pixels of a 1404 × 1872 page, origin top-left. Counts are checked against the
/// bytes left before anything is allocated; bytes after the last layer are ignored.
///
/// Erasers: these files store eraser (tool 6) and erase-area (tool 8) strokes as strokes. They never
/// become ink. Each one is applied as a `StrokeMask` to the ink strokes drawn *before* it in the same
/// layer that it touches: an eraser becomes a sweep of its path with a radius of half its mean point
/// width; an erase area becomes a polygon (its lasso path, closed). So stroke counts equal
/// lines-are-rusty's minus the eraser and erase-area strokes; highlighter strokes are counted.
enum RemarkableV3V5Reader {
    static let pageSize = Size(width: 1404, height: 1872)

    /// Reads the page in `bytes`, whose header names `version` (3 or 5).
    static func page(_ bytes: [UInt8], version: Int) throws -> Page {
        var c = RemarkableByteCursor(bytes: bytes)
        try c.skip(43)
        let strokeIDs = StableStrokeID(fileContents: bytes)
        let strokeHeader = version == 5 ? 24 : 20
        let pointSize = 24
        let layerCount = try c.count(of: "layer", minimumSize: 4) { UInt64(try $0.u32()) }
        var strokes: [Stroke] = []
        var maskBudget = RemarkableEraserMask.workBudget
        for layer in 0..<layerCount {
            let strokeCount = try c.count(of: "stroke", minimumSize: strokeHeader + 4) { UInt64(try $0.u32()) }
            var layerStrokes: [Stroke] = []
            var layerBounds: [Rect] = []
            for index in 0..<strokeCount {
                let tool = try c.u32()
                let color = try c.u32()
                _ = try c.u32()
                let baseWidth = Double(try c.f32())
                if version == 5 { _ = try c.u32() }
                let pointCount = try c.count(of: "point", minimumSize: pointSize) { UInt64(try $0.u32()) }
                try PointBudget.charge(pointCount)
                var points: [StrokePoint] = []
                points.reserveCapacity(pointCount)
                for _ in 0..<pointCount {
                    let x = Double(try c.f32()), y = Double(try c.f32())
                    _ = try c.f32()
                    let direction = Double(try c.f32()), width = Double(try c.f32())
                    let pressure = Double(try c.f32())
                    points.append(
                        StrokePoint(
                            location: Point(x: x, y: y), size: Size(width: width, height: width),
                            force: pressure, azimuth: direction))
                }
                guard !points.isEmpty else { continue }
                if RemarkableTool.isEraser(tool) {
                    RemarkableEraserMask.apply(
                        tool: tool, points: points, fallbackWidth: baseWidth,
                        to: &layerStrokes, strokeBounds: layerBounds, budget: &maskBudget)
                    continue
                }
                let ink = RemarkableTool.ink(
                    tool: tool, colorID: color, argb: nil, points: points, fallbackWidth: baseWidth)
                let stroke = Stroke(
                    id: strokeIDs.id(page: 0, layer: layer, index: index),
                    ink: ink, path: StrokePath(controlPoints: points))
                layerStrokes.append(stroke)
                layerBounds.append(RemarkableEraserMask.bounds(of: points, margin: ink.width / 2))
            }
            strokes.append(contentsOf: layerStrokes)
        }
        return Page(drawing: Drawing(strokes: strokes), size: pageSize)
    }
}
