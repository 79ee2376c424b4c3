import Foundation
import SeededRandom
import Testing

@testable import SearchIndex

@Suite struct FuzzyMatchingTests {
    @Test(
        arguments: [
            ("bremen", "bremn", 2, 1), ("mainz", "mains", 1, 1), ("kitten", "sitting", 3, 3),
            ("kitten", "sitting", 2, nil),
            ("abc", "abc", 0, 0), ("abc", "abd", 0, nil), ("", "ab", 2, 2), ("flaw", "lawn", 2, 2),
            ("abcdef", "abc", 2, nil),
        ] as [(String, String, Int, Int?)])
    func bandedDistanceAgreesWithLevenshtein(a: String, b: String, limit: Int, expected: Int?) {
        #expect(FuzzyMatching.distance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit) == expected)
        #expect(FuzzyMatching.distance(Array(b.unicodeScalars), Array(a.unicodeScalars), limit: limit) == expected)
    }

    @Test(arguments: [(3, 0), (4, 1), (7, 1), (8, 2), (12, 2)])
    func distanceByLength(length: Int, distance: Int) {
        #expect(FuzzyMatching.maxDistance(forLength: length) == distance)
    }

    /// The filter is sound: every word within the allowed distance of a query word contains one
    /// of the substrings the trigram expression asks for, so every trigram of one (seeded random
    /// words and edits).
    @Test func trigramExpressionFindsEveryCloseWord() {
        var random = SplitMix64(seed: 10)
        let letters = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        for _ in 0..<4000 {
            let length = Int.random(in: 4...11, using: &random)
            let word = (0..<length).map { _ in letters.randomElement(using: &random)! }
            var edited = word
            for _ in 0..<FuzzyMatching.maxDistance(forLength: length) {
                let index = Int.random(in: 0..<edited.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: edited[index] = letters.randomElement(using: &random)!
                case 1: edited.remove(at: index)
                default: edited.insert(letters.randomElement(using: &random)!, at: index)
                }
            }
            var query = "", candidate = ""
            query.unicodeScalars.append(contentsOf: word)
            candidate.unicodeScalars.append(contentsOf: edited)
            // alternatives of trigrams that must all be there (`FTSExpression`)
            let alternatives = FuzzyMatching.trigramExpression(for: query).split(separator: " OR ").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "()")).components(separatedBy: " AND ")
                    .map { $0.dropFirst().dropLast() }
            }
            #expect(
                alternatives.contains { $0.allSatisfy { candidate.contains($0) } }, "\(query) → \(candidate)")
        }
    }

    @Test func trigramExpressionIsExactForShortWords() {
        #expect(FuzzyMatching.trigramExpression(for: "pie") == "\"pie\"")
    }

    /// Words long enough are cut into one piece more than the edits they forgive, each asked for
    /// as its trigrams.
    @Test(arguments: [
        ("bremen", "\"bre\" OR \"men\""), ("history", "\"his\" OR (\"tor\" AND \"ory\")"),
        ("handwriting", "\"han\" OR (\"dwr\" AND \"wri\") OR (\"tin\" AND \"ing\")"),
    ])
    func longWordsAreCutIntoPieces(word: String, expression: String) {
        #expect(FuzzyMatching.trigramExpression(for: word) == expression)
    }
}
