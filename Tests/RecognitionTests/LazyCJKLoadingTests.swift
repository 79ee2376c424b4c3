import DrawingModel
import Foundation
import Synchronization
import Testing

@testable import Recognition

/// What Chinese and Japanese cost before a character is read: the resource check only finds the
/// files, and the CJK reader (its networks, Zinnia's models, the character models) is loaded when
/// the first piece reaches it (`LazyLineReader`).
struct LazyCJKLoadingTests {
    static let codes = ["en", "ja", "zh"]

    /// The shipped `en,zh,ja` reader with a CJK reader of its own, not yet loaded.
    static func recognizer() throws -> (HandwritingRecognizer, LazyLineReader) {
        let cjk = try RecognizerResources.lazyCJKReader(languages: ["ja", "zh"])
        let reader = MixedScriptLineReader(latin: try RecognizerResources.lineReader(languages: ["en"]), cjk: cjk)
        let recognizer = HandwritingRecognizer(
            lineReader: reader, layout: try HandwritingRecognizer.layout(for: codes),
            latinLayout: try HandwritingRecognizer.latinLayout(for: codes))
        return (recognizer, cjk)
    }

    /// Version 29 loaded both character networks, Zinnia's models and the character models while
    /// checking the resources, before any page was read, which cost English pages read with
    /// `en,zh,ja` more than a page's reading. English writing by unseen writers whose doubtful
    /// words the gate turns away is read without loading the CJK reader; a card's character
    /// loads it, once, and is read.
    @Test(.enabled(if: KanjiVGLines.modelsInstalled, KanjiVGLines.skipReason))
    func englishPagesDoNotLoadTheCJKReader() throws {
        let samples =
            try RealHandwritingTests.samples("dev-lines-sample.json")
            + RealHandwritingTests.samples("dev-words-sample.json")
        // the English drawings of which the gate lets nothing through to the character reader
        let english = try samples.map(\.drawing).filter { drawing in
            let recorder = ScriptGateTests.Recorder()
            _ = try ScriptGateTests.recognizer(recorder, gated: true).transcribe(drawing)
            return recorder.handed.isEmpty
        }
        try #require(english.count * 2 >= samples.count, "\(english.count) of \(samples.count)")
        let (recognizer, cjk) = try Self.recognizer()
        #expect(!cjk.isLoaded)
        let words = english.map { recognizer.transcribe($0).lines.flatMap(\.words).count }.reduce(0, +)
        #expect(words > 0)
        #expect(!cjk.isLoaded, "English writing loaded the character reader")

        let page = try #require(try MixedCards.pages().first { $0.kind == "card-line" })
        let pair = Array(page.items.prefix(2))
        let character = try #require(pair.first { $0.0.script == "cjk" })
        let transcript = recognizer.transcribe(ScriptGateTests.drawing(pair, of: page.drawing))
        #expect(cjk.isLoaded)
        #expect(MixedCards.found(character, in: transcript), "\(character.0.label) not read: \(transcript.text)")
    }

    /// The shipped recognizer's CJK reader beside English is the lazy one.
    @Test func theShippedMixedReaderLoadsItsCJKReaderLazily() throws {
        let recognizer = try HandwritingRecognizer.make(languages: MixedScriptTests.languages)
        let mixed = try #require(recognizer.lineReader as? MixedScriptLineReader)
        #expect(mixed.cjk is LazyLineReader)
    }

    /// `startBuilding()` builds the reader on a thread of its own before anything is read, and
    /// only once: a read afterwards gets that build.
    @Test func startBuildingBuildsOnceOnAnotherThread() throws {
        let builders = Mutex<[pthread_t]>([])
        let lazy = LazyLineReader {
            builders.withLock { $0.append(pthread_self()) }
            return LetterReader(letters: [:], wordGap: 0)
        }
        lazy.startBuilding()
        let deadline = Date().addingTimeInterval(30)
        while !lazy.isLoaded, Date() < deadline { usleep(1_000) }
        try #require(lazy.isLoaded, "the reader was not built within 30 s")
        #expect(builders.withLock { $0.count } == 1)
        #expect(builders.withLock { $0.first } != pthread_self(), "built on the caller's thread")
        _ = lazy.read(LineInk(points: []))
        #expect(builders.withLock { $0.count } == 1, "built again at the first read")
    }

    /// The shipped mixed reader starts building its CJK reader at once, without a page to read.
    @Test(.enabled(if: KanjiVGLines.modelsInstalled, KanjiVGLines.skipReason))
    func theShippedMixedReaderStartsBuildingItsCJKReader() throws {
        let reader = try RecognizerResources.makeMixedReader(
            languages: ["en", "ja", "zh"], settings: DecoderSettings())
        let lazy = try #require((reader as? MixedScriptLineReader)?.cjk as? LazyLineReader)
        let deadline = Date().addingTimeInterval(120)
        while !lazy.isLoaded, Date() < deadline { usleep(10_000) }
        #expect(lazy.isLoaded)
    }

    /// A language set whose Zinnia model is missing fails at the check, naming the file and the
    /// package that installs it, in one line.
    @Test func aMissingCJKFileFailsTheCheckByName() {
        #expect {
            try HandwritingRecognizer.checkResources(
                languages: MixedScriptTests.languages, zinniaDirectory: "/nonexistent")
        } throws: { error in
            let message = "\(error)"
            return message.contains("/nonexistent/handwriting-")
                && message.contains("install the Debian package tegaki-zinnia-") && !message.contains("\n")
        }
        #expect(throws: Never.self) {
            try HandwritingRecognizer.checkResources(
                languages: [Locale.Language(identifier: "en")], zinniaDirectory: "/nonexistent")
        }
    }

    /// A file that is not a model is refused at the check by its first bytes.
    @Test(arguments: [
        ([UInt8](), "bad magic"), (Array("NBIXRNN".utf8) + [0], "ends early"),
        (Array("NBIXRNN".utf8) + [0, 2, 0, 0, 0], "version 2"),
    ])
    func aDamagedHeaderIsRefused(head: [UInt8], reason: String) {
        #expect {
            try ModelContainer.checkHeader(head)
        } throws: { error in
            "\(error)".contains(reason)
        }
        #expect(throws: Never.self) { try ModelContainer.checkHeader(ModelContainer.magic + [1, 0, 0, 0]) }
    }
}
