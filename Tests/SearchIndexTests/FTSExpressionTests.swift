import Foundation
import SeededRandom
import Testing

@testable import SearchIndex

/// The expressions' short cuts for ASCII (tokens, quoting, conjunctions) give what the general
/// rules give: unicode61's token characters by Unicode category, quotes doubled, " AND " found.
@Suite struct FTSExpressionTests {
    /// unicode61's token characters, by category alone, as the reference for `tokens(of:)`.
    static func referenceTokens(of text: String) -> [String] {
        let categories: Set<Unicode.GeneralCategory> = [
            .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber, .privateUse,
        ]
        return text.unicodeScalars.split { !categories.contains($0.properties.generalCategory) }.map {
            String(String.UnicodeScalarView($0))
        }
    }

    static let pieces = [
        "a", "Z", "7", "q", " ", "-", "'", "\"", "_", "é", "ß", "中", "٣", "Ⅻ", "\u{E000}", "AND", " AND ",
    ]

    static func randomTexts(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
    }

    @Test(arguments: ["mothers", "e-mail", "Hallowe'en", "naïve café", "x2y", "", "--", "中文", "a\"b"])
    func tokensAreUnicode61s(text: String) {
        #expect(FTSExpression.tokens(of: text) == Self.referenceTokens(of: text))
    }

    @Test func tokensOfRandomTextsAreUnicode61s() {
        for text in Self.randomTexts(count: 2000, seed: 11) {
            #expect(FTSExpression.tokens(of: text) == Self.referenceTokens(of: text), "\(text)")
        }
    }

    @Test func quotingDoublesQuotesOnly() {
        for text in Self.randomTexts(count: 500, seed: 12) {
            #expect(SearchQuery.quoted(text) == "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
        }
    }

    @Test func alternativesParenthesizeConjunctions() {
        #expect(FTSExpression.any(["\"a\"", "\"b\" AND \"c\""]) == "\"a\" OR (\"b\" AND \"c\")")
        #expect(FTSExpression.any(["\"  AN AND x\"", "\"ANDY\""]) == "(\"  AN AND x\") OR \"ANDY\"")
        let texts = Self.randomTexts(count: 500, seed: 13)
        for (a, b) in zip(texts, texts.dropFirst()) {
            let expected = [a, b].map { $0.contains(" AND ") ? "(" + $0 + ")" : $0 }.joined(separator: " OR ")
            #expect(FTSExpression.any([a, b]) == expected)
        }
    }

    /// What a phrase's term costs a row (`PhraseSearch.rowsPerBound(forms:)`): the alternatives of
    /// `any`, conjunctions and the word "or" inside them not counted.
    @Test func alternativesAreCounted() {
        #expect(FTSExpression.alternatives(in: FTSExpression.any(["\"a\"", "\"b\" AND \"c\"", "\"or\""])) == 3)
        #expect(FTSExpression.alternatives(in: FTSExpression.allTokens("x OR y")) == 1)
        #expect(FTSExpression.alternatives(in: FTSExpression.any(["\"x\"", FTSExpression.allTokens("y OR z")])) == 2)
    }
}
