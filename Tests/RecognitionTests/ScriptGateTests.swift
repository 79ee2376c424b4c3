import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// The gate in front of the character reader (`ScriptGate`): which doubtful words of a page read
/// with `en,zh,ja` the character reader reads at all.
struct ScriptGateTests {
    /// A character reader that reads nothing and remembers the ink it was handed.
    final class Recorder: LineReading, @unchecked Sendable {
        private let lock = NSLock()
        private var inks: [LineInk] = []

        var handed: [LineInk] {
            lock.lock()
            defer { lock.unlock() }
            return inks
        }

        func read(_ line: LineInk) -> [DecodedWord] {
            lock.lock()
            defer { lock.unlock() }
            inks.append(line)
            return []
        }

        func read(_ line: LineInk, lineHeight: Double?) -> [DecodedWord] {
            read(line)
        }
    }

    /// The shipped `en,zh,ja` recognizer with `recorder` as its character reader, gated or not.
    static func recognizer(_ recorder: Recorder, gated: Bool) throws -> HandwritingRecognizer {
        let codes = ["en", "ja", "zh"]
        var reader = MixedScriptLineReader(latin: try RecognizerResources.lineReader(languages: ["en"]), cjk: recorder)
        if !gated { reader.gate = nil }
        return HandwritingRecognizer(
            lineReader: reader, layout: try HandwritingRecognizer.layout(for: codes),
            latinLayout: try HandwritingRecognizer.latinLayout(for: codes))
    }

    /// The strokes of some items of a fixture page as a drawing of their own.
    static func drawing(_ items: [(MixedCards.Item, Set<UUID>)], of page: Drawing) -> Drawing {
        var drawing = Drawing()
        for (_, ids) in items { drawing.strokes += page.strokes.filter { ids.contains($0.id) } }
        return drawing
    }

    /// Version 28 read every doubtful word of an English page again as characters ("to" in two
    /// strokes, a name the lists lack), which made English pages read with `en,zh,ja` five times
    /// as slow as with `en`. Of the English words of the notes fixture's rows, each row a line of
    /// its own, a row whose doubtful words went to the character reader keeps them from it now, and
    /// the ink handed to it falls to under a quarter.
    @Test(.enabled(if: KanjiVGLines.modelsInstalled, KanjiVGLines.skipReason))
    func englishLinesAreNotReadAsCharacters() throws {
        let page = try #require(try MixedCards.pages().first { $0.kind == "notes" })
        // the English words of each row of notes (a row: items whose tops lie within a writing size)
        var rows: [[(MixedCards.Item, Set<UUID>)]] = []
        for item in page.items.sorted(by: { MixedCards.top($0.0) < MixedCards.top($1.0) }) {
            if let last = rows.last?.first, MixedCards.top(item.0) - MixedCards.top(last.0) < MixedCards.size {
                rows[rows.count - 1].append(item)
            } else {
                rows.append([item])
            }
        }
        rows = rows.map { $0.filter { $0.0.script == "latin" } }.filter { $0.count >= 3 }
        try #require(!rows.isEmpty)
        var doubted = 0, spared = 0, handed = (ungated: 0, gated: 0)
        var unspared: [String] = []
        for row in rows {
            let drawing = Self.drawing(row, of: page.drawing)
            let ungated = Recorder()
            _ = try Self.recognizer(ungated, gated: false).transcribe(drawing)
            let gated = Recorder()
            let transcript = try Self.recognizer(gated, gated: true).transcribe(drawing)
            handed.ungated += ungated.handed.map(\.points.count).reduce(0, +)
            handed.gated += gated.handed.map(\.points.count).reduce(0, +)
            guard !ungated.handed.isEmpty else { continue }
            doubted += 1
            if gated.handed.isEmpty { spared += 1 } else { unspared.append(transcript.text) }
        }
        #expect(doubted > 0, "no English row has a word the Latin reading doubts")
        #expect(spared > 0, "every doubted row still reaches the character reader: \(unspared)")
        #expect(4 * handed.gated <= handed.ungated, "\(handed)")
    }

    /// A card's character still reaches the character reader, and is read: "self 自" on one line.
    @Test(.enabled(if: KanjiVGLines.modelsInstalled, KanjiVGLines.skipReason))
    func cardCharactersAreStillReadAsCharacters() throws {
        let page = try #require(try MixedCards.pages().first { $0.kind == "card-line" })
        let pair = Array(page.items.prefix(2))
        let character = try #require(pair.first { $0.0.script == "cjk" })
        let box = try #require(
            Rect(enclosing: character.0.strokes.joined().map { Point(x: $0[0], y: $0[1]) }))
        let recorder = Recorder()
        _ = try Self.recognizer(recorder, gated: true).transcribe(Self.drawing(pair, of: page.drawing))
        let inside = recorder.handed.flatMap(\.points).filter { box.insetBy(dx: -2, dy: -2).contains($0.location) }
        #expect(!inside.isEmpty, "the ink of \(character.0.label) was not read as characters")
        let transcript = try HandwritingRecognizer.make(languages: MixedScriptTests.languages)
            .transcribe(Self.drawing(pair, of: page.drawing))
        #expect(MixedCards.found(character, in: transcript), "\(character.0.label) not read: \(transcript.text)")
    }

    /// A straight stroke does not turn; a circle turns once, however finely it is sampled.
    @Test func turningOfStraightAndRoundStrokes() {
        let line = (0...50).map { Point(x: Double($0), y: 0.5 * Double($0)) }
        #expect(ScriptGate.bending(line, step: 1).turning < 0.01)
        let circle = (0...400).map { k in
            Point(x: 10 * cos(Double(k) * 2 * .pi / 400), y: 10 * sin(Double(k) * 2 * .pi / 400))
        }
        let bend = ScriptGate.bending(circle, step: 1)
        #expect(abs(bend.turning / (2 * .pi) - 1) < 0.1)
        #expect(abs(bend.length - 20 * .pi) < 2)
    }

    /// Turning and traces per letter weigh the way the fit found: a word of round letters read as
    /// a known word is turned away, a square of straight strokes read as one letter is let through.
    @Test func gateWeighsTurningAndStrokesPerLetter() {
        let gate = ScriptGate()
        let cursive = ScriptGate.Shape(
            letters: 5, traces: 2, confidence: 0.45, known: true, height: 0.7, width: 2.5, turning: 1.0,
            traceLength: 2.5)
        let character = ScriptGate.Shape(
            letters: 1, traces: 6, confidence: 0.4, known: false, height: 1.0, width: 1.0, turning: 0.1,
            traceLength: 0.5)
        #expect(!gate.admits(cursive))
        #expect(gate.admits(character))
    }
}
