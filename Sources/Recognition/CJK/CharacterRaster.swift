import DrawingModel
import Foundation

/// The image a CJK character is classified from: its ink drawn as a small greyscale raster,
/// exactly as `Training/cjk/synth.py`'s `raster` draws it for training (the network learned those
/// pixels, so any difference here is an input it never saw; `CharacterRasterTests` holds the two
/// to the trainer's golden images).
///
/// The ink's box is fitted, aspect kept and centred, into the middle `inner × inner` of a
/// `side × side` grid; each stroke is resampled every `1 / supersampling` pixel and its points
/// mark cells of a grid `supersampling` times finer; the marks are dilated by a disc of `radius`
/// pixels and the fine grid is averaged back to `side × side`. Being an image, it does not care in
/// which order the strokes were written, nor whether two of them were joined, and their direction
/// only where rounding puts a resampled point in the next fine cell.
package struct CharacterRaster: Sendable, Hashable {
    /// Pixels on each side of the image.
    package let side: Int
    /// Pixels on each side of the square the ink's box is fitted into.
    package let inner: Int
    /// How many cells of the fine grid the ink is marked on make one pixel's side
    /// (the model's metadata calls it "super").
    package let supersampling: Int
    /// The pen's radius, in pixels.
    package let radius: Double
    /// For each row `dy` of the disc (from `-reach` to `reach`), the largest `|dx|` in it.
    private let discHalfWidths: [Int]

    /// The largest `side` accepted: the fine grid of a bigger one would take more memory than a
    /// character is worth.
    package static let maximumSide = 256
    /// The largest `supersampling` accepted.
    package static let maximumSupersampling = 16

    /// A raster with the trainer's settings (the model file's metadata); nil when they are out
    /// of range: `side` in 1...`maximumSide`, `inner` in 1...`side`, `supersampling` in
    /// 1...`maximumSupersampling`, `radius` in 0...`side`.
    package init?(side: Int, inner: Int, supersampling: Int, radius: Double) {
        guard (1...Self.maximumSide).contains(side), (1...side).contains(inner),
            (1...Self.maximumSupersampling).contains(supersampling), radius >= 0, radius <= Double(side)
        else { return nil }
        self.side = side
        self.inner = inner
        self.supersampling = supersampling
        self.radius = radius
        // synth.disc: the radius in fine cells, to the nearest quarter (Python's round: half to
        // even), and the offsets with x² + y² <= r² (exact: the squares are small integers)
        let r = (radius * Double(supersampling) * 4).rounded(.toNearestOrEven) / 4
        let reach = Int(r.rounded(.up))
        discHalfWidths = (-reach...reach).map { dy in
            (0...reach).last { dx in Double(dx * dx + dy * dy) <= r * r } ?? -1
        }
    }

    /// `side × side` values in 0...1, row-major from the top left: the share of each pixel's
    /// fine cells the dilated ink covers.
    /// - Parameter strokes: points in drawing coordinates (y down), in pen order; empty strokes
    ///   and points with a coordinate that is not finite are left out.
    /// - Complexity: O(points + ink length × supersampling + fine cells marked × disc rows).
    package func image(of strokes: [[Point]]) -> [Float] {
        let strokes = strokes.map { $0.filter { $0.x.isFinite && $0.y.isFinite } }.filter { !$0.isEmpty }
        let fine = side * supersampling
        var marks = [Bool](repeating: false, count: fine * fine)
        let points = strokes.lazy.joined()
        if let first = points.first {
            var lo = first, hi = first
            for p in points {
                lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
                hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
            }
            let size = max(hi.x - lo.x, hi.y - lo.y, 1e-6)
            let scale = Double(inner) / size
            let offset = Point(
                x: (Double(side) - (hi.x - lo.x) * scale) / 2, y: (Double(side) - (hi.y - lo.y) * scale) / 2)
            for stroke in strokes {
                let placed = stroke.map {
                    Point(x: ($0.x - lo.x) * scale + offset.x, y: ($0.y - lo.y) * scale + offset.y)
                }
                resampled(placed) { mark($0, in: &marks, fine: fine) }
            }
        }
        return averaged(dilated(marks, fine: fine), fine: fine)
    }

    /// synth.resample: the first point, then along each segment `n = ceil(length / step)` points
    /// at `t = 1/n … 1` (none where the segment has no length), `step` being one fine cell.
    private func resampled(_ stroke: [Point], _ visit: (Point) -> Void) {
        guard let first = stroke.first else { return }
        visit(first)
        let step = 1.0 / Double(supersampling)
        for (p, q) in zip(stroke, stroke.dropFirst()) {
            let d = Point(x: q.x - p.x, y: q.y - p.y)
            let length = hypot(d.x, d.y)  // np.hypot's: a length one ulp off can change n
            // not finite only where the box overflowed a Double (coordinates near 1e308)
            guard length.isFinite else { continue }
            let n = Int((length / step).rounded(.up))
            for i in stride(from: 1, through: n, by: 1) {
                let t = Double(i) / Double(n)
                visit(Point(x: p.x + t * d.x, y: p.y + t * d.y))
            }
        }
    }

    /// Marks the fine cell `floor(p · supersampling)` holding `p`, clipped to the grid.
    private func mark(_ p: Point, in marks: inout [Bool], fine: Int) {
        func cell(_ v: Double) -> Int? {
            let c = (v * Double(supersampling)).rounded(.down)
            guard !c.isNaN else { return nil }
            return c < 0 ? 0 : c >= Double(fine) ? fine - 1 : Int(c)
        }
        guard let x = cell(p.x), let y = cell(p.y) else { return }
        marks[y * fine + x] = true
    }

    /// scipy's `binary_dilation` by the disc, the grid's outside unmarked: a cell is set when a
    /// mark lies within the disc around it (the disc is symmetric, so stamping it around each
    /// mark is the same).
    private func dilated(_ marks: [Bool], fine: Int) -> [Bool] {
        let reach = discHalfWidths.count / 2
        var out = [Bool](repeating: false, count: fine * fine)
        for y in 0..<fine {
            for x in 0..<fine where marks[y * fine + x] {
                for (row, half) in discHalfWidths.enumerated() where half >= 0 {
                    let yy = y + row - reach
                    guard yy >= 0, yy < fine else { continue }
                    for xx in max(0, x - half)...min(fine - 1, x + half) { out[yy * fine + xx] = true }
                }
            }
        }
        return out
    }

    /// The mean of each pixel's `supersampling × supersampling` fine cells.
    private func averaged(_ cells: [Bool], fine: Int) -> [Float] {
        var counts = [Int](repeating: 0, count: side * side)
        for y in 0..<fine {
            for x in 0..<fine where cells[y * fine + x] {
                counts[(y / supersampling) * side + x / supersampling] += 1
            }
        }
        let area = Double(supersampling * supersampling)
        return counts.map { Float(Double($0) / area) }
    }
}
