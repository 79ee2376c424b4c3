import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// The character network as `CJKLineReader` uses it: restricted to the languages asked for, and
/// mixed with Zinnia's models.
struct CharacterClassifierTests {
    static let network = Result { try CharacterNetwork.bundled() }
    /// 十: a horizontal stroke, then a vertical one through it.
    static let ten = [[Point(x: 10, y: 50), Point(x: 90, y: 50)], [Point(x: 50, y: 10), Point(x: 50, y: 90)]]

    static func isKana(_ s: String) -> Bool {
        s.unicodeScalars.allSatisfy { (0x3041...0x30FF).contains($0.value) }
    }

    @Test func theNetworkReadsAStraightCharacter() throws {
        let classifier = NetworkCharacterClassifier(network: try Self.network.get(), languages: ["zh", "ja"])
        #expect(classifier.classify(Self.ten, count: 3).map(\.character).contains("十"))
        #expect(classifier.classify([], count: 3).isEmpty)
    }

    @Test func chineseReadsNoKanaAndJapaneseDoes() throws {
        let network = try Self.network.get()
        let chinese = NetworkCharacterClassifier(network: network, languages: ["zh"])
        let japanese = NetworkCharacterClassifier(network: network, languages: ["ja"])
        let a = try #require(network.classIndex["あ"]), learn = try #require(network.classIndex["学"])
        #expect(chinese.classes?.contains(a) == false)
        #expect(chinese.classes?.contains(learn) == true)
        #expect(japanese.classes?.contains(a) == true)
        // a hook like の: whatever it resembles, Chinese is never offered a kana
        let hook = [
            (0..<24).map { k -> Point in
                let t = Double(k) / 23 * 1.8 * .pi
                return Point(x: 50 + 40 * sin(t) * (1 - Double(k) / 60), y: 50 - 40 * cos(t))
            }
        ]
        #expect(!chinese.classify(hook, count: 40).contains { Self.isKana($0.character) })
        #expect(japanese.classify(hook, count: 40).contains { Self.isKana($0.character) })
    }

    @Test func aLanguageTheNetworkDoesNotListReadsEveryClass() throws {
        #expect(NetworkCharacterClassifier(network: try Self.network.get(), languages: ["ko"]).classes == nil)
    }

    @Test(.enabled(if: KanjiVGLines.modelsInstalled, KanjiVGLines.skipReason))
    func theMixtureIsADistributionAndReadsWhatBothRead() throws {
        let network = NetworkCharacterClassifier(network: try Self.network.get(), languages: ["zh", "ja"])
        let zinnia = try ["zh", "ja"].map { code in
            CJKCharacterClassifier(model: try ZinniaModel(language: code))
        }
        let mixed = CombinedCharacterClassifier(network: network, zinnia: zinnia).classify(Self.ten, count: 20)
        #expect(mixed.first?.character == "十")
        #expect(mixed.allSatisfy { $0.score <= 0 })
        #expect(mixed.reduce(0) { $0 + exp($1.score) } <= 1 + 1e-9)
        #expect(zip(mixed, mixed.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    /// A box the network's first pass is sure of is read by that pass alone, and reads the
    /// character the full reading (six passes and Zinnia) reads.
    @Test(.enabled(if: KanjiVGLines.modelsInstalled, KanjiVGLines.skipReason))
    func aSureBoxIsReadInOnePassAsTheFullReadingReadsIt() throws {
        let bundled = try Self.network.get()
        let network = NetworkCharacterClassifier(network: bundled, languages: ["zh", "ja"])
        let zinnia = try ["zh", "ja"].map { code in
            CJKCharacterClassifier(model: try ZinniaModel(language: code))
        }
        let full = CombinedCharacterClassifier(network: network, zinnia: zinnia)
        let glance = try #require(bundled.glance(at: Self.ten))
        let firstPass = bundled.candidates(glance, count: 8, among: network.classes)
        let best = try #require(firstPass.first)
        #expect(best.character == "十")
        var quick = full
        quick.sureProbability = exp(best.score) - 1e-6
        // the first pass's own readings and scores: nothing else was asked
        let sure = quick.classify(Self.ten, count: 8)
        #expect(sure == firstPass)
        #expect(quick.classify(Self.ten, count: 8, glance: glance) == firstPass)
        let reading = full.classify(Self.ten, count: 8)
        #expect(reading.first?.character == sure.first?.character)
        #expect(reading != firstPass)
        // a box the pass is less sure of than the threshold is read in full
        quick.sureProbability = exp(best.score) + 1e-3
        if quick.sureProbability <= 1 { #expect(quick.classify(Self.ten, count: 8) == reading) }
    }

    /// A box the first pass is unsure of, whose two networks' first views read the same
    /// character best with the mean probability asked, is read by the mean of those two views:
    /// its log-probabilities, no other view and no Zinnia. Asked for more, it is read in full.
    @Test(.enabled(if: KanjiVGLines.modelsInstalled, KanjiVGLines.skipReason))
    func twoAgreeingFirstViewsReadABoxWithoutTheOtherViews() throws {
        let bundled = try Self.network.get()
        let companion = try #require(bundled.companions.first)
        let network = NetworkCharacterClassifier(network: bundled, languages: ["zh", "ja"])
        let zinnia = try ["zh", "ja"].map { code in
            CJKCharacterClassifier(model: try ZinniaModel(language: code))
        }
        let full = CombinedCharacterClassifier(network: network, zinnia: zinnia)
        let ours = try #require(bundled.glance(at: Self.ten))
        let theirs = try #require(companion.glance(at: Self.ten))
        let mean = zip(ours, theirs).map { log((exp($0) + exp($1)) / 2) }
        let agreed = network.candidates(mean, count: 8)
        let best = try #require(agreed.first)
        #expect(best.character == "十")
        #expect(network.candidates(theirs, count: 1).first?.character == "十")
        var quick = full
        quick.sureProbability = 1.5
        quick.agreedProbability = exp(best.score) - 1e-4
        let read = quick.classify(Self.ten, count: 8)
        #expect(read.map(\.character) == agreed.map(\.character))
        for (a, b) in zip(read, agreed) { #expect(abs(a.score - b.score) < 1e-5) }
        quick.agreedProbability = exp(best.score) + 1e-3
        if quick.agreedProbability <= 1 {
            #expect(quick.classify(Self.ten, count: 8) == full.classify(Self.ten, count: 8))
        }
    }
}
