import DrawingModel

/// Turns a line of ink into the network's input, exactly as `Training/ink.py` does (the golden test
/// compares the two); see that file for the steps and why. Traces are the pen-down runs of a line.
struct InkFeatures: Sendable {
    /// The `featureVersion` of model files whose features this type computes.
    static let version = 2

    struct Settings: Sendable {
        var step: Double
        var jumpClip: Double
        var yClip: Double
        var minUnitFraction: Double
    }

    /// `count × 6` features, row-major.
    var values: [Float]
    /// For each feature row, the index into the line's points of the nearest original point.
    var sources: [Int]

    var count: Int { sources.count }

    static let width = 6

    /// Most rows computed for one line (a line of about 400 letters); the ink after them is not
    /// read. Bounds the network's memory and time whatever the line's shape.
    static let maxRows = 8_192

    /// - Parameters:
    ///   - traces: pen-down runs, each a non-empty list of points, in writing order.
    ///   - offsets: index of each trace's first point in the line's point list.
    init(traces: [[Point]], offsets: [Int], settings: Settings) {
        values = []
        sources = []
        // each trace keeps its own offset when empty ones are dropped
        let kept = zip(traces, offsets).filter { !$0.0.isEmpty }
        let traces = kept.map(\.0)
        guard !traces.isEmpty else { return }
        let (unit, centreY) = Self.sizeAndCentre(traces, minUnitFraction: settings.minUnitFraction)
        var x0 = Double.infinity
        for t in traces { for p in t { x0 = min(x0, p.x) } }

        var points: [Point] = []
        var starts: [Bool] = []
        for (trace, offset) in kept where points.count < Self.maxRows {
            let normalized = trace.map { Point(x: ($0.x - x0) / unit, y: ($0.y - centreY) / unit) }
            let (resampled, source) = Self.resample(normalized, step: settings.step, limit: Self.maxRows - points.count)
            for (k, p) in resampled.enumerated() {
                points.append(p)
                starts.append(k == 0)
                sources.append(offset + source[k])
            }
        }

        let n = points.count
        var dx = [Double](repeating: 0, count: n), dy = [Double](repeating: 0, count: n)
        for i in 1..<max(n, 1) {
            dx[i] = points[i].x - points[i - 1].x
            dy[i] = points[i].y - points[i - 1].y
            if starts[i] {
                dx[i] = min(max(dx[i], -settings.jumpClip), settings.jumpClip)
                dy[i] = min(max(dy[i], -settings.jumpClip), settings.jumpClip)
            }
        }
        let length = (0..<n).map { (dx[$0] * dx[$0] + dy[$0] * dy[$0]).squareRoot() }
        values.reserveCapacity(n * Self.width)
        for i in 0..<n {
            var cosine = 1.0, sine = 0.0
            if i > 0, !starts[i], !starts[i - 1], length[i] > 1e-12, length[i - 1] > 1e-12 {
                let ux = dx[i] / length[i], uy = dy[i] / length[i]
                let px = dx[i - 1] / length[i - 1], py = dy[i - 1] / length[i - 1]
                cosine = px * ux + py * uy
                sine = px * uy - py * ux
            }
            let y = min(max(points[i].y, -settings.yClip), settings.yClip)
            values += [Float(dx[i]), Float(dy[i]), starts[i] ? 1 : 0, Float(y), Float(cosine), Float(sine)]
        }
    }

    /// The size unit (standard deviation of y over the ink resampled uniformly, never below a
    /// fraction of the ink's width plus height per trace, so a dash keeps a size and a long line
    /// of many strokes keeps its own) and the mean y of that resampled ink.
    static func sizeAndCentre(_ traces: [[Point]], minUnitFraction: Double) -> (unit: Double, centreY: Double) {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var sumY = 0.0, count = 0.0
        for t in traces {
            for p in t {
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
                minY = min(minY, p.y)
                maxY = max(maxY, p.y)
                sumY += p.y
                count += 1
            }
        }
        let w = maxX - minX, h = maxY - minY
        let extent = max(w, h)
        guard extent > 0 else { return (1, sumY / count) }
        var ys: [Double] = []
        for t in traces { ys += resample(t, step: extent / 200, limit: InkFeatures.maxRows).points.map(\.y) }
        let mean = ys.reduce(0, +) / Double(ys.count)
        let variance = ys.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(ys.count)
        let floor = (w + h) * minUnitFraction / Double(traces.count)
        return (max(variance.squareRoot(), floor, 1e-6), mean)
    }

    /// Points every `step` along the polyline (first and last kept) and, for each, the index of the
    /// nearer of the two original points around it; at most `limit` of them (the polyline's
    /// start), however long the polyline or small the step.
    static func resample(_ pts: [Point], step: Double, limit: Int = .max) -> (points: [Point], source: [Int]) {
        let n = pts.count
        if n == 1 { return (pts, [0]) }
        var cumulative = [Double](repeating: 0, count: n)
        var seg = [Double](repeating: 0, count: n - 1)
        for i in 0..<(n - 1) {
            let ddx = pts[i + 1].x - pts[i].x, ddy = pts[i + 1].y - pts[i].y
            seg[i] = (ddx * ddx + ddy * ddy).squareRoot()
            cumulative[i + 1] = cumulative[i] + seg[i]
        }
        let total = cumulative[n - 1]
        if total < step {
            if total <= 1e-9 { return ([pts[0]], [0]) }
            return ([pts[0], pts[n - 1]], [0, n - 1])
        }
        let steps = (total / step).rounded(.down)
        let count = steps < Double(limit - 1) ? Int(steps) : limit - 1  // also false for NaN
        var targets = (0...max(count, 0)).map { Double($0) * step }
        if targets.count < limit, total - targets[targets.count - 1] > 1e-9 * max(total, 1) { targets.append(total) }
        var out: [Point] = []
        var source: [Int] = []
        out.reserveCapacity(targets.count)
        var j = 0
        for target in targets {
            // the last knot at or before the target (numpy's searchsorted side="right" minus one)
            while j + 1 < n, cumulative[j + 1] <= target { j += 1 }
            let s = min(j, n - 2)
            let len = seg[s] > 0 ? seg[s] : 1
            let f = min(max((target - cumulative[s]) / len, 0), 1)
            out.append(Point(x: pts[s].x + (pts[s + 1].x - pts[s].x) * f, y: pts[s].y + (pts[s + 1].y - pts[s].y) * f))
            source.append(f < 0.5 ? s : s + 1)
        }
        return (out, source)
    }
}
