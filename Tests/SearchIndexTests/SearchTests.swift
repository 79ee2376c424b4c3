import DrawingModel
import Foundation
import SeededRandom
import Testing

@testable import SearchIndex

@Suite struct SearchTests {
    /// One shared index: two notebooks, handwriting on several lines and pages.
    static func makeIndex() async throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.write("notes/week1.tnb", "my notebook has apple pie\nbig Apple city\n---\npie apple order\n")
        folder.write("notes/week2.tnb", "apple\npie chart\ne-mail to Zoë\n")
        _ = try await build(folder)
        return folder
    }

    @Test func defaultMatchesInsideWords() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        #expect(try search(folder, "note").map(\.text) == ["notebook"])
        #expect(try search(folder, "ppl").count == 4)
        #expect(try search(folder, "no").map(\.text) == ["notebook"])  // short terms match word starts
    }

    @Test func fullWordsOnly() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        let options = SearchOptions(fullWordsOnly: true)
        #expect(try search(folder, "note", options: options).isEmpty)
        #expect(try search(folder, "notebook", options: options).count == 1)
        #expect(try search(folder, "mail", options: options).map(\.text) == ["e-mail"])
        #expect(try search(folder, "zoe", options: options).map(\.text) == ["Zoë"])
    }

    @Test func phrasesMatchConsecutiveWordsOfOneLine() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        let hits = try search(folder, "apple pie")
        #expect(hits.map(\.text) == ["apple pie"])
        let hit = try #require(hits.first)
        #expect(hit.path.hasSuffix("week1.tnb") && hit.page == 0 && hit.strokeIDs.count == 2)
        #expect(hit.bounds == Rect(x: 300, y: 0, width: 128, height: 30))
        // "apple" ends line 0 of week2 and "pie" starts line 1: not a phrase.
        #expect(try search(folder, "pie apple").map(\.page) == [1])
        #expect(try search(folder, "notebook apple").isEmpty)  // same line, not consecutive
        #expect(try search(folder, "\"apple\" AND (pie OR x)*").isEmpty)  // operators are just words
    }

    /// A phrase is found from its rarest word wherever that word stands in it.
    @Test func phrasesAreFoundWhicheverWordIsRarest() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        for options in [SearchOptions(), SearchOptions(fullWordsOnly: true)] {
            #expect(try search(folder, "apple city", options: options).map(\.text) == ["Apple city"])
            #expect(try search(folder, "big apple", options: options).map(\.text) == ["big Apple"])
            #expect(try search(folder, "notebook has apple", options: options).map(\.text) == ["notebook has apple"])
            #expect(try search(folder, "has apple pie chart", options: options).isEmpty)
        }
        let hit = try #require(try search(folder, "has apple pie").first)
        #expect(hit.position == 2 && hit.line == 0 && hit.strokeIDs.count == 3)
    }

    @Test func aWordAlsoFindsItselfWrittenAsTwoWordsOfOneLine() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/pens.tnb", "the fine liner pen\nFineliner\nfine\nliner\nbook note\na notebook\n")
        _ = try await build(folder)
        for options in [SearchOptions(), SearchOptions(fullWordsOnly: true)] {
            let hits = try search(folder, "fineliner", options: options)
            // the word written whole first, at one edit less; never across lines
            #expect(hits.map(\.text) == ["Fineliner", "fine liner"])
            #expect(hits.map(\.distance) == [0, 1])
            #expect(hits.last?.strokeIDs.count == 2 && hits.last?.line == 0 && hits.last?.position == 1)
        }
        #expect(try search(folder, "booknote").map(\.text) == ["book note"])
        #expect(try search(folder, "notebook", options: SearchOptions(fullWordsOnly: true)).map(\.text) == ["notebook"])
        // a part under three letters
        #expect(try search(folder, "anotebook", options: SearchOptions(fullWordsOnly: true)).isEmpty)
        let exactCase = SearchOptions(caseSensitive: true)
        #expect(try search(folder, "Fineliner", options: exactCase).map(\.text) == ["Fineliner"])
    }

    /// A code whose digit was read as a word of its own ("File2" as "file 2", the xopp-merger
    /// notebook of ../shared/realnotes) is found by the code, whatever the parts' lengths.
    @Test func aCodeFindsItselfSplitWhereLettersMeetDigits() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/codes.tnb", "see file 2 now\nv 3 . 1\nfile\n2\na 4\n")
        _ = try await build(folder)
        let options = SearchOptions(fullWordsOnly: true)
        let file2 = try search(folder, "file2", options: options)
        #expect(file2.map(\.text) == ["file 2"] && file2.first?.distance == 1 && file2.first?.strokeIDs.count == 2)
        #expect(try search(folder, "v3", options: options).map(\.text) == ["v 3"])
        #expect(try search(folder, "A4", options: options).map(\.text) == ["a 4"])
        // letters against letters still need three a side
        #expect(try search(folder, "seefile", options: options).map(\.text) == ["see file"])
        #expect(try search(folder, "av", options: options).isEmpty)
        #expect(IndexStore.splitPoints(of: Array("file2")) == [4])
        #expect(IndexStore.splitPoints(of: Array("2nd")) == [1])
        #expect(IndexStore.splitPoints(of: Array("notebook")) == [3, 4, 5])
        #expect(IndexStore.splitPoints(of: Array("abc")).isEmpty)
    }

    @Test func caseSensitiveKeepsOnlyExactCase() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        let options = SearchOptions(fullWordsOnly: true, caseSensitive: true)
        #expect(try search(folder, "Apple", options: options).map(\.text) == ["Apple"])
        #expect(try search(folder, "APPLE", options: options).count == 4)  // the upper-case alternatives
        #expect(try search(folder, "apple", options: SearchOptions(fullWordsOnly: true)).count == 4)
    }

    @Test func resultsAreRankedAndLimited() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        let hits = try search(folder, "APPLE", options: SearchOptions(limit: 10))
        #expect(hits.first?.text == "apple" || hits.first?.text == "Apple")
        #expect(zip(hits, hits.dropFirst()).allSatisfy { $0.score >= $1.score })
        #expect(try search(folder, "apple", options: SearchOptions(limit: 2)).count == 2)
    }

    @Test func emptyAndPunctuationOnlyQueriesFindNothing() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        for text in ["", "   ", "\"", "()", "*", "- -"] { #expect(try search(folder, text).isEmpty) }
    }

    /// Any user string builds a valid FTS5 expression: seeded random strings of quotes, operators,
    /// brackets, control characters and unicode never make SQLite fail.
    @Test func anyQueryTextRunsWithoutError() async throws {
        let folder = try await Self.makeIndex()
        defer { folder.cleanUp() }
        let store = try IndexStore(path: folder.index, access: .read)
        let pieces = [
            "\"", "'", "*", "^", ":", "(", ")", "{", "}", "[", "]", "-", "+", "AND", "OR", "NOT", "NEAR", "NEAR(",
            "apple", "pie", "é", "Zoë", "ß", "日本", "🍎", "\u{0}", "\u{301}", "\t", " ", "  ", "\\", "%", "_", ";",
            "folded:", "readings_fts", "a", "e-mail", ",", ".", "\u{200B}", "\u{FEFF}", "x\"y", "\u{10FFFF}",
        ]
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<600 {
            let count = Int(random.next() % 7)
            let text = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            for options in [SearchOptions(), SearchOptions(fullWordsOnly: true), SearchOptions(caseSensitive: true)] {
                _ = try store.search(SearchQuery(text, options: options))
            }
        }
    }
}
