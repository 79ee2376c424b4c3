import Foundation

/// A stroke's shape: a cubic uniform B-spline whose control points are `StrokePoint`s, as PencilKit's
/// `PKStrokePath`.
///
/// The parametric range is `0 ... count - 1`; integer values sit at the control points' knots. The
/// ends are made to interpolate the first and last control points with reflected phantom points
/// (`P[-1] = 2·P[0] − P[1]`, `P[n] = 2·P[n-1] − P[n-2]`), so a path of one or two points is a dot or a
/// straight segment and every path starts and ends exactly where the pen did.
///
/// Span `i` (parameters `i ... i+1`) is shaped by `P[i-1] … P[i+2]`; with the phantoms folded in, every
/// interpolated value is a convex combination of real control points, so the curve never leaves their
/// convex hull and no attribute overshoots the values the pen reported.
///
/// Every attribute, not only the location, is interpolated with the same B-spline basis (see
/// `interpolatedPoint(at:)`): time offsets, sizes, opacity, force and altitude blend exactly as the
/// location does; azimuth is unwrapped first so that angles either side of 0 / 2π blend the short way.
/// At the two ends the interpolated point equals the first or last control point exactly; at an
/// interior knot it is the weighted average `(P[i-1] + 4·P[i] + P[i+1]) / 6`.
public struct StrokePath: Sendable, Hashable {
    /// The B-spline control points, in the stroke's own coordinates.
    public var controlPoints: [StrokePoint]
    /// When the stroke began, where the format records it.
    public var creationDate: Date?

    public init(controlPoints: [StrokePoint], creationDate: Date? = nil) {
        self.controlPoints = controlPoints
        self.creationDate = creationDate
    }

    public var count: Int { controlPoints.count }
    public var isEmpty: Bool { controlPoints.isEmpty }
    public subscript(i: Int) -> StrokePoint { controlPoints[i] }

    /// Largest parametric value; 0 for paths of zero or one point.
    package var parametricEnd: Double { Double(max(count - 1, 0)) }

    /// The whole parametric range, `0 ... parametricEnd`.
    package var parametricRange: ClosedRange<Double> { 0...parametricEnd }
}
