import Foundation

/// A stroke's shape: a cubic uniform B-spline whose control points are `StrokePoint`s, as PencilKit's
/// `PKStrokePath`.
///
/// The parametric range is `0 ... count - 1`; integer values sit at the control points' knots. The
/// ends are made to interpolate the first and last control points with reflected phantom points
/// (`P[-1] = 2·P[0] − P[1]`, `P[n] = 2·P[n-1] − P[n-2]`), so a path of one or two points is a dot or a
/// straight segment and every path starts and ends exactly where the pen did.
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
    public var parametricEnd: Double { Double(max(count - 1, 0)) }
}
