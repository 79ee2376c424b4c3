/// Strokes in the order they were drawn, as PencilKit's `PKDrawing`.
public struct Drawing: Sendable, Hashable {
    public var strokes: [Stroke]

    public init(strokes: [Stroke] = []) {
        self.strokes = strokes
    }

    public var isEmpty: Bool { strokes.isEmpty }
}
