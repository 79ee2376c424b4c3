import DrawingModel
import Foundation
import Testing

@testable import Recognition

@Suite struct HandwritingRecognizerTests {
    /// Two lines of synthetic writing, the second written first.
    static func notes() -> (ink: InkBuilder, hello: [Int], world: [Int], lol: [Int], digits: [Int]) {
        var ink = InkBuilder()
        let lol = ink.write("lol", x: 40, baseline: 100, size: 10)
        let digits = ink.write("42", x: 80, baseline: 100, size: 10)
        let hello = ink.write("hi there", x: 40, baseline: 60, size: 10)
        let world = ink.write("world,", x: 130, baseline: 60, size: 10)
        return (ink, hello, world, lol, digits)
    }

    @Test func transcribesLinesInReadingOrderWithStrokesAndTightBoxes() throws {
        let (ink, hello, world, _, _) = Self.notes()
        let transcript = HandwritingRecognizer(lineReader: ink.reader).transcribe(ink.drawing)
        #expect(transcript.text == "hi there world,\nlol 42")
        let words = try #require(transcript.lines.first).words
        try #require(words.count == 3)
        let hi = hello.prefix(3)  // h, i and its dot
        #expect(words[0].strokeIDs == Set(hi.map { ink.strokes[$0].id }))
        #expect(words[2].strokeIDs == Set(world.map { ink.strokes[$0].id }))
        let box = try #require(Rect(enclosing: hi.flatMap { ink.strokes[$0].path.controlPoints.map(\.location) }))
        #expect(words[0].bounds == box)
        #expect(words[0].candidates.map(\.text) == ["hi", "HI"])
        #expect(transcript.lines[0].bounds == words.dropFirst().reduce(words[0].bounds) { $0.union($1.bounds) })
    }

    @Test func restrictsToTheGivenStrokes() {
        let (ink, _, world, _, digits) = Self.notes()
        let ids = Set((world + digits).map { ink.strokes[$0].id })
        let transcript = HandwritingRecognizer(lineReader: ink.reader).transcribe(ink.drawing, strokeIDs: ids)
        #expect(transcript.text == "world,\n42")
    }

    @Test func nonTextGivesNoWordsOrLowConfidence() throws {
        var ink = InkBuilder()
        ink.add([Point(x: 20, y: 200), Point(x: 560, y: 200)], letter: "l")  // a rule
        var scribble: [Point] = []
        for k in 0..<40 { scribble.append(Point(x: 300 + Double(k % 2) * 60, y: 300 + Double(k))) }
        ink.add(scribble, letter: "m")
        let recognizer = HandwritingRecognizer(lineReader: ink.reader)
        #expect(recognizer.transcribe(ink.drawing).lines.isEmpty)

        ink.write("small notes", x: 40, baseline: 60, size: 10)
        let circle = (0...40).map { k in
            let a = Double(k) / 40 * 2 * Double.pi
            return Point(x: 300 + 120 * cos(a), y: 400 + 120 * sin(a))
        }
        ink.add(circle, letter: "O")
        // the learned classifier calls the circle a drawing: no words
        #expect(HandwritingRecognizer(lineReader: ink.reader).transcribe(ink.drawing).lines.count == 1)
        // by the shape rules alone it is a line of low confidence
        let rules = HandwritingRecognizer(lineReader: ink.reader, layout: LayoutAnalyzer(strokeClassifier: nil))
        let transcript = rules.transcribe(ink.drawing)
        try #require(transcript.lines.count == 2)
        #expect(transcript.lines[0].words.allSatisfy { $0.confidence == 0.9 })
        #expect(transcript.lines[1].text == "O")
        #expect(transcript.lines[1].words[0].confidence < 0.5)
    }

    @Test func emptyDrawingsAndEmptyReadingsGiveEmptyTranscripts() {
        let recognizer = HandwritingRecognizer(lineReader: LetterReader(letters: [:], wordGap: 0))
        #expect(recognizer.transcribe(Drawing()).lines.isEmpty)
        // Ink the reader makes nothing of gives no line rather than an empty one.
        #expect(recognizer.transcribe(Self.notes().ink.drawing).lines.isEmpty)
    }

    @Test func isSafeToShareAcrossTasks() async {
        let (ink, _, _, _, _) = Self.notes()
        let recognizer = HandwritingRecognizer(lineReader: ink.reader)
        let expected = recognizer.transcribe(ink.drawing)
        let results = await withTaskGroup(of: Transcript.self) { group in
            for _ in 0..<8 { group.addTask { recognizer.transcribe(ink.drawing) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
        #expect(HandwritingRecognizer.recognitionVersion >= 1)
    }
}
