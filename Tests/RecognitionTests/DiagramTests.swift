// Diagrams that real pages have read as letters, drawn beside real words (UNIPEN dev ink,
// Tests/Fixtures/unipen): a tree whose nodes are dots scribbled over. The prose beside it is read;
// that its nodes are read too is a known fault of the stroke classifier (docs/layout-classifier.md,
// Diagrams), pinned here for the weights that fix it.
import DrawingModel
import Foundation
import Testing

@testable import Recognition

@Suite struct DiagramTests {
    /// A filled dot as a hand draws one: a small spiral of `turns` turns round `centre`.
    static func dot(at centre: Point, radius: Double, turns: Double = 4, pen: inout MarkedWordsTests.HandPen) -> [Point]
    {
        let n = Int(24 * turns)
        return (0...n).map { k in
            let t = 2 * Double.pi * turns * Double(k) / Double(n)
            let r = radius * (0.3 + 0.7 * abs(sin(t / (2 * turns) * 2)))
            return Point(x: centre.x + r * cos(t) + pen.wobble(0.2), y: centre.y + r * sin(t) + pen.wobble(0.2))
        }
    }

    static func readStrokes(_ transcript: Transcript) -> Set<UUID> {
        transcript.lines.flatMap(\.words).reduce(into: Set<UUID>()) { $0.formUnion($1.strokeIDs) }
    }

    /// A tree of seven nodes drawn as dots, joined by straight edges, under a line of prose: the
    /// prose is read; no node or edge should be (a known issue).
    @Test func treeNodesDrawnAsDotsAreNotReadAsLetters() throws {
        let recognizer = try HandwritingRecognizer.makeDefault()
        var page = MarkedWordsTests.NotePage()
        try page.prose(3, at: Point(x: 40, y: 40))
        let root = Point(x: 200, y: 140)
        let middle = [Point(x: 120, y: 230), Point(x: 280, y: 230)]
        let leaves = [Point(x: 80, y: 320), Point(x: 160, y: 320), Point(x: 240, y: 320), Point(x: 320, y: 320)]
        var pen = page.pen
        for (k, node) in ([root] + middle + leaves).enumerated() {
            page.draw(Self.dot(at: node, radius: 7, turns: 3 + Double(k % 3), pen: &pen))
        }
        for child in middle { page.draw(pen.path([root, child])) }
        for (k, leaf) in leaves.enumerated() { page.draw(pen.path([middle[k / 2], leaf])) }
        let transcript = recognizer.transcribe(page.ink.drawing)
        let read = Self.readStrokes(transcript)
        let readShapes = page.drawn.filter { read.contains(page.ink.strokes[$0].id) }
        #expect(MarkedWordsTests.isRead("you", in: transcript), "\(transcript.text)")
        withKnownIssue("dots drawn as a tree's nodes are read as letters") {
            #expect(readShapes.isEmpty, "\(readShapes.count) of \(page.drawn.count) read: \(transcript.text)")
        }
    }
}
