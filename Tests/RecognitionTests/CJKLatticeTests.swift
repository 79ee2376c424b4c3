import DrawingModel
import Foundation
import Testing

@testable import Recognition

@Suite struct StrokeGroupsTests {
    static func box(_ x: Double, _ width: Double, y: Double = 0, height: Double = 10) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    @Test func overlappingTracesShareAGroupAndGapsSeparate() {
        // 十 (two crossing strokes), then a gap, then 川 as three thin strokes side by side with
        // small gaps between them, then one more stroke written back over the first group
        let boxes = [
            Self.box(0, 10, y: 4, height: 1), Self.box(4.5, 1), Self.box(14, 1), Self.box(17, 1), Self.box(20, 1),
            Self.box(3, 2),
        ]
        let groups = StrokeGroups.groups(of: boxes, lineHeight: 10)
        #expect(groups.map(\.traces) == [[0, 1, 5], [2], [3], [4]])
        #expect(groups[0].bounds == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func noTracesNoGroups() {
        #expect(StrokeGroups.groups(of: [], lineHeight: 10).isEmpty)
    }
}

@Suite struct CJKLatticeTests {
    static let height = 10.0
    /// Groups at the given x ranges, full height.
    static func groups(_ spans: [(Double, Double)]) -> [StrokeGroup] {
        spans.enumerated().map { i, s in
            StrokeGroup(traces: [i], bounds: Rect(x: s.0, y: 0, width: s.1 - s.0, height: height))
        }
    }

    static func flat(_ c: Character, _ previous: Character?) -> Double { -5 }

    /// `boxes` lists the boxes `read` asks for, in its order (the reader reads them all at once
    /// beforehand): runs of up to `maxGroups` groups, none of several groups wider than allowed.
    @Test func boxesAreTheOnesTheSearchReads() {
        let groups = Self.groups([(0, 3), (4, 10), (14, 24), (25, 27), (40, 48), (49, 52)])
        var asked: [Range<Int>] = []
        _ = CJKLattice().read(
            groups: groups, lineHeight: Self.height,
            classify: {
                asked.append($0)
                return [.init(character: "字", score: -1)]
            }, languageModel: Self.flat)
        let boxes = CJKLattice().boxes(groups: groups, lineHeight: Self.height)
        #expect(boxes.map(\.span) == asked)
        #expect(asked.contains(0..<2) && !asked.contains(0..<4))
        #expect(boxes.allSatisfy { $0.span.count <= CJKLatticeSettings().maxGroups })
    }

    @Test func joinsTheHalvesOfALeftRightCharacter() {
        // 你 written as 亻 and 尔 a little apart, then 好 after a character gap
        let groups = Self.groups([(0, 3), (4, 10), (14, 24)])
        let readings: [Range<Int>: [CharacterCandidate]] = [
            0..<1: [.init(character: "亻", score: 0.6)], 1..<2: [.init(character: "尔", score: 1.2)],
            0..<2: [.init(character: "你", score: 3.0), .init(character: "妳", score: 1.8)],
            2..<3: [.init(character: "好", score: 3.3)], 1..<3: [.init(character: "㢢", score: -1.5)],
            0..<3: [.init(character: "㑁", score: -2.4)],
        ]
        let read = CJKLattice().read(
            groups: groups, lineHeight: Self.height, classify: { readings[$0] ?? [] }, languageModel: Self.flat)
        #expect(read.map(\.groups) == [0..<2, 2..<3])
        #expect(read.map { $0.candidates.map(\.text) } == [["你", "妳"], ["好"]])
        // 你 against 妳, 3.0 nats against 1.8: the softmax of the two
        #expect(abs(read[0].confidence - 1 / (1 + exp(-1.2))) < 1e-9)
    }

    @Test func aWideGapKeepsTwoCharactersApart() {
        // two narrow characters far apart: one box over both would hold a whole character's gap
        let groups = Self.groups([(0, 4), (10, 14)])
        let readings: [Range<Int>: [CharacterCandidate]] = [
            0..<1: [.init(character: "八", score: 1.5)], 1..<2: [.init(character: "八", score: 1.5)],
            0..<2: [.init(character: "川", score: 2.7)],
        ]
        let read = CJKLattice().read(
            groups: groups, lineHeight: Self.height, classify: { readings[$0] ?? [] }, languageModel: Self.flat)
        #expect(read.map(\.groups) == [0..<1, 1..<2])
    }

    @Test func theCharacterModelBreaksANearTie() {
        let groups = Self.groups([(0, 10), (14, 24)])
        let readings: [Range<Int>: [CharacterCandidate]] = [
            0..<1: [.init(character: "学", score: 2.4)],
            1..<2: [.init(character: "刁", score: 2.16), .init(character: "习", score: 2.1)],
        ]
        let model = { (c: Character, previous: Character?) -> Double in previous == "学" && c == "习" ? -1 : -8 }
        let read = CJKLattice().read(
            groups: groups, lineHeight: Self.height, classify: { readings[$0] ?? [] }, languageModel: model)
        #expect(read.map(\.candidates.first?.text) == ["学", "习"])
        #expect(read[1].candidates.map(\.text) == ["习", "刁"])
    }

    @Test func nothingToReadReadsNothing() {
        #expect(
            CJKLattice().read(groups: [], lineHeight: 10, classify: { _ in [] }, languageModel: Self.flat).isEmpty)
    }
}

@Suite struct CJKLanguageModelTests {
    @Test func pairsRaiseTheirSecondCharacter() throws {
        let model = try CJKLanguageModel(text: "# test\nU\t100\n学\t10\n习\t5\n刁\t5\n学习\t5\n", name: "t")
        #expect(model.logProbability(of: "习", after: "学") > model.logProbability(of: "刁", after: "学"))
        #expect(model.logProbability(of: "习", after: nil) == model.logProbability(of: "刁", after: nil))
        #expect(model.logProbability(of: "x", after: nil) < model.logProbability(of: "刁", after: nil))
        #expect(model.contains("学") && !model.contains("x"))
    }

    @Test(arguments: ["U\t100\n学\n", "U\t100\n学\t-3\n", "学习吗\t4\n"])
    func damagedLinesAreNamed(text: String) {
        #expect(throws: ModelError.self) { try CJKLanguageModel(text: text, name: "cjk-zh.txt") }
    }

    @Test func shippedModelsParse() throws {
        // a common character of each language
        let common: [String: Character] = ["zh": "人", "zh-Hant": "們", "ja": "人", "ko": "하"]
        for code in RecognitionLanguage.cjkCodes {
            let data = try RecognizerResources.load(RecognizerResources.cjkModelName(code), "txt")
            let model = try CJKLanguageModel(text: String(decoding: data, as: UTF8.self), name: code)
            #expect(model.contains(try #require(common[code])), "cjk-\(code).txt")
        }
    }
}

@Suite struct MixedScriptLineReaderTests {
    /// One word over the whole line; `score` as a character reader's best scores are, a few
    /// nats below 0 (the mixed reader weighs them).
    struct Fixed: LineReading {
        var confidence: Double
        var text: String
        var score = -4.0
        func read(_ line: LineInk) -> [DecodedWord] {
            [
                DecodedWord(
                    candidates: [.init(text: text, score: score)], pointRange: 0..<line.points.count,
                    confidence: confidence
                )
            ]
        }
    }

    static let line = LineInk(points: [
        InkPoint(location: .zero, strokeIndex: 0, startsTrace: true),
        InkPoint(location: Point(x: 1, y: 1), strokeIndex: 0, startsTrace: false),
    ])

    /// Twelve short traces side by side along a line twice as long as it is high: six traces a
    /// line height, as CJK characters pack them.
    static let denseLine = LineInk(
        points: (0..<12).flatMap { k in
            [
                InkPoint(location: Point(x: Double(k) / 6, y: 0), strokeIndex: k, startsTrace: true),
                InkPoint(location: Point(x: Double(k) / 6 + 0.1, y: 1), strokeIndex: k, startsTrace: false),
            ]
        })

    /// One trace: the CJK reading must be much the surer to win.
    @Test(arguments: [(0.9, 0.4, "word"), (0.3, 0.8, "word"), (0.1, 0.95, "字"), (0.5, 0.5, "word")])
    func aSparseLineReadsLatinUnlessCJKIsMuchSurer(latin: Double, cjk: Double, expected: String) {
        let reader = MixedScriptLineReader(
            latin: Fixed(confidence: latin, text: "word"), cjk: Fixed(confidence: cjk, text: "字"))
        #expect(MixedScriptLineReader.traceDensity(Self.line) == 1)
        #expect(reader.read(Self.line).map(\.text) == [expected])
    }

    /// Strokes packed as characters pack them: CJK wins at equal surety, not against a much surer Latin reading.
    @Test(arguments: [(0.5, 0.5, "字"), (0.6, 0.5, "字"), (0.9, 0.4, "word")])
    func aDenseLineReadsCJKAtEqualSurety(latin: Double, cjk: Double, expected: String) {
        let reader = MixedScriptLineReader(
            latin: Fixed(confidence: latin, text: "word"), cjk: Fixed(confidence: cjk, text: "字"))
        #expect(abs(MixedScriptLineReader.traceDensity(Self.denseLine) - 12 / (11.0 / 6 + 0.1)) < 1e-9)
        #expect(reader.read(Self.denseLine).map(\.text) == [expected])
    }

    /// A sure word, then a doubtful one (read as "of"), as the Latin reader reads a line.
    struct TwoWords: LineReading {
        var split: Int
        func read(_ line: LineInk) -> [DecodedWord] {
            [
                DecodedWord(candidates: [.init(text: "word", score: 0)], pointRange: 0..<split, confidence: 0.95),
                DecodedWord(
                    candidates: [.init(text: "of", score: 0)], pointRange: split..<line.points.count, confidence: 0.3),
            ]
        }
    }

    /// A line of one long trace of 14 points (a word), then `traces` short traces across `width` line heights.
    static func lineWithDoubtfulTail(traces: Int, width: Double) -> LineInk {
        let word = (0..<14).map { k in
            InkPoint(location: Point(x: Double(k), y: Double(k % 2)), strokeIndex: 0, startsTrace: k == 0)
        }
        let tail = (0..<traces).flatMap { k in
            let x = 14 + width * Double(k) / Double(traces)
            return [
                InkPoint(location: Point(x: x, y: 0), strokeIndex: k + 1, startsTrace: true),
                InkPoint(location: Point(x: x + 0.1, y: 1), strokeIndex: k + 1, startsTrace: false),
            ]
        }
        return LineInk(points: word + tail)
    }

    /// Reading every doubtful English word as characters made English pages read with `en,zh,ja`
    /// several times slower than with `en`: a doubtful word as sparse as English writing is kept
    /// as read, however sure the character reader would be; a dense one is still read as characters.
    @Test func sparseDoubtfulWordsAreNotReadAsCharacters() {
        let reader = MixedScriptLineReader(latin: TwoWords(split: 14), cjk: Fixed(confidence: 1, text: "字", score: 0))
        let sparse = Self.lineWithDoubtfulTail(traces: 2, width: 3)
        #expect(reader.read(sparse).map(\.text) == ["word", "of"])
        let dense = Self.lineWithDoubtfulTail(traces: 6, width: 1)
        #expect(reader.read(dense).map(\.text) == ["word", "字"])
    }

    @Test func oneScriptAloneReadsAlone() {
        #expect(
            MixedScriptLineReader(latin: nil, cjk: Fixed(confidence: 0, text: "字")).read(Self.line).map(\.text) == ["字"]
        )
        #expect(MixedScriptLineReader(latin: nil, cjk: nil).read(Self.line).isEmpty)
    }
}

extension DecodedWord {
    fileprivate var text: String { candidates.first?.text ?? "" }
}

@Suite struct TranscriptQueryCJKTests {
    /// A query's CJK characters match consecutive handwritten characters, each any of its readings.
    @Test func aPairOfCharactersMatchesTwoCharacterWords() {
        func word(_ readings: [String], x: Double) -> RecognizedWord {
            RecognizedWord(
                candidates: readings.map { WordCandidate(text: $0, score: 0.0) }, strokeIDs: [UUID()],
                bounds: Rect(x: x, y: 0, width: 10, height: 10), confidence: 1)
        }
        let line = RecognizedLine(
            words: [word(["学", "字"], x: 0), word(["刁", "习"], x: 12), word(["PencilKit"], x: 30)],
            bounds: Rect(x: 0, y: 0, width: 60, height: 10))
        let transcript = Transcript(lines: [line])
        #expect(transcript.matches(of: "学习").map(\.text) == ["学 习"])
        #expect(transcript.matches(of: "学习").first?.strokeIDs == line.words[0].strokeIDs.union(line.words[1].strokeIDs))
        #expect(transcript.matches(of: "习PencilKit").count == 1)
        #expect(transcript.matches(of: "习学").isEmpty)
    }
}

@Suite struct ZinniaModelTests {
    @Test func aMissingModelIsNamedWithItsPackage() {
        #expect {
            try ZinniaModel(language: "zh", directory: "/nonexistent")
        } throws: { error in
            "\(error)"
                == "recognizer model not found: /nonexistent/handwriting-zh_CN.model is missing (install the Debian "
                + "package tegaki-zinnia-simplified-chinese)"
        }
        #expect(ZinniaModel.path(for: "en") == nil)
    }
}
