import DrawingModel
import Foundation
import Testing

@testable import Recognition

@Suite struct StrokeRecognizerTests {
    static func recognizer(_ ink: InkBuilder) async throws -> StrokeRecognizer {
        let r = try StrokeRecognizer(recognizer: HandwritingRecognizer(lineReader: ink.reader))
        await r.updateDrawing(ink.drawing)
        return r
    }

    static func ids(_ ink: InkBuilder, _ strokes: [Int]) -> Set<UUID> {
        Set(strokes.map { ink.strokes[$0].id })
    }

    @Test func languages() throws {
        #expect(
            StrokeRecognizer.supportedLanguages.compactMap(RecognitionLanguage.code(of:)) == RecognitionLanguage.codes)
        let reader = HandwritingRecognizer(lineReader: LetterReader(letters: [:], wordGap: 0))
        let british = try StrokeRecognizer(
            recognizer: reader, preferredLanguages: [Locale.Language(identifier: "en-GB")])
        #expect(british.preferredLanguages.map(\.minimalIdentifier) == ["en-GB"])
        #expect(
            try StrokeRecognizer(recognizer: reader).preferredLanguages.compactMap(RecognitionLanguage.code(of:))
                == RecognitionLanguage.codes)
        #expect(throws: LanguageError.self) {
            try StrokeRecognizer(
                recognizer: reader, preferredLanguages: [.init(identifier: "en"), .init(identifier: "el")])
        }
        do {
            _ = try StrokeRecognizer(recognizer: reader, preferredLanguages: [.init(identifier: "ko")])
        } catch {
            #expect(
                error.description.hasPrefix(
                    "unsupported recognition language: ko (supported: en (English), fr (French)"))
        }
        #expect(StrokeRecognizer.recognitionVersion == HandwritingRecognizer.recognitionVersion)
    }

    @Test func textAndIndexableContent() async throws {
        let (ink, hello, _, _, _) = HandwritingRecognizerTests.notes()
        let r = try await Self.recognizer(ink)
        #expect(await r.recognizedText() == "hi there world,\nlol 42")
        #expect(await r.recognizedText(strokeIDs: Self.ids(ink, hello)) == "hi there")
        #expect(await r.recognizedText(strokeIDs: []) == nil)
        let content = try #require(await r.indexableContent)
        #expect(content == "hi HI there THERE world, w0r1d, WORLD,\nlol 101 LOL 42")

        await r.updateDrawing(Drawing())
        #expect(await r.recognizedText() == nil)
        #expect(await r.indexableContent == nil)
        #expect(await r.search("hi").isEmpty)
    }

    @Test func searchFindsAnyCandidateWithItsStrokesAndBox() async throws {
        let (ink, _, _, lol, _) = HandwritingRecognizerTests.notes()
        let r = try await Self.recognizer(ink)
        let box = try #require(Rect(enclosing: lol.flatMap { ink.strokes[$0].path.controlPoints.map(\.location) }))
        for query in ["lol", "101", "LOL"] {
            let results = await r.search(query, fullWordsOnly: true)
            #expect(results.map(\.strokeIDs) == [Self.ids(ink, lol)], "\(query)")
            #expect(results.first?.bounds == box)
        }
        #expect(await r.search("101").first?.text == "101")
    }

    @Test(arguments: [
        // query, fullWordsOnly, caseMatchingOnly, matched texts
        ("her", false, false, ["there"]),
        ("her", true, false, []),
        ("world", true, false, ["world,"]),
        ("wörld", false, false, ["world,"]),
        ("There", false, false, ["there"]),
        ("There", false, true, []),
        ("THERE", false, true, ["THERE"]),
        ("there world", true, false, ["there world,"]),
        ("ere wor", false, false, ["there world,"]),
        ("ere wor", true, false, []),
        ("hi world", false, false, []),  // not consecutive
        ("world lol", false, false, []),  // across lines
        ("  ", false, false, []),
        ("o", false, false, ["world,", "lol"]),
    ])
    func searchMatching(query: String, fullWordsOnly: Bool, caseMatchingOnly: Bool, texts: [String]) async throws {
        let r = try await Self.recognizer(HandwritingRecognizerTests.notes().ink)
        let results = await r.search(query, fullWordsOnly: fullWordsOnly, caseMatchingOnly: caseMatchingOnly)
        #expect(results.map(\.text) == texts)
    }

    @Test func phraseResultCoversItsWords() async throws {
        let (ink, hello, world, _, _) = HandwritingRecognizerTests.notes()
        let r = try await Self.recognizer(ink)
        let result = try #require(await r.search("there world").first)
        let there = Array(hello.dropFirst(3))
        #expect(result.strokeIDs == Self.ids(ink, there + world))
        let box = try #require(
            Rect(enclosing: (there + world).flatMap { ink.strokes[$0].path.controlPoints.map(\.location) }))
        #expect(result.bounds == box)
    }
}

@Suite struct RecognitionLanguageTests {
    @Test func supportedLanguagesHaveNames() {
        #expect(
            RecognitionLanguage.supported.compactMap(RecognitionLanguage.code(of:)) == [
                "en", "fr", "de", "es", "it", "pt", "nl", "pl", "cs", "sk", "sv", "da", "nb", "hu", "ro", "tr",
                "hr", "sr", "sl", "ca", "lt", "lv", "et", "id", "zh", "zh-Hant", "ja", "ko",
            ])
        #expect(
            RecognitionLanguage.supported.map(RecognitionLanguage.name(of:)) == [
                "English", "French", "German", "Spanish", "Italian", "Portuguese", "Dutch", "Polish", "Czech",
                "Slovak", "Swedish", "Danish", "Norwegian Bokmål", "Hungarian", "Romanian", "Turkish", "Croatian",
                "Serbian (Latin)", "Slovenian", "Catalan", "Lithuanian", "Latvian", "Estonian", "Indonesian",
                "Chinese", "Chinese (Traditional)", "Japanese", "Korean",
            ])
        #expect(RecognitionLanguage.supported.count >= 20)
    }

    @Test func everyLatinLanguageHasItsWordListAndLicence() throws {
        for code in RecognitionLanguage.latinCodes {
            let list = String(
                decoding: try RecognizerResources.load(RecognizerResources.wordListName(code), "txt"), as: UTF8.self)
            let words = list.split(separator: "\n")
            #expect(words.count >= 10_000, "words-\(code).txt")
            #expect(
                words.allSatisfy { DecoderAlphabet.bytes(of: $0) != nil },
                "words-\(code).txt: a word the decoder cannot spell")
            if code != "en" {
                let licence = try RecognizerResources.load(RecognizerResources.wordListName(code), "LICENSE")
                #expect(!licence.isEmpty, "words-\(code).LICENSE")
            }
        }
    }

    @Test(arguments: [
        ("en,de", ["en", "de"]), ("fr-CA, pt", ["fr-CA", "pt"]), ("de_AT", ["de-AT"]), ("nl,", ["nl"]),
        ("en,zh", ["en", "zh"]), ("ja, zh", ["ja", "zh"]), ("pl,cs", ["pl", "cs"]), ("no", ["nb"]),
        ("sr-Latn", ["sr-Latn"]), ("tr,sv", ["tr", "sv"]),
    ])
    func parsesLists(list: String, identifiers: [String]) throws {
        #expect(try RecognitionLanguage.parse(list).map(\.minimalIdentifier) == identifiers)
    }

    @Test func refusesUnsupportedLanguagesNamingTheSupportedOnes() {
        #expect(throws: LanguageError.unsupported([Locale.Language(identifier: "el")])) {
            try RecognitionLanguage.parse("en,el")
        }
        #expect(throws: LanguageError.none) { try RecognitionLanguage.parse(" , ") }
        #expect(
            LanguageError.unsupported([Locale.Language(identifier: "el")]).description
                == "unsupported recognition language: el (supported: \(LanguageError.supportedList))")
        #expect(LanguageError.supportedList.hasPrefix("en (English), fr (French), de (German), es (Spanish), "))
        #expect(
            LanguageError.supportedList.hasSuffix(
                "id (Indonesian), zh (Chinese), zh-Hant (Chinese (Traditional)), ja (Japanese), ko (Korean)"))
    }

    @Test(
        arguments: [
            ("de_DE.UTF-8", "de"), ("fr_CA", "fr"), ("pt_BR.utf8@euro", "pt"), ("en_GB.UTF-8", "en"),
            ("ja_JP.UTF-8", "ja"), ("zh_CN.UTF-8", "zh"), ("ko_KR.UTF-8", "ko"), ("zh_TW.UTF-8", "zh-Hant"),
            ("pl_PL.UTF-8", "pl"),
            ("nb_NO.UTF-8", "nb"), ("no_NO", "nb"), ("tr_TR.UTF-8", "tr"), ("sr_RS@latin", "sr"),
            ("C", nil), ("POSIX", nil), ("", nil), ("C.UTF-8", nil),
        ] as [(String, String?)])
    func languageOfPOSIXLocale(value: String, code: String?) {
        #expect(RecognitionLanguage.fromPOSIXLocale(value).flatMap(RecognitionLanguage.code(of:)) == code)
    }

    @Test(arguments: [
        ("zh-Hant", "zh-Hant"), ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-MO", "zh-Hant"), ("zh", "zh"),
        ("zh-CN", "zh"), ("zh-Hans-HK", "zh"), ("ko-KR", "ko"),
    ])
    func chineseInTheTraditionalScriptOrOfItsRegionsIsReadAsZhHant(identifier: String, code: String) throws {
        let language = try #require(try RecognitionLanguage.parse(identifier).first)
        #expect(RecognitionLanguage.code(of: language) == code)
    }

    @Test func canonicalCodesIgnoreOrderRegionAndRepeats() {
        let languages = ["de-AT", "en-GB", "de"].map { Locale.Language(identifier: $0) }
        #expect(RecognitionLanguage.canonicalCodes(languages) == ["en", "de"])
        let cjk = ["ja", "zh-CN", "en"].map { Locale.Language(identifier: $0) }
        #expect(RecognitionLanguage.canonicalCodes(cjk) == ["en", "zh", "ja"])
    }
}
