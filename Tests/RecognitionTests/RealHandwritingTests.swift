import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// The shipped recognizer on real handwriting of writers it never saw (UNIPEN dev samples in
/// Tests/Fixtures/unipen, CC BY 4.0): readings close to the labels, hits pointing at the ink.
struct RealHandwritingTests {
    struct Sample: Decodable {
        var id: String
        var label: String
        var strokes: [[[Double]]]

        var drawing: Drawing {
            Drawing(
                strokes: strokes.enumerated().map { i, s in
                    Stroke(
                        id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", i))!,
                        path: StrokePath(controlPoints: s.map { StrokePoint(location: Point(x: $0[0], y: $0[1])) }))
                })
        }
    }

    static func samples(_ name: String) throws -> [Sample] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/unipen/\(name)")
        return try JSONDecoder().decode([Sample].self, from: Data(contentsOf: url))
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var prev = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var cur = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return a.isEmpty ? b.count : prev[b.count]
    }

    /// Character error rate over sixteen words by sixteen different writers stays low, and most
    /// words are among the candidates (what search needs).
    @Test func wordsOfUnseenWritersAreRead() throws {
        let recognizer = try HandwritingRecognizer.makeDefault()
        var errors = 0, chars = 0, found = 0
        let samples = try Self.samples("dev-words-sample.json")
        for s in samples {
            let transcript = recognizer.transcribe(s.drawing)
            errors += Self.editDistance(Array(transcript.text), Array(s.label))
            chars += s.label.count
            let candidates = transcript.lines.flatMap(\.words).flatMap(\.candidates).map { $0.text.lowercased() }
            if candidates.contains(s.label.lowercased()) { found += 1 }
        }
        let cer = Double(errors) / Double(chars)
        #expect(cer < 0.25, "character error rate \(cer)")
        #expect(found * 10 >= samples.count * 6, "\(found) of \(samples.count) words among the candidates")
    }

    /// Doubtful words of a line are read a second time from their own ink (`SecondLook`): in the
    /// dev lines, the words the first reading doubts get other candidates, those it is sure of
    /// and a word alone in its line (read alone already) keep theirs, and no word of a label the
    /// first reading had among its candidates is lost.
    @Test func doubtfulWordsAreReadASecondTime() throws {
        var once = DecoderSettings()
        once.secondLookBelowConfidence = 0
        let firstOnly = try HandwritingRecognizer.make(settings: once)
        let recognizer = try HandwritingRecognizer.makeDefault()
        let threshold = DecoderSettings().secondLookBelowConfidence
        var doubtful = 0, changed = 0, foundOnce = 0, found = 0
        let samples = try Self.samples("dev-lines-sample.json") + Self.samples("dev-words-sample.json")
        for s in samples {
            let first = recognizer.transcribe(s.drawing).lines
            let before = firstOnly.transcribe(s.drawing).lines
            #expect(first.map { $0.words.map(\.strokeIDs) } == before.map { $0.words.map(\.strokeIDs) }, "\(s.id)")
            for (line, lineBefore) in zip(first, before) {
                for (word, wordBefore) in zip(line.words, lineBefore.words) {
                    if wordBefore.confidence < threshold && line.words.count > 1 {
                        doubtful += 1
                        if word.candidates != wordBefore.candidates { changed += 1 }
                    } else {
                        #expect(word.candidates == wordBefore.candidates, "\(s.id): \(wordBefore.text)")
                    }
                }
            }
            func count(_ lines: [RecognizedLine]) -> Int {
                let read = Set(lines.flatMap(\.words).flatMap(\.candidates).map { $0.text.lowercased() })
                return s.label.split(separator: " ").filter { read.contains($0.lowercased()) }.count
            }
            foundOnce += count(before)
            found += count(first)
        }
        #expect(doubtful > 0 && changed == doubtful, "\(changed) of \(doubtful) doubtful words read again")
        #expect(found >= foundOnce, "\(found) label words among the candidates, \(foundOnce) before")
    }

    /// Every word of a text line maps to strokes of the line and a box inside the line's ink.
    @Test func wordsOfALineMapBackToTheirInk() throws {
        let recognizer = try HandwritingRecognizer.makeDefault()
        for s in try Self.samples("dev-lines-sample.json") {
            let drawing = s.drawing
            // words are boxed by their pen samples, so compare with the samples' box
            let inkBounds = try #require(
                Rect(enclosing: drawing.strokes.flatMap { $0.path.controlPoints.map(\.location) }))
            let words = recognizer.transcribe(drawing).lines.flatMap(\.words)
            #expect(!words.isEmpty, "\(s.id)")
            let ids = Set(drawing.strokes.map(\.id))
            for w in words {
                #expect(!w.strokeIDs.isEmpty && w.strokeIDs.isSubset(of: ids), "\(s.id): \(w.text)")
                #expect(
                    w.bounds.minX >= inkBounds.minX - 1e-6 && w.bounds.maxX <= inkBounds.maxX + 1e-6,
                    "\(s.id): \(w.text)")
                #expect(w.bounds.width < inkBounds.width, "\(s.id): a word is narrower than its line")
            }
        }
    }

    /// Tablets differ in how densely they sample the pen and writers in how small they write: the
    /// features are resampled along the arc at a step of the line's own size, so
    /// the same words sampled four times as densely, or written at a tenth or ten times the size,
    /// read the same.
    @Test func samplingDensityAndSizeDoNotChangeTheReading() throws {
        let recognizer = try HandwritingRecognizer.makeDefault()
        func redrawn(_ s: Sample, scale: Double, density: Int) -> Drawing {
            var copy = s
            copy.strokes = s.strokes.map { stroke in
                var points: [[Double]] = []
                for (a, b) in zip(stroke, stroke.dropFirst()) {
                    for k in 0..<density {
                        let t = Double(k) / Double(density)
                        points.append([(a[0] + t * (b[0] - a[0])) * scale, (a[1] + t * (b[1] - a[1])) * scale])
                    }
                }
                points.append([stroke[stroke.count - 1][0] * scale, stroke[stroke.count - 1][1] * scale])
                return points
            }
            return copy.drawing
        }
        var same = 0, total = 0
        for s in try Self.samples("dev-words-sample.json") {
            let text = recognizer.transcribe(s.drawing).text
            for (scale, density) in [(0.1, 1), (10.0, 1), (1.0, 4)] {
                total += 1
                if recognizer.transcribe(redrawn(s, scale: scale, density: density)).text == text { same += 1 }
            }
        }
        #expect(same * 10 >= total * 9, "\(same) of \(total) redrawn words read as the original")
    }
}
