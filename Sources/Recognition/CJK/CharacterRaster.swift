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
    /// - Complexity: O(points + ink length × supersampling + fine rows marked × disc rows × fine
    ///   cells / 64 + fine cells covered).
    package func image(of strokes: [[Point]]) -> [Float] {
        let strokes = strokes.map { $0.filter { $0.x.isFinite && $0.y.isFinite } }.filter { !$0.isEmpty }
        let fine = side * supersampling
        var marks = FineGrid(side: fine)
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
                resampled(placed) { mark($0, in: &marks) }
            }
        }
        return averaged(dilated(marks))
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
    private func mark(_ p: Point, in marks: inout FineGrid) {
        let fine = marks.side
        func cell(_ v: Double) -> Int? {
            let c = (v * Double(supersampling)).rounded(.down)
            guard !c.isNaN else { return nil }
            return c < 0 ? 0 : c >= Double(fine) ? fine - 1 : Int(c)
        }
        guard let x = cell(p.x), let y = cell(p.y) else { return }
        marks.set(x: x, y: y)
    }

    /// scipy's `binary_dilation` by the disc, the grid's outside unmarked: a cell is set when a
    /// mark lies within the disc around it. Row by row: a marked row widened by each half width
    /// of the disc (the row shifted by every offset up to it, or-ed), or-ed into the rows the
    /// disc's rows of that half width reach; the same cells as stamping the disc around each mark.
    private func dilated(_ marks: FineGrid) -> FineGrid {
        let reach = discHalfWidths.count / 2, words = marks.words, fine = marks.side
        var out = FineGrid(side: fine)
        let widest = discHalfWidths.max() ?? -1
        guard widest >= 0 else { return out }
        // a character's image dilates a hundred rows: no allocation a row
        marks.bits.withUnsafeBufferPointer { source in
            out.bits.withUnsafeMutableBufferPointer { target in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (widest + 1) * words) { widened in
                    for y in 0..<fine {
                        let row = source.baseAddress! + y * words
                        guard (0..<words).contains(where: { row[$0] != 0 }) else { continue }
                        for k in 0..<words { widened[k] = row[k] }
                        for half in stride(from: 1, through: widest, by: 1) {
                            for k in 0..<words {
                                widened[half * words + k] =
                                    widened[(half - 1) * words + k]
                                    | FineGrid.shiftedWord(k, of: row, words: words, by: half)
                                    | FineGrid.shiftedWord(k, of: row, words: words, by: -half)
                            }
                        }
                        for (r, half) in discHalfWidths.enumerated() where half >= 0 {
                            let yy = y + r - reach
                            guard yy >= 0, yy < fine else { continue }
                            for k in 0..<words { target[yy * words + k] |= widened[half * words + k] }
                        }
                    }
                }
            }
        }
        out.clearBeyondSide()
        return out
    }

    /// The mean of each pixel's `supersampling × supersampling` fine cells.
    private func averaged(_ cells: FineGrid) -> [Float] {
        var counts = [Int](repeating: 0, count: side * side)
        for y in 0..<cells.side {
            for k in 0..<cells.words {
                var word = cells.bits[y * cells.words + k]
                while word != 0 {
                    let x = k * 64 + word.trailingZeroBitCount
                    counts[(y / supersampling) * side + x / supersampling] += 1
                    word &= word - 1
                }
            }
        }
        let area = Double(supersampling * supersampling)
        return counts.map { Float(Double($0) / area) }
    }
}

/// A square grid of cells, set or not, as bits: `words` 64-bit words a row, column `x` the bit
/// `x % 64` of the row's word `x / 64`; the bits past `side` in a row's last word stay clear.
struct FineGrid {
    let side: Int
    let words: Int
    var bits: [UInt64]

    init(side: Int) {
        self.side = side
        words = (side + 63) / 64
        bits = [UInt64](repeating: 0, count: side * words)
    }

    mutating func set(x: Int, y: Int) {
        bits[y * words + x / 64] |= 1 << UInt64(x % 64)
    }

    /// A row's bits moved `offset` columns up (towards higher columns; down when negative), what
    /// leaves the row dropped (and, up, what passes `side`, by `clearBeyondSide`).
    static func shifted(_ row: [UInt64], by offset: Int) -> [UInt64] {
        row.withUnsafeBufferPointer { bits in
            row.indices.map { shiftedWord($0, of: bits.baseAddress!, words: row.count, by: offset) }
        }
    }

    /// Word `k` of `shifted(_:by:)` of the row of `words` words at `row`.
    @inline(__always)
    static func shiftedWord(_ k: Int, of row: UnsafePointer<UInt64>, words count: Int, by offset: Int) -> UInt64 {
        let wordShift = abs(offset) / 64, bitShift = UInt64(abs(offset) % 64)
        if offset > 0 {
            let from = k - wordShift
            guard from >= 0 else { return 0 }
            var value = row[from] << bitShift
            if bitShift > 0, from >= 1 { value |= row[from - 1] >> (64 - bitShift) }
            return value
        } else {
            let from = k + wordShift
            guard from < count else { return 0 }
            var value = row[from] >> bitShift
            if bitShift > 0, from + 1 < count { value |= row[from + 1] << (64 - bitShift) }
            return value
        }
    }

    /// Clears the bits past `side` in each row's last word.
    mutating func clearBeyondSide() {
        let used = side % 64
        guard used > 0 else { return }
        let keep = (UInt64(1) << UInt64(used)) - 1
        for y in 0..<side { bits[y * words + words - 1] &= keep }
    }
}
