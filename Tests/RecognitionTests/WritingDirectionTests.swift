import DrawingModel
import Foundation
import SeededRandom
import Testing

@testable import Recognition

/// Pages written sideways or upside down are read upright, and their boxes stay in the page's
/// own coordinates.
struct WritingDirectionTests {
    /// The sample's strokes turned `turns` quarter turns clockwise.
    private func turned(_ drawing: Drawing, by turns: Int) -> Drawing {
        Drawing(
            strokes: drawing.strokes.map { stroke in
                Stroke(
                    id: stroke.id,
                    path: StrokePath(
                        controlPoints: stroke.path.controlPoints.map {
                            StrokePoint(location: WritingDirection.turned($0.location, by: turns))
                        }))
            })
    }

    /// The seven sample lines (seven writers) one under another, as a page.
    private func page() throws -> Drawing {
        var strokes: [Stroke] = []
        var top = 0.0
        for sample in try RealHandwritingTests.samples("dev-lines-sample.json") {
            let line = sample.drawing
            let box = try #require(Rect(enclosing: line.strokes.flatMap { $0.path.controlPoints.map(\.location) }))
            strokes += line.strokes.map { stroke in
                Stroke(
                    id: UUID(),
                    path: StrokePath(
                        controlPoints: stroke.path.controlPoints.map {
                            StrokePoint(location: Point(x: $0.location.x - box.minX, y: $0.location.y - box.minY + top))
                        }))
            }
            top += box.height * 1.6
        }
        return Drawing(strokes: strokes)
    }

    @Test(arguments: [1, 2, 3])
    func aPageWrittenAtAQuarterTurnReadsAsUpright(turns: Int) throws {
        let recognizer = try HandwritingRecognizer.makeDefault()
        let upright = try page()
        // written so that `turns` more quarter turns bring it upright
        let sideways = turned(upright, by: -turns)
        #expect(WritingDirection.quarterTurns(of: VisibleInk.traces(in: sideways)) == turns)
        let expected = recognizer.transcribe(upright)
        let read = recognizer.transcribe(sideways)
        #expect(read.text == expected.text)
        let boxes = read.lines.flatMap(\.words).map(\.bounds)
        let wanted = expected.lines.flatMap(\.words).map { WritingDirection.turned($0.bounds, by: -turns) }
        #expect(boxes.count == wanted.count)
        for (box, want) in zip(boxes, wanted) {
            #expect(
                abs(box.minX - want.minX) < 1e-6 && abs(box.minY - want.minY) < 1e-6
                    && abs(box.width - want.width) < 1e-6 && abs(box.height - want.height) < 1e-6)
        }
    }

    @Test func anUprightPageStaysUpright() throws {
        #expect(WritingDirection.quarterTurns(of: VisibleInk.traces(in: try page())) == 0)
        for sample in try RealHandwritingTests.samples("dev-lines-sample.json") {
            #expect(WritingDirection.quarterTurns(of: VisibleInk.traces(in: sample.drawing)) == 0, "\(sample.id)")
        }
    }

    /// Chinese and Japanese strokes step down and back inside each character, so their pages vote
    /// by characters: the KanjiVG lines twice over, upright and turned.
    @Test(arguments: [0, 1, 2, 3])
    func aCJKPageVotesByCharacters(turns: Int) throws {
        var fixture = try JSONDecoder().decode(
            KanjiVGLines.Fixture.self, from: Data(contentsOf: KanjiVGLines.fixture))
        fixture.lines += fixture.lines
        let sideways = turned(KanjiVGLines.drawing(fixture).0, by: -turns)
        #expect(WritingDirection.quarterTurns(of: VisibleInk.traces(in: sideways), unit: .characters) == turns)
    }

    /// A reader of CJK and Latin script votes by characters on Latin pages too.
    @Test(arguments: [0, 1, 2, 3])
    func aLatinPageVotesByCharactersToo(turns: Int) throws {
        let sideways = turned(try page(), by: -turns)
        #expect(WritingDirection.quarterTurns(of: VisibleInk.traces(in: sideways), unit: .characters) == turns)
    }

    /// A dashed line drawn down the page is a run of steps downwards, but dashes are not letters.
    @Test func aDashedLineDownThePageTurnsNothing() {
        let dashes = (0..<40).map { k in
            Stroke(
                id: UUID(),
                path: StrokePath(
                    controlPoints: (0..<5).map {
                        StrokePoint(location: Point(x: 100, y: Double(k) * 30 + Double($0) * 4))
                    }))
        }
        for unit in [WritingDirection.Unit.letters, .characters] {
            #expect(WritingDirection.quarterTurns(of: VisibleInk.traces(in: Drawing(strokes: dashes)), unit: unit) == 0)
        }
    }

    @Test(arguments: 0..<50)
    func aBoxTurnedAndTurnedBackIsItself(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let box = Rect(
            x: .random(in: -500...500, using: &rng), y: .random(in: -500...500, using: &rng),
            width: .random(in: 0...300, using: &rng), height: .random(in: 0...300, using: &rng))
        let turns = Int.random(in: 0...3, using: &rng)
        let back = WritingDirection.turned(WritingDirection.turned(box, by: turns), by: -turns)
        #expect(abs(back.minX - box.minX) < 1e-9 && abs(back.maxY - box.maxY) < 1e-9)
        let turned = WritingDirection.turned(box, by: turns)
        #expect(abs(turned.width * turned.height - box.width * box.height) < 1e-6)
    }
}
