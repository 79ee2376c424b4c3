import Foundation
import Testing
import TextMatching

@testable import SearchIndex

/// `CJKText` and the CJK side of `TextFolding`: every CJK character is a token and a word of its
/// own, Latin text is untouched.
@Suite struct CJKTextTests {
    @Test(arguments: [
        ("PencilKit手写", ["PencilKit", "手", "写"]), ("学习。很好", ["学", "习", "很", "好"]),
        ("コーヒー", ["コ", "ー", "ヒ", "ー"]), ("한국어 test", ["한", "국", "어", "test"]),
        ("2024年3月", ["2024", "年", "3", "月"]), ("e-mail to Zoë", ["e", "mail", "to", "Zoë"]),
        ("「心」・x", ["心", "x"]),
    ])
    func tokensSplitCJKCharactersAndKeepLatinRuns(text: String, tokens: [String]) {
        #expect(TextFolding.tokens(text) == tokens.map { Substring($0) })
    }

    @Test(arguments: [
        ("PencilKit手写", ["PencilKit", "手", "写"]), ("「学习」", ["「学", "习」"]), ("e-mail", ["e-mail"]),
        ("2024年", ["2024", "年"]), ("学习，notes.", ["学", "习，", "notes."]), ("・", ["・"]), ("", []),
    ])
    func partsAreCharactersAndTheRunsBetweenThemWithTheirPunctuation(word: String, parts: [String]) {
        #expect(CJKText.parts(of: word).map { String(word[$0]) } == parts)
    }

    @Test(arguments: [
        ("ＰｅｎｃｉｌＫｉｔ", "pencilkit"), ("ｶﾞｸｾｲ", "ガクセイ"), ("が", "が"), ("か\u{3099}", "が"),
        ("Café学习", "cafe学习"), ("パン", "パン"), ("１２３", "123"), ("Straße", "strasse"), ("한국", "한국"),
    ])
    func foldingFoldsWidthButKeepsCJKMarks(text: String, folded: String) {
        #expect(TextFolding.fold(text) == folded)
    }

    @Test func caseSensitiveFormsFoldWidthOnly() {
        #expect(TextFolding.exact("ＡＢｃ ｶﾞ") == "ABc ガ")
        #expect(TextFolding.exact("Café") == "Café")
    }

    @Test(arguments: [
        ("学习", "学 习"), ("ab心c", "ab 心 c"), ("学 习", "学 习"), ("apple pie", "apple pie"),
        ("x。学", "x。 学"),
    ])
    func storedFormsSpaceOutCJKCharacters(text: String, spaced: String) {
        #expect(CJKText.spacedOut(text) == spaced)
    }

    @Test func wordsJoinWithoutSpacesBetweenCJKWriting() {
        #expect(CJKText.joined(["学", "习。", "很", "PencilKit", "手"]) == "学习。很 PencilKit 手")
        #expect(CJKText.joined(["apple", "pie"]) == "apple pie")
    }

    @Test(arguments: [
        ("学习", ["学", "习"]), ("PencilKit 手写", ["pencilkit", "手", "写"]), ("PencilKit手写", ["pencilkit", "手", "写"]),
        ("「心」", ["心"]), ("apple pie", ["apple", "pie"]), ("e-mail", ["e-mail"]),
    ])
    func queriesHaveOneTermPerCJKCharacter(text: String, terms: [String]) {
        #expect(SearchQuery(text).terms.map(\.folded) == terms)
    }

    /// `--fuzzy` forgives edits in Latin words only; a CJK term is always exact, and the FTS5
    /// expression for it is the whole character as a token, with or without `--full-words`.
    @Test func cjkTermsAreExactWholeCharacters() {
        let fuzzy = SearchQuery("学习 PencilKot", options: SearchOptions(fuzzy: true))
        #expect(fuzzy.terms.map(\.maxDistance) == [0, 0, 2])
        #expect(fuzzy.terms.map(\.isCJK) == [true, true, false])
        for options in [SearchOptions(), SearchOptions(fullWordsOnly: true)] {
            let query = SearchQuery("心", options: options)
            #expect(query.ftsMatch(for: query.terms[0]) == ("readings_fts", "\"心\""))
        }
        #expect(SearchQuery("no").ftsMatch(for: SearchQuery("no").terms[0]).expression == "\"no\"*")
    }

    /// A reading holding CJK characters is never within an edit distance: without that rule the
    /// token "学" and the whole "学 习" are two edits from "学习x".
    @Test func fuzzyDistanceLeavesCJKFormsAlone() {
        #expect(FuzzyMatching.distance(of: Array("学习x".unicodeScalars), in: "学 习", limit: 2) == nil)
        #expect(FuzzyMatching.distance(of: Array("abcdefgh".unicodeScalars), in: "abcdefg 学", limit: 2) == 1)
        #expect(FuzzyMatching.distance(of: Array("notebok".unicodeScalars), in: "notebook", limit: 1) == 1)
    }
}
