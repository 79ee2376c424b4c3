import Foundation

/// One pen stroke of a drawing, as PencilKit's `PKStroke`: a stable identity, the ink, the path in
/// its own coordinates, the transform into the drawing's coordinates and what was erased of it.
public struct Stroke: Sendable, Hashable, Identifiable {
    /// Stable across runs: from the file where it has IDs, otherwise derived from the file's content.
    public var id: UUID
    public var ink: Ink
    /// Maps the path's coordinates into the drawing's.
    public var transform: AffineTransform
    public var path: StrokePath
    /// Erased parts; nil when nothing was erased.
    public var mask: StrokeMask?

    public init(
        id: UUID, ink: Ink = Ink(), transform: AffineTransform = .identity, path: StrokePath,
        mask: StrokeMask? = nil
    ) {
        self.id = id
        self.ink = ink
        self.transform = transform
        self.path = path
        self.mask = mask
    }
}
