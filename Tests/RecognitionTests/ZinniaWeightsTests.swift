import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// `ZinniaWeights`: a small model file made here, scored by hand; damaged files refused; and, with
/// Debian's models installed, the same readings and scores as Zinnia's own scoring.
struct ZinniaWeightsTests {
    /// A model file of `characters`: name, bias and (index, value) weights each.
    static func modelFile(_ characters: [(String, Float, [(Int32, Float)])]) -> Data {
        var data = Data()
        func put(_ word: UInt32) { withUnsafeBytes(of: word.littleEndian) { data.append(contentsOf: $0) } }
        put(0)  // the magic (Zinnia's check; the weights do not read it)
        put(1)
        put(UInt32(characters.count))
        for (name, bias, weights) in characters {
            var bytes = Array(name.utf8.prefix(15))
            bytes += [UInt8](repeating: 0, count: 16 - bytes.count)
            data.append(contentsOf: bytes)
            put(bias.bitPattern)
            for (index, value) in weights {
                put(UInt32(bitPattern: index))
                put(value.bitPattern)
            }
            put(UInt32(bitPattern: -1))
            put(Float(0).bitPattern)
        }
        return data
    }

    static let small = modelFile([
        ("一", 0.5, [(0, 1), (3, 2), (7, -1)]),
        ("二", -0.25, [(3, 1), (9, 4)]),
        ("三", 0.75, []),
    ])

    @Test func scoresAreTheBiasPlusEachSharedFeaturesProduct() throws {
        let weights = try #require(ZinniaWeights(data: Self.small))
        #expect(weights.characters == ["一", "二", "三"])
        // 一: 0.5 + 1·1 + 2·0.5 = 2.5; 二: -0.25 + 1·0.5 + 4·1 = 4.25; 三: 0.75
        let read = weights.classify([(0, 1), (3, 0.5), (9, 1)], count: 3)
        #expect(
            read == [
                .init(character: "二", score: 4.25), .init(character: "一", score: 2.5),
                .init(character: "三", score: 0.75),
            ])
        #expect(weights.classify([(0, 1)], count: 1) == [.init(character: "一", score: 1.5)])
        #expect(weights.classify([(0, 1)], count: 0).isEmpty)
    }

    /// Zinnia's merge of two sorted lists meets a repeated feature index once, with its first value.
    @Test func aRepeatedFeatureIndexCountsOnce() throws {
        let weights = try #require(ZinniaWeights(data: Self.small))
        let read = weights.classify([(3, 1), (3, 100)], count: 3)
        #expect(read.first == .init(character: "一", score: 2.5))
    }

    /// Among equal scores Zinnia ranks the later character of its file first.
    @Test func equalScoresRankTheLaterCharacterFirst() throws {
        let weights = try #require(ZinniaWeights(data: Self.modelFile([("a", 1, []), ("b", 1, []), ("c", 0, [])])))
        #expect(weights.classify([], count: 3).map(\.character) == ["b", "a", "c"])
    }

    @Test func aDamagedFileIsRefusedAtEveryLength() {
        for length in 0..<Self.small.count {
            #expect(ZinniaWeights(data: Self.small.prefix(length)) == nil, "truncated to \(length) bytes")
        }
        #expect(ZinniaWeights(data: Self.small + Data([0])) == nil)
        // weights out of index order would be summed in another order than Zinnia's
        #expect(ZinniaWeights(data: Self.modelFile([("x", 0, [(5, 1), (2, 1)])])) == nil)
        var version = Self.small
        version[4] = 2
        #expect(ZinniaWeights(data: version) == nil)
    }

    /// Every KanjiVG fixture character, and a few stroke orders of each, read by both models:
    /// the weights give Zinnia's own twenty readings and scores, to the bit.
    @Test(.enabled(if: KanjiVGLines.modelsInstalled, KanjiVGLines.skipReason), arguments: ["zh", "ja"])
    func theWeightsScoreAsZinniaDoes(language: String) throws {
        let model = try ZinniaModel(language: language)
        let weights = try #require(model.weights, "the weights disagree with Zinnia's scores")
        let fixture = try JSONDecoder().decode(KanjiVGLines.Fixture.self, from: Data(contentsOf: KanjiVGLines.fixture))
        #expect(fixture.characters.count > 10)
        for (character, segments) in fixture.characters.sorted(by: { $0.key < $1.key }) {
            let strokes = segments.filter { $0.count == 4 }.map {
                [Point(x: $0[0] * 3 + 100, y: $0[1] * 3 + 100), Point(x: $0[2] * 3 + 100, y: $0[3] * 3 + 100)]
            }
            for order in [strokes, strokes.reversed()] {
                let theirs = ZinniaModel.classify(order, count: 20, recognizer: model.recognizer, weights: nil)
                let ours = ZinniaModel.classify(order, count: 20, recognizer: model.recognizer, weights: weights)
                #expect(!theirs.isEmpty)
                #expect(ours == theirs, "\(character)")
            }
        }
    }

    /// Zinnia scores a model's first characters itself, then the weights do: the readings of one
    /// character stay the same throughout.
    @Test(.enabled(if: KanjiVGLines.modelsInstalled, KanjiVGLines.skipReason))
    func readingsBeforeAndAfterTheWeightsAreBuiltAreTheSame() throws {
        let model = try ZinniaModel(language: "zh")
        let ten = [[Point(x: 100, y: 500), Point(x: 900, y: 500)], [Point(x: 500, y: 100), Point(x: 500, y: 900)]]
        let first = model.classify(ten, count: 10)
        #expect(first.map(\.character).contains("十"))
        for _ in 0...ZinniaModel.readingsBeforeWeights + 1 { #expect(model.classify(ten, count: 10) == first) }
        #expect(model.weights != nil)
    }
}
