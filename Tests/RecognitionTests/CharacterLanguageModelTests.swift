import Foundation
import Testing

@testable import Recognition

struct CharacterLanguageModelTests {
    typealias Model = CharacterLanguageModel

    static func context(_ text: String) -> Model.Context {
        text.utf8.reduce(Model.Context.start) { $0.appending(Model.symbol($1)) }
    }

    static func total(_ model: Model, after context: Model.Context) -> Double {
        (0..<Model.symbolCount).reduce(0.0) { $0 + exp(Double(model.logProbability(UInt8($1), after: context))) }
    }

    @Test func everyContextIsADistribution() {
        let model = Model(texts: ["the cat sat on the mat", "a tale of two cities", "it's 1999"])
        for text in ["", "t", "th", "the", "the c", "zzzz", "qx", "it'", "19", "cities "] {
            let sum = Self.total(model, after: Self.context(text))
            #expect(abs(sum - 1) < 1e-4, "after \"\(text)\": \(sum)")
        }
    }

    @Test func anEmptyModelIsUniform() {
        let model = Model(texts: [String]())
        let expected = Float(log(1.0 / Double(Model.symbolCount)))
        #expect(model.logProbability(Model.symbol(UInt8(ascii: "e")), after: Self.context("th")) == expected)
    }

    @Test func seenSpellingsBeatUnseenOnes() {
        let model = Model(texts: ["the", "then", "there", "they", "other", "mother"])
        func score(_ word: String) -> Float {
            var context = Model.Context.start
            var sum: Float = 0
            for c in word.utf8 {
                sum += model.logProbability(Model.symbol(c), after: context)
                context = context.appending(Model.symbol(c))
            }
            return sum
        }
        #expect(score("the") > score("tbe"))
        #expect(score("other") > score("otber"))
    }

    /// Witten–Bell by hand for a two-word text: after "a" the model saw "b" and "c" once each.
    @Test func interpolationMatchesTheFormula() {
        let model = Model(texts: ["ab", "ac"])
        let uniform = 1.0 / Double(Model.symbolCount)
        // no context: a 2, b 1, c 1, boundary 2 (one after each text): 6 in all, 4 distinct
        let unigramB = (1 + 4 * uniform) / (6 + 4)
        // context "a": b 1, c 1; 2 distinct
        let bigramB = (1 + 2 * unigramB) / (2 + 2)
        // context " a" (boundary then a, length 2): the same counts
        let trigramB = (1 + 2 * bigramB) / (2 + 2)
        let got = Double(model.logProbability(Model.symbol(UInt8(ascii: "b")), after: Self.context("a")))
        #expect(abs(exp(got) - trigramB) < 1e-6)
    }
}
