/// The parts of a stroke that were erased, in the stroke's own coordinates.
///
/// PencilKit stores the visible region as a Bézier path; erasers in the formats we read are brush
/// strokes, so we keep what was erased as a union of thick polylines ("capsules" swept along the
/// eraser path) and polygons (lasso or area erasers). A point of the stroke is visible when it lies
/// in none of them.
public struct StrokeMask: Sendable, Hashable, Codable {
    /// An eraser path swept with a round nib of `radius`.
    public struct Sweep: Sendable, Hashable, Codable {
        public var points: [Point]
        public var radius: Double

        public init(points: [Point], radius: Double) {
            self.points = points
            self.radius = radius
        }
    }

    public var sweeps: [Sweep]
    /// Closed polygons (even-odd rule) erased as areas.
    public var polygons: [[Point]]

    public init(sweeps: [Sweep] = [], polygons: [[Point]] = []) {
        self.sweeps = sweeps
        self.polygons = polygons
    }

    public var isEmpty: Bool { sweeps.isEmpty && polygons.isEmpty }
}
