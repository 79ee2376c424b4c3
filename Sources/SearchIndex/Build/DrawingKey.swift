import DrawingModel

/// A fingerprint of a drawing's ink: equal keys mean the recognizer would see the same strokes,
/// so a stored transcript can be reused when only other pages of a file changed.
package enum DrawingKey {
    /// 32 hex digits (the first half of a SHA-256 over every stroke's ID, ink, transform, control
    /// points and mask).
    package static func of(_ drawing: Drawing) -> String {
        var hash = SHA256()
        hash.update(drawing.strokes.count)
        for stroke in drawing.strokes {
            hash.update(stroke.id.uuidString)
            hash.update(stroke.ink.kind.rawValue)
            hash.update(stroke.ink.width)
            let t = stroke.transform
            for value in [t.a, t.b, t.c, t.d, t.tx, t.ty] { hash.update(value) }
            hash.update(stroke.path.count)
            var values: [UInt8] = []
            values.reserveCapacity(stroke.path.count * 40)
            for point in stroke.path.controlPoints {
                for value in [point.location.x, point.location.y, point.timeOffset, point.force, point.size.width] {
                    withUnsafeBytes(of: value.bitPattern.littleEndian) { values.append(contentsOf: $0) }
                }
            }
            hash.update(values)
            if let mask = stroke.mask {
                hash.update(mask.sweeps.count)
                for sweep in mask.sweeps {
                    hash.update(sweep.radius)
                    for p in sweep.points {
                        hash.update(p.x)
                        hash.update(p.y)
                    }
                }
                hash.update(mask.polygons.count)
                for polygon in mask.polygons {
                    hash.update(polygon.count)
                    for p in polygon {
                        hash.update(p.x)
                        hash.update(p.y)
                    }
                }
            } else {
                hash.update(-1)
            }
        }
        return String(hash.finalizeHex().prefix(32))
    }
}
