import Foundation
import Recognition
import Testing

@testable import SearchIndex

/// A term under three letters queried as the OR of the vocabulary's tokens starting with it
/// (`PrefixForms`) finds what FTS5's prefix query finds, in the same order.
@Suite struct PrefixFormsTests {
    static let vocabulary = [
        "be", "being", "Ben", "bête", "be-in", "in", "into", "inn", "a", "an", "and", "the", "of", "off", "obey",
        "abe", "tube",
    ]

    /// Regression: a two-letter term was an FTS5 prefix query, which merges the doclists of every
    /// token starting with it before the first row, however few rows the search then reads ("be in"
    /// on the bench index). The OR of the tokens gives the same hits.
    @Test func shortTermsMergedEveryTokenBeforeTheFirstRow() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try VocabularyMatchTests.index(at: folder.index, of: Self.vocabulary, seed: 7)
        let queries = ["be", "BE", "in", "ob", "a", "be in", "in be", "an a", "a be", "be in the", "of in", "bé"]
        func hits(_ expanding: Bool) throws -> [[SearchHit]] {
            store.expandsPrefixes = expanding
            return try VocabularyMatchTests.hitsAtEveryLimitAndCase(of: queries, in: store)
        }
        let all = try hits(false)
        #expect(all.contains { $0.count > 20 })
        #expect(try hits(true) == all)
    }

    /// The tokens are the vocabulary's single-token forms with the prefix, folded as the index
    /// folds them ("bête" as "bete"); a reading of several tokens counts through its tokens.
    @Test func expressionNamesEveryTokenWithThePrefix() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try VocabularyMatchTests.index(at: folder.index, of: Self.vocabulary, seed: 7)
        let expression = try #require(try PrefixForms.expression(startingWith: "be", in: store.database))
        #expect(expression == #""be" OR "being" OR "ben" OR "bete""#)
        #expect(try PrefixForms.expression(startingWith: "zq", in: store.database) == nil)
    }

    /// Past `PrefixForms.maxForms` tokens the prefix query stays: an OR of that many costs more.
    @Test func tooManyTokensLeaveThePrefixQuery() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try VocabularyMatchTests.index(at: folder.index, of: Self.vocabulary, seed: 7)
        let add = try store.database.statement("INSERT INTO vocabulary(form) VALUES (?)")
        for number in 0..<PrefixForms.maxForms { try add.execute(["zq\(number)"]) }
        #expect(try PrefixForms.expression(startingWith: "zq", in: store.database) != nil)
        try add.execute(["zqx"])
        #expect(try PrefixForms.expression(startingWith: "zq", in: store.database) == nil)
    }
}
