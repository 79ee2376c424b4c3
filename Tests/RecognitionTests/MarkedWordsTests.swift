import DrawingModel
import Foundation
import SeededRandom
import Testing

@testable import Recognition

/// Words with markup and drawing around them, as notes have them: real ink (UNIPEN dev words and
/// lines, Tests/Fixtures/unipen, CC BY 4.0, of writers the recognizer never saw) laid out on a
/// page between lines of prose, and boxes, circles, strike-outs, underlines and a flowchart drawn
/// around the words by `HandPen`. The marks are never read and the marked words are still read.
@Suite struct MarkedWordsTests {
    /// Draws shapes as a hand does: points about as far apart as the words' pen samples, a small
    /// seeded wobble, ends that overshoot and loops that do not quite close.
    struct HandPen {
        var random = SplitMix64(seed: 48)
        let step = 1.2

        mutating func wobble(_ amount: Double) -> Double {
            amount * (Double(random.next() % 2001) / 1000 - 1)
        }

        /// One stroke through `corners` in order, straight between them.
        mutating func path(_ corners: [Point]) -> [Point] {
            var points: [Point] = []
            for (a, b) in zip(corners, corners.dropFirst()) {
                let n = max(2, Int((hypot(b.x - a.x, b.y - a.y) / step).rounded()))
                for k in 0..<n {
                    let t = Double(k) / Double(n)
                    points.append(Point(x: a.x + (b.x - a.x) * t + wobble(0.4), y: a.y + (b.y - a.y) * t + wobble(0.4)))
                }
            }
            if let last = corners.last { points.append(last) }
            return points
        }

        /// A box drawn in one stroke around `rect`, `margin` away, from its top-left corner round
        /// to just past where it began.
        mutating func box(around rect: Rect, margin: Double) -> [Point] {
            let r = rect.insetBy(dx: -margin, dy: -margin)
            return path([
                Point(x: r.minX + wobble(1), y: r.minY + wobble(1)),
                Point(x: r.maxX + wobble(1), y: r.minY + wobble(1)),
                Point(x: r.maxX + wobble(1), y: r.maxY + wobble(1)),
                Point(x: r.minX + wobble(1), y: r.maxY + wobble(1)),
                Point(x: r.minX + wobble(1), y: r.minY + 2), Point(x: r.minX + 4, y: r.minY - 1),
            ])
        }

        /// A diamond around `rect`, its corners on the middles of the box grown by `margin`.
        mutating func diamond(around rect: Rect, margin: Double) -> [Point] {
            let r = rect.insetBy(dx: -margin, dy: -margin)
            let w = r.width / 2 + margin, h = r.height / 2 + margin
            let c = Point(x: r.midX, y: r.midY)
            return path([
                Point(x: c.x, y: c.y - h), Point(x: c.x + w, y: c.y), Point(x: c.x, y: c.y + h),
                Point(x: c.x - w, y: c.y), Point(x: c.x + 2, y: c.y - h + 1),
            ])
        }

        /// An ellipse around `rect`, 1.15 turns so that its ends overlap.
        mutating func circle(around rect: Rect, margin: Double) -> [Point] {
            let a = rect.width / 2 + margin, b = rect.height / 2 + margin
            let n = Int(2 * Double.pi * max(a, b) * 1.15 / step)
            return (0...n).map { k in
                let t = 1.15 * 2 * Double.pi * Double(k) / Double(n) + 2.2
                let grow = 1 + 0.06 * Double(k) / Double(n)
                return Point(
                    x: rect.midX + a * grow * cos(t) + wobble(0.3), y: rect.midY + b * grow * sin(t) + wobble(0.3))
            }
        }

        /// An arrow from `a` to `b`: the shaft, then the head as a second stroke.
        mutating func arrow(from a: Point, to b: Point) -> [[Point]] {
            let length = hypot(b.x - a.x, b.y - a.y)
            let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
            let head = 10.0
            let left = Point(x: b.x - head * (ux - 0.6 * uy), y: b.y - head * (uy + 0.6 * ux))
            let right = Point(x: b.x - head * (ux + 0.6 * uy), y: b.y - head * (uy - 0.6 * ux))
            return [path([a, b]), path([left, b, right])]
        }
    }

    /// Kinds of markup drawn on a word.
    enum Markup: String, CaseIterable, Sendable {
        case box, circle, strikeOut, underline
    }

    /// A page under construction: real ink placed by `InkBuilder`, the words' and the drawn
    /// strokes' indices kept apart.
    struct NotePage {
        var ink = InkBuilder()
        var pen = HandPen()
        var words: [(label: String, strokes: [Int])] = []
        var drawn: [Int] = []

        /// Places a dev word with its top-left at `origin`, `height` tall; returns its box.
        @discardableResult
        mutating func word(_ label: String, at origin: Point, height: Double = 28) throws -> Rect {
            let sample = try #require(MarkedWordsTests.devWords.first { $0.label == label })
            let strokes = ink.place(sample, at: origin, height: height)
            words.append((label, strokes))
            return try #require(Rect(enclosing: strokes.flatMap { ink.strokes[$0].path.controlPoints.map(\.location) }))
        }

        /// A dev line of prose, which reads around the marked words as a page of notes does.
        mutating func prose(_ index: Int, at origin: Point) throws {
            let samples = try UnipenSample.fixtures()
            ink.place(samples[index], at: origin, height: 26, maxWidth: 480)
        }

        mutating func draw(_ points: [Point]) { drawn.append(ink.add(points)) }

        mutating func mark(_ rect: Rect, _ markup: Markup) {
            switch markup {
            case .box: draw(pen.box(around: rect, margin: 5))
            case .circle: draw(pen.circle(around: rect, margin: 6))
            case .strikeOut:
                draw(pen.path([Point(x: rect.minX - 4, y: rect.midY + 2), Point(x: rect.maxX + 5, y: rect.midY - 1)]))
            case .underline:
                draw(pen.path([Point(x: rect.minX - 3, y: rect.maxY + 4), Point(x: rect.maxX + 6, y: rect.maxY + 5)]))
            }
        }

        func strokeIDs(_ indices: [Int]) -> Set<UUID> { Set(indices.map { ink.strokes[$0].id }) }
    }

    static let devWords: [UnipenSample] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/unipen/dev-words-sample.json")
        return (try? JSONDecoder().decode([UnipenSample].self, from: Data(contentsOf: url))) ?? []
    }()

    /// Dev words that the recognizer reads alone (checked by `wordsReadAloneAreTheOnesMarked`).
    static let marked = ["return", "quick", "century", "nothing"]

    static func isRead(_ label: String, in transcript: Transcript) -> Bool {
        transcript.lines.flatMap(\.words).contains { word in
            word.candidates.contains { $0.text.lowercased() == label.lowercased() }
        }
    }

    /// Whether the lines holding a word's strokes hold nothing else.
    static func isLineOfItsOwn(_ strokes: Set<UUID>, in transcript: Transcript) -> Bool {
        let lines = transcript.lines.filter { line in line.words.contains { !$0.strokeIDs.isDisjoint(with: strokes) } }
        return !lines.isEmpty
            && lines.allSatisfy { line in line.words.allSatisfy { $0.strokeIDs.isSubset(of: strokes) } }
    }

    /// The page of notes every markup test starts from: a line of prose, a row of two words (the
    /// first to be marked), another line of prose.
    static func notePage(marking markup: Markup?, word label: String) throws -> (NotePage, Rect) {
        var page = NotePage()
        try page.prose(3, at: Point(x: 40, y: 40))
        let box = try page.word(label, at: Point(x: 60, y: 110))
        try page.word(label == "from" ? "just" : "from", at: Point(x: box.maxX + 40, y: 110))
        try page.prose(6, at: Point(x: 40, y: 190))
        if let markup { page.mark(box, markup) }
        return (page, box)
    }

    /// Reads the note page of each marked word with `markup` drawn on it (none: the page alone),
    /// expecting the word to be read.
    static func readMarkedWords(_ markup: Markup?) throws -> [(label: String, page: NotePage, transcript: Transcript)] {
        let recognizer = try HandwritingRecognizer.makeDefault()
        return try marked.map { label in
            let (page, _) = try notePage(marking: markup, word: label)
            let transcript = recognizer.transcribe(page.ink.drawing)
            let wordRead = isRead(label, in: transcript)
            #expect(wordRead, "\(markup.map(\.rawValue) ?? "unmarked") \(label): \(transcript.text)")
            return (label, page, transcript)
        }
    }

    /// The words the markup tests mark are read on the same page without the markup, so that a
    /// failure there is the markup's doing.
    @Test func wordsReadAloneAreTheOnesMarked() throws {
        _ = try Self.readMarkedWords(nil)
    }

    /// A boxed, circled, struck-out or underlined word between lines of prose is read as it is
    /// without the mark, the mark is in no word, and a boxed word is not read into one line with
    /// the word beside its box.
    @Test(arguments: Markup.allCases)
    func markedWordIsStillReadItsMarkIsNotAndABoxedWordIsItsOwnLine(_ markup: Markup) throws {
        for (label, page, transcript) in try Self.readMarkedWords(markup) {
            let read = transcript.lines.flatMap(\.words).reduce(into: Set<UUID>()) { $0.formUnion($1.strokeIDs) }
            let markRead = !read.isDisjoint(with: page.strokeIDs(page.drawn))
            #expect(!markRead, "\(markup) \(label): \(transcript.text)")
            if markup == .box {
                // the word beside the box is not read into the boxed word's line
                let alone = Self.isLineOfItsOwn(page.strokeIDs(page.words[0].strokes), in: transcript)
                #expect(alone, "\(label): \(transcript.text)")
            }
        }
    }

    /// Two words in boxes side by side, as on a to-do or design page: each box's word is a line of
    /// its own, not one line with its neighbour.
    @Test func wordsInBoxesSideBySideAreLinesOfTheirOwn() throws {
        let recognizer = try HandwritingRecognizer.makeDefault()
        var page = NotePage()
        try page.prose(3, at: Point(x: 40, y: 40))
        let first = try page.word("return", at: Point(x: 60, y: 110))
        let second = try page.word("century", at: Point(x: first.maxX + 24, y: 112))
        page.mark(first, .box)
        page.mark(second, .box)
        try page.prose(6, at: Point(x: 40, y: 190))
        let transcript = recognizer.transcribe(page.ink.drawing)
        for (label, strokes) in page.words {
            let alone = Self.isLineOfItsOwn(page.strokeIDs(strokes), in: transcript)
            #expect(alone, "\(label): \(transcript.text)")
        }
    }

    /// A flowchart: words inside a box, a diamond and a box one under the other, a branch from the
    /// diamond to a box on its right, arrows between them: every word is read, each as its own
    /// line, and no stroke of the boxes or arrows is read.
    @Test func flowchartGivesItsWordsAndNoReadingsOfItsShapes() throws {
        let recognizer = try HandwritingRecognizer.makeDefault()
        var page = NotePage()
        try page.prose(3, at: Point(x: 40, y: 40))
        var boxes: [Rect] = []
        for (k, label) in ["return", "quick", "nothing"].enumerated() {
            boxes.append(try page.word(label, at: Point(x: 140, y: 130 + 110 * Double(k))))
        }
        page.draw(page.pen.box(around: boxes[0], margin: 8))
        page.draw(page.pen.diamond(around: boxes[1], margin: 10))
        page.draw(page.pen.box(around: boxes[2], margin: 8))
        let branch = try page.word("from", at: Point(x: boxes[1].maxX + 70, y: boxes[1].minY))
        page.draw(page.pen.box(around: branch, margin: 8))
        let branchArrow = page.pen.arrow(
            from: Point(x: boxes[1].maxX + 22, y: boxes[1].midY), to: Point(x: branch.minX - 10, y: branch.midY))
        for stroke in branchArrow { page.draw(stroke) }
        let branchHead = try #require(page.drawn.last)
        for (a, b) in zip(boxes, boxes.dropFirst()) {
            for stroke in page.pen.arrow(from: Point(x: a.midX, y: a.maxY + 14), to: Point(x: b.midX, y: b.minY - 16)) {
                page.draw(stroke)
            }
        }
        let transcript = recognizer.transcribe(page.ink.drawing)
        let read = transcript.lines.flatMap(\.words).reduce(into: Set<UUID>()) { $0.formUnion($1.strokeIDs) }
        let readShapes = page.drawn.filter { read.contains(page.ink.strokes[$0].id) }
        #expect(readShapes.allSatisfy { $0 == branchHead }, "\(transcript.text)")
        for (label, strokes) in page.words {
            let wordRead = Self.isRead(label, in: transcript)
            #expect(wordRead, "\(label): \(transcript.text)")
            let own = page.strokeIDs(label == "from" ? strokes + [branchHead] : strokes)
            let alone = Self.isLineOfItsOwn(own, in: transcript)
            #expect(alone, "\(label): \(transcript.text)")
        }
        // The head of the arrow that points sideways at a boxed word, a ">" drawn after its shaft,
        // is read with the word (as formulas write ">"): a known fault of the classifier.
        withKnownIssue("an arrowhead touching a boxed word is read as \">\"") {
            #expect(readShapes.isEmpty, "\(transcript.text)")
        }
    }
}
