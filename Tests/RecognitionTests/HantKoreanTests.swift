import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// Traditional Chinese and Korean through the second character network
/// (`cjk-characters-hant-ko.nbm`) and their character models: real Korean strokes (Omniglot's
/// jamo, Tests/Fixtures/cjk/omniglot-korean.json, MIT) read one by one and as a line, and the
/// characters of Traditional words drawn from KanjiVG (kanjivg-traditional.json, CC BY-SA 3.0). Both fixtures are written by `Training/cjk/measure_cjk.py --fixtures`.
struct HantKoreanTests {
    struct Omniglot: Decodable {
        struct Sample: Decodable {
            var label: String
            var strokes: [[[Double]]]
        }
        var samples: [Sample]
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/cjk")

    static func omniglot() throws -> Omniglot {
        try JSONDecoder().decode(
            Omniglot.self, from: Data(contentsOf: directory.appendingPathComponent("omniglot-korean.json")))
    }

    /// A drawing's strokes as points, y down (Omniglot's y grows upward; the fixture flips it).
    static func points(_ sample: Omniglot.Sample) -> [[Point]] {
        sample.strokes.map { $0.map { Point(x: $0[0], y: $0[1]) } }
    }

    static func reader(_ codes: [String]) throws -> HandwritingRecognizer {
        HandwritingRecognizer(
            lineReader: try RecognizerResources.makeCJKReader(languages: codes),
            layout: LayoutAnalyzer(sizeScale: LayoutAnalyzer.cjkSizeScale))
    }

    /// The file's languages are the two it was trained for, with the classes `charset.py` lists:
    /// Big5's level-1 hanzi and KS X 1001's Hangul and modern jamo.
    @Test func theSecondNetworkKnowsTraditionalHanziAndHangul() throws {
        let network = try RecognizerResources.hantKoreanNetwork()
        #expect(Set(network.languageClasses.keys) == Set(RecognizerResources.hantKoreanCodes))
        let korean = try #require(network.languageClasses["ko"])
        let traditional = try #require(network.languageClasses["zh-Hant"])
        #expect(korean.count == 2_350 + 51 && traditional.count == 5_401)
        for (c, code) in [("한", "ko"), ("ㅎ", "ko"), ("國", "zh-Hant"), ("學", "zh-Hant")] {
            let index = try #require(network.classIndex[c])
            #expect(network.languageClasses[code]?.contains(index) == true, "\(c)")
        }
        #expect(network.classIndex["国"] == nil)
    }

    /// Real Korean strokes, drawn with a mouse by one of Omniglot's drawers: most of the 40 jamo
    /// are among the network's first three Korean readings.
    @Test func omniglotKoreanJamoReadAmongTheKoreanClasses() throws {
        let classifier = try #require(try RecognizerResources.hantKoreanClassifier(languages: ["ko"]))
        let samples = try Self.omniglot().samples
        try #require(samples.count == 40)
        var first = 0, amongThree = 0
        for sample in samples {
            let read = classifier.classify(Self.points(sample), count: 3).map(\.character)
            first += read.first == sample.label ? 1 : 0
            amongThree += read.contains(sample.label) ? 1 : 0
            #expect(read.allSatisfy { c in c.unicodeScalars.allSatisfy { (0x3131...0xD7A3).contains($0.value) } })
        }
        #expect(first >= 24 && amongThree >= 30, "\(first) first, \(amongThree) among three of 40")
    }

    /// Five jamo on a line, a character's width apart: the line splits into five characters,
    /// each with exactly its own strokes.
    @Test func aLineOfKoreanJamoReadsCharacterByCharacter() throws {
        let samples = Array(try Self.omniglot().samples.prefix(5))
        var drawing = Drawing()
        var ids: [Set<UUID>] = []
        for (k, sample) in samples.enumerated() {
            let strokes = Self.points(sample)
            let all = strokes.flatMap { $0 }
            let box = try #require(Rect(enclosing: all))
            let scale = 30 / max(box.width, box.height, 1)
            ids.append([])
            for stroke in strokes {
                let path = stroke.map { p in
                    StrokePoint(
                        location: Point(
                            x: 40 + Double(k) * 40 + (p.x - box.x) * scale, y: 60 + (p.y - box.y) * scale))
                }
                let made = Stroke(id: UUID(), path: StrokePath(controlPoints: path))
                ids[k].insert(made.id)
                drawing.strokes.append(made)
            }
        }
        let transcript = try Self.reader(["ko"]).transcribe(drawing)
        let line = try #require(transcript.lines.first)
        #expect(transcript.lines.count == 1)
        #expect(line.words.map(\.strokeIDs) == ids)
        let right = zip(line.words, samples).filter { word, sample in
            word.candidates.contains { $0.text == sample.label }
        }.count
        #expect(right >= 3, "\(line.words.map(\.text))")
    }

    /// The characters of Traditional words (臺灣國語, 讀書學習, 寫筆記; most have no class in the
    /// first network) drawn from KanjiVG's straight strokes, each read alone among the
    /// Traditional classes. (Laid out as lines, the lattice splits these many-stroke characters
    /// into their parts: the line reader needs work for them.)
    @Test func traditionalCharactersReadAlone() throws {
        let url = Self.directory.appendingPathComponent("kanjivg-traditional.json")
        let fixture = try JSONDecoder().decode(KanjiVGLines.Fixture.self, from: Data(contentsOf: url))
        let classifier = try #require(try RecognizerResources.hantKoreanClassifier(languages: ["zh-Hant"]))
        var first = 0, amongThree = 0, read: [String] = []
        for (c, segments) in fixture.characters.sorted(by: { $0.key < $1.key }) {
            let strokes = segments.map { s in
                (0...8).map { k in
                    Point(x: s[0] + (s[2] - s[0]) * Double(k) / 8, y: s[1] + (s[3] - s[1]) * Double(k) / 8)
                }
            }
            let candidates = classifier.classify(strokes, count: 3).map(\.character)
            first += candidates.first == c ? 1 : 0
            amongThree += candidates.contains(c) ? 1 : 0
            read.append(candidates.first ?? "")
        }
        #expect(first >= 8 && amongThree >= 10, "\(first) first, \(amongThree) among three of 11: \(read)")
    }
}
