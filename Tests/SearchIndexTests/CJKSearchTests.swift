import DrawingModel
import Foundation
import Recognition
import Testing

@testable import SearchIndex

/// CJK search on a transcript built by hand: each character is its own word, so a character's
/// hit has that character's strokes and box, and several characters are a phrase.
@Suite struct CJKSearchTests {
    static func stroke(_ n: UInt8) -> UUID { UUID(uuid: (n, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)) }

    static func word(_ texts: [String], _ strokes: [UInt8], _ box: Rect, confidence: Double = 0.9) -> RecognizedWord {
        RecognizedWord(
            candidates: texts.enumerated().map { WordCandidate(text: $1, score: -Double($0)) },
            strokeIDs: Set(strokes.map(stroke)), bounds: box, confidence: confidence)
    }

    static let xue = Rect(x: 100, y: 0, width: 30, height: 30)
    static let xi = Rect(x: 135, y: 2, width: 25, height: 26)

    /// Line 0: "PencilKit" then the run 学习, read character by character (学 also read as 字,
    /// 习 as 刁); line 1: 心 alone, and the run 笔记 without per-character detail.
    static let transcript = Transcript(lines: [
        RecognizedLine(
            words: [
                word(["PencilKit", "Pencilkit"], [1, 2], Rect(x: 0, y: 0, width: 90, height: 30)),
                RecognizedWord(
                    candidates: [WordCandidate(text: "学习", score: 0)], strokeIDs: Set([3, 4, 5].map(stroke)),
                    bounds: xue.union(xi), confidence: 0.8,
                    characters: [word(["学", "字"], [3, 4], xue), word(["习", "刁"], [5], xi)]),
            ], bounds: Rect(x: 0, y: 0, width: 160, height: 30)),
        RecognizedLine(
            words: [
                word(["心"], [6], Rect(x: 0, y: 50, width: 30, height: 30)),
                word(["笔记", "EK", "笔计"], [7, 8], Rect(x: 40, y: 50, width: 60, height: 30)),
            ], bounds: Rect(x: 0, y: 50, width: 100, height: 30)),
    ])

    static func store(_ folder: TemporaryFolder) throws -> IndexStore {
        let store = try IndexStore(path: folder.index, access: .write)
        try store.replace(IndexedFile.oneDrawing(path: "/x/zh.tnb", words: IndexedWord.handwriting(transcript)))
        return store
    }

    @Test func eachCharacterIsAWordWithItsOwnInk() {
        let words = IndexedWord.handwriting(Self.transcript)
        #expect(words.map(\.text) == ["PencilKit", "学", "习", "心", "笔", "记"])
        #expect(words.map(\.position) == [0, 1, 2, 0, 1, 2])
        #expect(words[1].strokeIDs == [3, 4].map(Self.stroke) && words[1].bounds == Self.xue)
        #expect(words[2].candidates.map(\.text) == ["习", "刁"])
        // without per-character detail: the same part of every reading, the whole word's ink
        #expect(words[5].candidates.map(\.text) == ["记", "计"] && words[5].strokeIDs == [7, 8].map(Self.stroke))
        #expect(words[4].candidates.map(\.text) == ["笔", "EK"])  // a reading split otherwise stays whole
    }

    @Test func oneCharacterFindsItsStrokesAndBox() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.store(folder)
        let heart = try #require(try store.search(SearchQuery("心")).first)
        #expect(heart.text == "心" && heart.strokeIDs == [Self.stroke(6)] && heart.line == 1)
        #expect(heart.bounds == Rect(x: 0, y: 50, width: 30, height: 30))
        let xue = try store.search(SearchQuery("学"))
        #expect(xue.map(\.strokeIDs) == [[3, 4].map(Self.stroke)] && xue.first?.bounds == Self.xue)
        #expect(try store.search(SearchQuery("字")).map(\.text) == ["字"])  // an alternative reading
        #expect(try store.search(SearchQuery("学")).first?.context?.text == "PencilKit 学习")
        for options in [SearchOptions(fullWordsOnly: true), SearchOptions(caseSensitive: true)] {
            #expect(try store.search(SearchQuery("学", options: options)).map(\.strokeIDs) == xue.map(\.strokeIDs))
        }
        #expect(try store.search(SearchQuery("门")).isEmpty)
    }

    @Test func twoCharactersAreAPhraseWithTheUnionOfTheirInk() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.store(folder)
        let hits = try store.search(SearchQuery("学习"))
        #expect(hits.map(\.text) == ["学习"])
        #expect(hits.first?.strokeIDs == [3, 4, 5].map(Self.stroke) && hits.first?.bounds == Self.xue.union(Self.xi))
        #expect(try store.search(SearchQuery("字刁")).map(\.text) == ["字刁"])
        #expect(try store.search(SearchQuery("习学")).isEmpty)  // in sequence only
        #expect(try store.search(SearchQuery("习心")).isEmpty)  // on one line only
        #expect(try store.search(SearchQuery("笔记")).map(\.strokeIDs) == [[7, 8].map(Self.stroke)])
        #expect(try store.search(SearchQuery("心笔记", options: SearchOptions(fullWordsOnly: true))).count == 1)
        let other = try store.search(SearchQuery("ek", options: SearchOptions(fullWordsOnly: true)))
        #expect(other.map(\.text) == ["EK"] && other.first?.strokeIDs == [7, 8].map(Self.stroke))
    }

    @Test func mixedQueriesAndLatinWordsMatchAsBefore() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.store(folder)
        for text in ["PencilKit 学习", "PencilKit学习", "pencil 学"] {
            let hit = try #require(try store.search(SearchQuery(text)).first, "\(text)")
            #expect(hit.strokeIDs.count == (text.hasSuffix("学") ? 4 : 5) && hit.position == 0)
        }
        #expect(try store.search(SearchQuery("PencilKit 学习")).first?.text == "PencilKit 学习")
        #expect(try store.search(SearchQuery("ncil")).map(\.text) == ["PencilKit"])
        #expect(try store.search(SearchQuery("pencil", options: SearchOptions(fullWordsOnly: true))).isEmpty)
        #expect(
            try store.search(SearchQuery("Pencilkit", options: SearchOptions(fullWordsOnly: true, caseSensitive: true)))
                .map(\.text) == ["Pencilkit"])
    }

    /// `--fuzzy` forgives edits in the Latin words of a query and none in its CJK characters.
    @Test func fuzzyLeavesCJKExact() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try Self.store(folder)
        let fuzzy = SearchOptions(fuzzy: true)
        #expect(try store.search(SearchQuery("学门", options: fuzzy)).isEmpty)
        #expect(try store.search(SearchQuery("学习", options: fuzzy)).map(\.distance) == [0])
        let mixed = try store.search(SearchQuery("PencilKot 学习", options: fuzzy))
        #expect(mixed.map(\.text) == ["PencilKit 学习"] && mixed.map(\.distance) == [1])
        #expect(try store.search(SearchQuery("PencilKot 学门", options: fuzzy)).isEmpty)
    }

    /// An index of schema 5 stored typed "学习很好" as one word (and folded it unspaced): `build`
    /// splits it into characters, keeps every other word, and queries find it by character.
    @Test func schema5IndexIsSplitIntoCharacters() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        do { _ = try Self.store(folder) }
        try LegacyIndex.rewriteAsSchema6(path: folder.index)
        do {
            let store = try Database(path: folder.index)
            try store.execute(
                """
                INSERT INTO words(id, drawing_id, source, line, position, text, candidates, scores, folded, confidence,
                                  stroke_ids, x, y, width, height, reading_buckets)
                SELECT (id << 20) + 100, id, 1, 0, 0, '学习很好', '学习很好', '0.0', '学习很好', 1,
                       '', 0, 900, 80, 20, '1023' FROM drawings;
                PRAGMA user_version = 5;
                """)
        }
        #expect(throws: IndexStoreError.self) { try IndexStore(path: folder.index, access: .read) }
        let store = try IndexStore(path: folder.index, access: .write)
        #expect(try store.database.integer("PRAGMA user_version") == IndexSchema.version)
        let hit = try #require(try store.search(SearchQuery("习很")).first)
        #expect(hit.text == "习很" && hit.source == .typedText)
        #expect(hit.bounds == Rect(x: 20, y: 900, width: 40, height: 20))
        #expect(try store.search(SearchQuery("学习很好")).first?.context?.text == "学习很好")
        #expect(try store.search(SearchQuery("学习")).count == 2)  // the handwriting and the typed text
        #expect(try store.search(SearchQuery("心")).first?.strokeIDs == [Self.stroke(6)])
        #expect(try store.database.integer("SELECT count(*) FROM words") == 10)
        #expect(try store.database.text("INSERT INTO readings_fts(readings_fts) VALUES ('integrity-check')") == nil)
        #expect(try store.integrityCheck() == "ok")
    }
}
