import Foundation
import Testing
import TextMatching

@testable import Recognition

/// The defects of version 25's wider alphabet on search: a word's n-best readings spelled the same
/// word with other languages' accents ("søn", "sön", "son"), which search folds alike, so they
/// took the word's slots and split its confidence, and a Danish word read right fell below the
/// searches' floors; and read as `en,da` the network's Polish, Turkish or Hungarian letters took
/// the beam's places.
@Suite struct FoldedReadingsTests {
    @Test func readingsThatFoldAlikeSplitTheWordsConfidence() throws {
        let read = [
            WordCandidate(text: "søn", score: -1), WordCandidate(text: "sön", score: -1.2),
            WordCandidate(text: "son", score: -1.3), WordCandidate(text: "sen", score: -2),
            WordCandidate(text: "Søn", score: -2.5), WordCandidate(text: "sem", score: -3),
        ]
        let pooled = NeuralLineReader.pooledByFolding(read, limit: 5)
        // one reading per form a search finds first (case kept for --case-sensitive), then the
        // other spellings in the slots left
        #expect(pooled.map(\.text) == ["søn", "sen", "Søn", "sem", "sön"])
        #expect(pooled[4].score == -1.2)
        let summed = log(exp(-1.0) + exp(-1.2) + exp(-1.3))
        #expect(abs(pooled[0].score - summed) < 1e-9)
        #expect(pooled[1].score == -2)
        // the best reading now holds the share of the word's likelihood that finds "son"
        #expect(NeuralLineReader.confidence(pooled) > 0.7)
        // each spelling counted apart, as version 25 did
        #expect(1 / read.reduce(0) { $0 + exp($1.score - read[0].score) } < 0.4)
    }

    @Test func readingsThatFoldAlikeLeaveTheirSlotsToOthers() {
        let read = (0..<10).map { i in
            WordCandidate(text: ["ol", "øl", "öl", "ól", "al", "ål", "el", "il", "ul", "yl"][i], score: -Double(i))
        }
        let pooled = NeuralLineReader.pooledByFolding(read, limit: 5)
        #expect(pooled.map(\.text) == ["ol", "al", "el", "il", "ul"])
        // never above the reading before it, so the first stays the best
        #expect(zip(pooled, pooled.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test func readingsJoinedAfterASecondLookAreNotPooledTwice() {
        let joined = [
            WordCandidate(text: "søn", score: -1), WordCandidate(text: "son", score: -1.5),
            WordCandidate(text: "sen", score: -2),
        ]
        let ordered = NeuralLineReader.pooledByFolding(joined, limit: 8, pooling: false)
        #expect(ordered.map(\.text) == ["søn", "sen", "son"])
        #expect(ordered.map(\.score) == [-1, -2, -1.5])
    }

    @Test func readingsWithoutAccentsAreKeptAsTheyWere() {
        let read = [WordCandidate(text: "main", score: -1), WordCandidate(text: "Main", score: -2)]
        #expect(NeuralLineReader.pooledByFolding(read, limit: 5) == read)
    }

    @Test func lettersNoWordOfTheListHasAreNotRead() throws {
        let alphabet = try #require(DecoderAlphabet.bytes(of: "sønőo"))
        // the middle frame leans to Hungarian ő, then Danish ø
        let shares: [[String: Float]] = [["s": 1], ["ő": 0.5, "ø": 0.3, "o": 0.2], ["n": 1]]
        let logp = shares.flatMap { frame -> [Float] in
            var row = [Float](repeating: 1e-4, count: alphabet.count + 1)
            for (ch, share) in frame {
                row[alphabet.firstIndex(of: DecoderAlphabet.bytes(of: ch)![0])! + 1] = share
            }
            let total = row.reduce(0, +)
            return row.map { log($0 / total) }
        }
        func readings(_ words: [String]) -> [String] {
            let search = CTCBeamSearch(
                alphabet: alphabet, languageModel: CharacterLanguageModel(texts: words),
                lexicon: Lexicon(words: words), settings: DecoderSettings())
            return search.decode(logp, classCount: alphabet.count + 1, frames: 0..<3, allowSpace: false, count: 5)
                .map { DecoderAlphabet.string(of: $0.classes.map { alphabet[$0 - 1] }) }
        }
        let danish = readings(["søn", "son"])
        #expect(danish.first == "søn")
        #expect(!danish.contains { $0.contains("ő") })
        // a list with the letter reads it
        #expect(readings(["sőn"]).first == "sőn")
        // and so does the user's vocabulary added to a list
        var search = CTCBeamSearch(
            alphabet: alphabet, languageModel: CharacterLanguageModel(texts: ["son"]),
            lexicon: Lexicon(words: ["son"]), settings: DecoderSettings())
        search.lexicon = search.lexicon.adding(["sőn"])
        let added = search.decode(logp, classCount: alphabet.count + 1, frames: 0..<3, allowSpace: false, count: 5)
        #expect(added.contains { DecoderAlphabet.string(of: $0.classes.map { alphabet[$0 - 1] }) == "sőn" })
    }
}
