import Foundation
import Testing

@testable import Recognition

/// The word list's commonness classes (`words-en.commonness`, from SCOWL's size levels) and the
/// prior the beam search gives a common word over a rare look-alike.
@Suite struct WordCommonnessTests {
    @Test func zipfPriorsFallWithRarityToZero() {
        let prior = WordCommonness.zipfLogPrior(classCounts: [4000, 7000, 33000, 29000])
        #expect(prior.count == 4)
        #expect(prior[3] == 0)
        #expect(zip(prior, prior.dropFirst()).allSatisfy { $0 > $1 })
        // ranks 1-4,000 against 44,000-73,000: ln of a mean rank about 40 times further down
        #expect(abs(prior[0] - 3.68) < 0.05)
    }

    @Test(arguments: [
        ("0\n4\n", 2, "words-xx.commonness: line 2: not a commonness class 0-3"),
        ("0\nx\n", 2, "words-xx.commonness: line 2: not a commonness class 0-3"),
        ("0\n1\n", 3, "words-xx.commonness: 2 classes for a word list of 3 words"),
        ("0\n1\n2\n", 2, "words-xx.commonness: 3 classes for a word list of 2 words"),
        ("0\n\n1\n", 3, "words-xx.commonness: line 2: not a commonness class 0-3"),
    ])
    func aDamagedFileIsNamed(text: String, words: Int, message: String) {
        let error = #expect(throws: ModelError.self) {
            try WordCommonness(text: text, wordCount: words, name: "words-xx.commonness")
        }
        #expect(error?.description == "recognizer model is damaged: \(message)")
    }

    @Test func theShippedEnglishClassesRankCommonWordsFirst() throws {
        let list = String(
            decoding: try RecognizerResources.load(RecognizerResources.wordListName("en"), "txt"), as: UTF8.self)
        let words = list.split(separator: "\n")
        let ranked = try #require(try RecognizerResources.wordCommonness("en", wordCount: words.count))
        let lexicon = Lexicon(words: words, ranked: ranked)
        func prior(_ word: String) throws -> Float {
            var node = Lexicon.root
            for c in word.utf8 { node = try #require(lexicon.child(of: node, c)) }
            #expect(lexicon.isWord(node))
            return lexicon.logPrior(node)
        }
        // the look-alikes the cards' isolated words were read as (docs/recognizer.md)
        for (common, rare) in [("self", "surf"), ("big", "keg"), ("tall", "tare"), ("the", "thy")] {
            #expect(try prior(common) > prior(rare), "\(common) over \(rare)")
        }
        #expect(try RecognizerResources.wordCommonness("de", wordCount: 1) == nil)
    }

    /// Four frames: "s", then "u" or "e", "r" or "l" (each leaning to the first), then "f": the ink
    /// leans to "surf", the prior to "self".
    @Test(arguments: [(Float(0), "surf"), (1, "self")])
    func aCommonWordBeatsARareLookAlikeByItsPrior(weight: Float, expected: String) throws {
        let alphabet = Array("seurlf".utf8)
        let shares: [[UInt8: Float]] = [
            [UInt8(ascii: "s"): 1], [UInt8(ascii: "u"): 0.55, UInt8(ascii: "e"): 0.45],
            [UInt8(ascii: "r"): 0.55, UInt8(ascii: "l"): 0.45], [UInt8(ascii: "f"): 1],
        ]
        let logProbabilities = shares.flatMap { frame -> [Float] in
            var row = [Float](repeating: 1e-4, count: alphabet.count + 1)
            for (c, share) in frame { row[alphabet.firstIndex(of: c)! + 1] = share }
            let total = row.reduce(0, +)
            return row.map { log($0 / total) }
        }
        var settings = DecoderSettings()
        settings.commonWordWeight = weight
        let search = CTCBeamSearch(
            alphabet: alphabet, languageModel: CharacterLanguageModel(texts: ["surf self"]),
            lexicon: Lexicon(
                words: ["self", "surf"], ranked: WordCommonness(classes: [0, 2], logPrior: [3, 2, 1, 0])),
            settings: settings)
        let best = try #require(
            search.decode(logProbabilities, classCount: alphabet.count + 1, frames: 0..<4).first)
        #expect(String(decoding: best.classes.map { alphabet[$0 - 1] }, as: UTF8.self) == expected)
    }
}
