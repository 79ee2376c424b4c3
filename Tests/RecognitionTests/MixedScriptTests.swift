import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// Vocabulary cards and notes mixing English and Chinese as people write them, from real dev ink
/// (Tests/Fixtures/cjk/mixed-cards.json: UNIPEN `dev` words, CC BY 4.0, and the `dev` CJK
/// characters of mcyph/cnn_chinese_hw, LGPL-2.1; laid out by `Benchmarks/make_card_pages.py
/// --fixture`), read with `en,zh,ja`: each line, and each part of a line, in its own script.
enum MixedCards {
    struct Item: Decodable {
        var label: String
        var script: String
        var strokes: [[[Double]]]
    }

    struct Page: Decodable {
        var kind: String
        var items: [Item]
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/cjk/mixed-cards.json")

    /// Each page of the fixture as a drawing, with the strokes of each item.
    static func pages() throws -> [(kind: String, drawing: Drawing, items: [(Item, Set<UUID>)])] {
        try JSONDecoder().decode([Page].self, from: Data(contentsOf: fixture)).map { page in
            var drawing = Drawing()
            var items: [(Item, Set<UUID>)] = []
            for item in page.items {
                var ids = Set<UUID>()
                for points in item.strokes {
                    let stroke = Stroke(
                        id: UUID(),
                        path: StrokePath(
                            controlPoints: points.map { StrokePoint(location: Point(x: $0[0], y: $0[1])) }))
                    ids.insert(stroke.id)
                    drawing.strokes.append(stroke)
                }
                items.append((item, ids))
            }
            return (page.kind, drawing, items)
        }
    }

    /// Whether a word read mostly from the item's strokes has the item's label among its readings.
    static func found(_ item: (Item, Set<UUID>), in transcript: Transcript) -> Bool {
        transcript.lines.flatMap(\.words).contains { word in
            2 * word.strokeIDs.intersection(item.1).count >= item.1.count
                && word.candidates.contains { $0.text.lowercased() == item.0.label.lowercased() }
        }
    }
}

@Suite(.enabled(if: KanjiVGLines.modelsInstalled, KanjiVGLines.skipReason))
struct MixedScriptTests {
    static let languages = ["en", "zh", "ja"].map { Locale.Language(identifier: $0) }

    /// Version 24 read every line one way: a card line "self 自" lost either the word or the
    /// character, and most characters among English notes were read as punctuation.
    @Test func vocabularyCardsAndNotesReadBothScripts() throws {
        let recognizer = try HandwritingRecognizer.make(languages: Self.languages)
        for page in try MixedCards.pages() where page.kind != "card-under" {
            let transcript = recognizer.transcribe(page.drawing)
            for script in ["latin", "cjk"] {
                let items = page.items.filter { $0.0.script == script }
                let found = items.filter { MixedCards.found($0, in: transcript) }.count
                #expect(
                    2 * found >= items.count, "\(page.kind): \(found) of \(items.count) \(script) items found")
            }
        }
    }

    /// Version 26 laid a page read with `en,zh,ja` out whole at the CJK size, which put each
    /// card's character under its English word into one line with it and with the next row:
    /// most English words of such cards were lost. The English words are laid out as on an
    /// English page now, and the characters at their own size.
    @Test func cardsWithTheCharacterUnderTheWordLoseTheWords() throws {
        let recognizer = try HandwritingRecognizer.make(languages: Self.languages)
        let page = try #require(try MixedCards.pages().first { $0.kind == "card-under" })
        let transcript = recognizer.transcribe(page.drawing)
        let words = page.items.filter { $0.0.script == "latin" }
        let found = words.filter { MixedCards.found($0, in: transcript) }.count
        #expect(9 * found >= 4 * words.count, "\(found) of \(words.count) English words found: \(transcript.text)")
    }

    /// The ink the Latin reading settles is not read again: a sure English word stays one word
    /// in a line of its own, whichever layout the characters get.
    @Test func sureEnglishWordsAreReadOnce() throws {
        let recognizer = try HandwritingRecognizer.make(languages: Self.languages)
        let page = try #require(try MixedCards.pages().first { $0.kind == "notes" })
        let transcript = recognizer.transcribe(page.drawing)
        let words = transcript.lines.flatMap(\.words)
        for (index, word) in words.enumerated() {
            let others = words[(index + 1)...].filter { !$0.strokeIDs.isDisjoint(with: word.strokeIDs) }
            #expect(others.isEmpty, "\(word.text) shares strokes with \(others.map(\.text))")
        }
    }

    /// One card line, the English word then its character: both are read, each its own way.
    @Test func wordAndCharacterOnOneLine() throws {
        let recognizer = try HandwritingRecognizer.make(languages: Self.languages)
        let page = try #require(try MixedCards.pages().first { $0.kind == "card-line" })
        var drawing = Drawing()
        let pair = Array(page.items.prefix(2))
        for (_, ids) in pair { drawing.strokes += page.drawing.strokes.filter { ids.contains($0.id) } }
        let transcript = recognizer.transcribe(drawing)
        #expect(transcript.lines.count == 1)
        for item in pair {
            #expect(MixedCards.found(item, in: transcript), "\(item.0.label) not read: \(transcript.text)")
        }
    }
}
