/// One sample of a stroke, with everything a pen reports, as PencilKit's `PKStrokePoint`.
public struct StrokePoint: Sendable, Hashable, Codable {
    /// Position in the stroke's own coordinates (before the stroke's transform).
    public var location: Point
    /// Seconds since the start of the stroke.
    public var timeOffset: Double
    /// Width and height of the nib at this point.
    public var size: Size
    /// 0 (transparent) … 1 (opaque); some formats store it per point.
    public var opacity: Double
    /// Pen pressure, 0 … 1 where the device reports it; `StrokePoint.defaultForce` otherwise.
    public var force: Double
    /// Angle of the pen around the vertical axis, radians.
    public var azimuth: Double
    /// Angle of the pen above the surface, radians (π/2 = upright).
    public var altitude: Double

    public static let defaultForce = 1.0

    public init(
        location: Point, timeOffset: Double = 0, size: Size = Size(width: 1, height: 1),
        opacity: Double = 1, force: Double = StrokePoint.defaultForce,
        azimuth: Double = 0, altitude: Double = Double.pi / 2
    ) {
        self.location = location
        self.timeOffset = timeOffset
        self.size = size
        self.opacity = opacity
        self.force = force
        self.azimuth = azimuth
        self.altitude = altitude
    }
}
