import DrawingModel
import Foundation

/// Decodes one Saber stroke object (see `SaberReader`) into ink.
enum SaberStroke {
    static func decode(_ value: DocumentTree, id: UUID) throws(ReadError) -> Stroke? {
        guard value.members != nil else { throw ReadError("stroke is not an object") }
        let tool = (value["ty"]?.string ?? "Pen").lowercased()
        let kind: Ink.Kind = tool.contains("highlighter") ? .highlighter : tool.contains("pencil") ? .pencil : .pen
        let size = value["s"]?.number.flatMap { $0 > 0 ? $0 : nil } ?? 5
        let offset = Point(x: value["ox"]?.number ?? 0, y: value["oy"]?.number ?? 0)
        var points: [StrokePoint]
        if value["shape"]?.string == "circle", let cx = value["cx"]?.number, let cy = value["cy"]?.number,
            let r = value["r"]?.number
        {
            points = (0...32).map { k in
                let angle = Double(k) / 32 * 2 * Double.pi
                return StrokePoint(
                    location: Point(x: cx + r * cos(angle), y: cy + r * sin(angle)),
                    size: Size(width: size, height: size))
            }
        } else {
            guard let list = value["p"]?.array else { throw ReadError("stroke has no points") }
            guard list.count <= ReadLimits.maxPointsPerStroke else {
                throw ReadError("more than \(ReadLimits.maxPointsPerStroke) points")
            }
            points = try list.map { (p: DocumentTree) throws(ReadError) in try point(p, size: size) }
        }
        guard !points.isEmpty else { return nil }
        if offset != .zero {
            for k in points.indices { points[k].location = points[k].location + offset }
        }
        return Stroke(
            id: id, ink: Ink(kind: kind, color: DartColor.ink(value["c"]), width: size),
            path: StrokePath(controlPoints: points)
        )
    }

    private static func point(_ value: DocumentTree, size: Double) throws(ReadError) -> StrokePoint {
        var x: Double?, y: Double?, pressure: Double?
        switch value {
        case .binary(let raw):
            guard raw.count == 8 || raw.count == 12 else {
                throw ReadError("binary point of \(raw.count) bytes (expected 8 or 12)")
            }
            func float(_ i: Int) -> Double {
                Double(
                    Float(
                        bitPattern: UInt32(raw[i]) | UInt32(raw[i + 1]) << 8 | UInt32(raw[i + 2]) << 16 | UInt32(
                            raw[i + 3]) << 24))
            }
            (x, y) = (float(0), float(4))
            if raw.count == 12 { pressure = float(8) }
        default:
            (x, y, pressure) = (value["x"]?.number, value["y"]?.number, value["p"]?.number)
        }
        guard let x, let y, x.isFinite, y.isFinite else { throw ReadError("point without finite x and y") }
        let force = pressure.flatMap { $0.isFinite ? min(max($0, 0), 1) : nil } ?? StrokePoint.defaultForce
        return StrokePoint(location: Point(x: x, y: y), size: Size(width: size, height: size), force: force)
    }
}
