/// Line (stroke) values of reMarkable v6 scene items, item type 3.
///
/// Fields in order: 1 u32 tool, 2 u32 colour id, 3 f64 thickness scale, 4 f32 starting length,
/// 5 sub-block of points, 6 CRDT id (timestamp), optional 7 CRDT id (move id), optional 8 u32 ARGB.
///
/// The point encoding follows the block's current version:
/// - version 1, 24 bytes: f32 x, y, speed, direction (radians), width, pressure (0–1);
/// - version 2, 14 bytes: f32 x, y, u16 speed, u16 width, u8 direction, u8 pressure.
/// Both are brought to one scale here: width in drawing units (version 2 stores 4×),
/// pressure 0–1, direction in radians; speed is dropped (no field of `StrokePoint` holds it).

/// A decoded v6 line: the pen, its colour and its points.
struct RemarkableLine {
    var tool: UInt32
    var colorID: UInt32
    var thicknessScale: Double
    /// `(a, r, g, b)` when the file gives an explicit colour.
    var argb: (UInt8, UInt8, UInt8, UInt8)?
    var points: [RemarkablePoint]
}

/// One pen sample, on the version-1 scale: width in px, pressure 0–1, direction in radians.
struct RemarkablePoint {
    var x: Float
    var y: Float
    var direction: Float
    var width: Float
    var pressure: Float
}

enum RemarkableV6Lines {
    static func line(_ r: inout RemarkableTaggedReader, version: UInt8) throws -> RemarkableLine {
        let tool = try r.u32(1)
        let color = try r.u32(2)
        let thickness = try r.f64(3)
        _ = try r.f32(4)
        var pointBlock = try r.subBlock(5)
        let points = try self.points(&pointBlock.cursor, version: version)
        _ = try r.id(6)
        if r.remaining >= 3, r.hasTag(7, .id) { _ = try r.id(7) }
        var argb: (UInt8, UInt8, UInt8, UInt8)?
        if r.remaining > 0, r.hasTag(8, .byte4) {
            let packed = try r.u32(8)
            argb = (
                UInt8(packed >> 24), UInt8((packed >> 16) & 0xFF),
                UInt8((packed >> 8) & 0xFF), UInt8(packed & 0xFF)
            )
        }
        return RemarkableLine(
            tool: tool, colorID: color, thicknessScale: thickness, argb: argb, points: points)
    }

    private static func points(_ c: inout RemarkableByteCursor, version: UInt8) throws -> [RemarkablePoint] {
        let size: Int
        switch version {
        case 1: size = 24
        case 2: size = 14
        default:
            throw RemarkableFormatError.malformed("unknown line point version \(version)", offset: c.position)
        }
        guard c.remaining % size == 0 else {
            throw RemarkableFormatError.malformed(
                "point data of \(c.remaining) bytes is not a multiple of \(size)", offset: c.position)
        }
        let count = c.remaining / size
        try PointBudget.charge(count)
        var points: [RemarkablePoint] = []
        points.reserveCapacity(count)
        for _ in 0..<count {
            let x = try c.f32(), y = try c.f32()
            if version == 1 {
                _ = try c.f32()
                let direction = try c.f32(), width = try c.f32(), pressure = try c.f32()
                points.append(RemarkablePoint(x: x, y: y, direction: direction, width: width, pressure: pressure))
            } else {
                _ = try c.u16()
                let width = try c.u16()
                let direction = try c.u8(), pressure = try c.u8()
                points.append(
                    RemarkablePoint(
                        x: x, y: y, direction: Float(direction) * (2 * Float.pi / 255),
                        width: Float(width) / 4, pressure: Float(pressure) / 255))
            }
        }
        return points
    }
}
