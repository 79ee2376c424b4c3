import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// Lines of KanjiVG characters (Tests/Fixtures/cjk/kanjivg-lines.json, CC BY-SA 3.0) laid out as
/// ink and read through the whole pipeline with Zinnia's models from Debian. Skipped, and said so,
/// where the models are not installed.
enum KanjiVGLines {
    struct Fixture: Decodable {
        var lines: [String]
        var characters: [String: [[Double]]]
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/cjk/kanjivg-lines.json")

    static var modelsInstalled: Bool {
        RecognitionLanguage.cjkCodes.filter { !RecognizerResources.hantKoreanCodes.contains($0) }.allSatisfy { code in
            ZinniaModel.path(for: code).map(FileManager.default.isReadableFile(atPath:)) ?? false
        }
    }

    static let skipReason: Comment =
        "Zinnia's models are not installed (apt-get install tegaki-zinnia-japanese tegaki-zinnia-simplified-chinese)"

    /// One drawing: each line at its own height, characters `size` points high, apart by a
    /// third of that; a point every 8 of KanjiVG's 256 units along each stroke. Also the stroke
    /// IDs of each character, line by line.
    static func drawing(_ fixture: Fixture, size: Double = 30) -> (Drawing, [[Set<UUID>]]) {
        var drawing = Drawing()
        var ids: [[Set<UUID>]] = []
        for (row, line) in fixture.lines.enumerated() {
            ids.append([])
            var x = 40.0
            let y = 60.0 + Double(row) * size * 2
            for c in line {
                ids[row].append([])
                for segment in fixture.characters[String(c)] ?? [] where segment.count == 4 {
                    let steps = max(2, Int(hypot(segment[2] - segment[0], segment[3] - segment[1]) / 8))
                    let points = (0...steps).map { k -> StrokePoint in
                        let t = Double(k) / Double(steps)
                        let px = segment[0] + (segment[2] - segment[0]) * t
                        let py = segment[1] + (segment[3] - segment[1]) * t
                        return StrokePoint(location: Point(x: x + px / 256 * size, y: y + py / 256 * size))
                    }
                    let stroke = Stroke(id: UUID(), path: StrokePath(controlPoints: points))
                    ids[row][ids[row].count - 1].insert(stroke.id)
                    drawing.strokes.append(stroke)
                }
                x += size * 4 / 3
            }
        }
        return (drawing, ids)
    }
}

@Suite(.enabled(if: KanjiVGLines.modelsInstalled, KanjiVGLines.skipReason))
struct CJKRecognitionTests {
    @Test func zinniaReadsAStraightCharacter() throws {
        let model = try ZinniaModel(language: "ja")
        #expect(model.characterCount > 1000)
        let classifier = CJKCharacterClassifier(model: model)
        // 十: a horizontal stroke, then a vertical one through it
        let ten = [[Point(x: 10, y: 50), Point(x: 90, y: 50)], [Point(x: 50, y: 10), Point(x: 50, y: 90)]]
        #expect(classifier.classify(ten, count: 3).map(\.character).contains("十"))
        #expect(classifier.classify([], count: 3).isEmpty)
    }

    /// The straight segments of the fixture spoil corners (口 reads 土), so not every character
    /// reads right; each line splits into its characters, each with exactly its own strokes.
    @Test func linesOfKanjiVGCharactersReadCharacterByCharacter() throws {
        let fixture = try JSONDecoder().decode(KanjiVGLines.Fixture.self, from: Data(contentsOf: KanjiVGLines.fixture))
        let (drawing, ids) = KanjiVGLines.drawing(fixture)
        let recognizer = try HandwritingRecognizer.make(languages: [Locale.Language(identifier: "ja")])
        let transcript = recognizer.transcribe(drawing)
        try #require(transcript.lines.count == fixture.lines.count)
        var first = 0, amongFive = 0
        for (line, want) in zip(transcript.lines, fixture.lines) {
            #expect(line.words.count == want.count)
            for (word, c) in zip(line.words, want) {
                first += word.text == String(c) ? 1 : 0
                amongFive += word.candidates.contains { $0.text == String(c) } ? 1 : 0
            }
        }
        #expect(transcript.lines.map { $0.words.map(\.strokeIDs) } == ids)
        #expect(first >= 7 && amongFive >= 9, "\(first) first, \(amongFive) among the first five of 14")
        // search finds a character and a pair by their strokes
        let hits = transcript.matches(of: "学", fullWordsOnly: false, caseMatchingOnly: false)
        #expect(hits.map(\.strokeIDs) == [ids[1][1]])
    }
}
