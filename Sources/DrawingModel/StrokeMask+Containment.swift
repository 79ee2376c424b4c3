import Foundation

extension StrokeMask {
    /// Whether `point` (stroke coordinates) is erased: within `radius` of a sweep's polyline, or inside
    /// a polygon by the even-odd rule.
    /// - Complexity: O(mask points); use `HitTester` to test many points.
    package func erases(_ point: Point) -> Bool {
        HitTester(self).erases(point)
    }

    /// The mask prepared for many point tests: each sweep and polygon with its bounding box, so most
    /// tests skip most of the mask.
    struct HitTester {
        private struct Sweep {
            var points: [Point]
            var radius: Double
            var box: Rect
        }

        private struct Polygon {
            var points: [Point]
            var box: Rect
        }

        private let sweeps: [Sweep]
        private let polygons: [Polygon]

        init(_ mask: StrokeMask) {
            sweeps = mask.sweeps.compactMap { s in
                guard s.radius >= 0, let box = Rect(enclosing: s.points) else { return nil }
                return Sweep(points: s.points, radius: s.radius, box: box.insetBy(dx: -s.radius, dy: -s.radius))
            }
            polygons = mask.polygons.compactMap { points in
                guard points.count >= 3, let box = Rect(enclosing: points) else { return nil }
                return Polygon(points: points, box: box)
            }
        }

        func erases(_ p: Point) -> Bool {
            for s in sweeps where s.box.contains(p) {
                if s.points.count == 1, p.distance(to: s.points[0]) <= s.radius { return true }
                for k in s.points.indices.dropFirst()
                where p.distance(toSegment: s.points[k - 1], s.points[k]) <= s.radius {
                    return true
                }
            }
            for polygon in polygons where polygon.box.contains(p) {
                if Self.evenOddContains(polygon.points, p) { return true }
            }
            return false
        }

        /// Ray casting to the right: inside when the ray crosses the outline an odd number of times.
        private static func evenOddContains(_ polygon: [Point], _ p: Point) -> Bool {
            var inside = false
            var j = polygon.count - 1
            for i in polygon.indices {
                let a = polygon[i], b = polygon[j]
                if (a.y > p.y) != (b.y > p.y) {
                    let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                    if p.x < x { inside.toggle() }
                }
                j = i
            }
            return inside
        }
    }
}
