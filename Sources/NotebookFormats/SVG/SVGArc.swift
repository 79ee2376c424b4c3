import DrawingModel
import Foundation

/// Elliptical arcs (SVG `A`) as cubic Béziers, following the endpoint-to-centre conversion of
/// SVG 1.1 Appendix F.6: radii are scaled up when too small to reach the end point, and the arc is
/// cut into pieces of at most 90°, each approximated with handles at `4/3·tan(θ/4)` (error below
/// 0.03 % of the radius).
enum SVGArc {
    /// The cubics of the arc from `p0` to `p1`; empty when the end points coincide or a radius is
    /// zero (the caller then draws a straight line, as the specification says).
    static func cubics(
        from p0: Point, to p1: Point, rx: Double, ry: Double, rotation degrees: Double, largeArc: Bool, sweep: Bool
    ) -> [CubicBezier] {
        var rx = abs(rx), ry = abs(ry)
        guard p0 != p1, rx > 0, ry > 0, rx.isFinite, ry.isFinite, degrees.isFinite else { return [] }
        let phi = degrees * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        // F.6.5.1: the midpoint in the ellipse's frame.
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // F.6.6: scale radii up if the end point is out of reach.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s
            ry *= s
        }
        // F.6.5.2: the centre in the ellipse's frame.
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator > 0 ? (max(numerator, 0) / denominator).squareRoot() : 0
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry
        let cy1 = -factor * ry * x1 / rx
        // F.6.5.3: the centre in user space.
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        // F.6.5.5–6: start angle and sweep.
        let theta1 = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - theta1
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        guard delta.isFinite, cx.isFinite, cy.isFinite else { return [] }

        let count = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        func point(_ angle: Double) -> Point {
            let x = rx * cos(angle), y = ry * sin(angle)
            return Point(x: cosPhi * x - sinPhi * y + cx, y: sinPhi * x + cosPhi * y + cy)
        }
        func derivative(_ angle: Double) -> Point {
            let x = -rx * sin(angle), y = ry * cos(angle)
            return Point(x: cosPhi * x - sinPhi * y, y: sinPhi * x + cosPhi * y)
        }
        var pieces: [CubicBezier] = []
        pieces.reserveCapacity(count)
        var start = p0
        for i in 0..<count {
            let a0 = theta1 + Double(i) * step, a1 = a0 + step
            let end = i == count - 1 ? p1 : point(a1)
            pieces.append(CubicBezier(p0: start, p1: start + derivative(a0) * k, p2: end - derivative(a1) * k, p3: end))
            start = end
        }
        return pieces
    }
}
