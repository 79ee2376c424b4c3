import Foundation

/// Loads the shipped model, word lists and language-model text from the package's resources, once
/// per process and language set (the model is immutable, so every thread shares it).
enum RecognizerResources {
    static let modelName = "recognizer"
    static let modelExtension = "nbm"
    /// The CJK character classifier's weights (`CharacterNetwork`; trained by us from fonts).
    static let characterModelName = "cjk-characters"
    /// The networks of other training runs read with it (`CharacterNetwork.companions`).
    static let companionCharacterModelNames = ["cjk-characters-2"]
    /// Sentences (UNIPEN `train` text lines) the character model learns word order from.
    static let sentencesName = "lm-text-en"
    /// Slurs and insults kept out of every word list and of the character model.
    static let blockedWordsName = "blocked-words"
    /// The extension of a word list's commonness classes (`WordCommonness`).
    static let commonnessExtension = "commonness"

    /// The word list of a language code (`words-en`, `words-de` …).
    static func wordListName(_ code: String) -> String { "words-\(code)" }

    /// Where the installed word list of language `code` is; nil for a language without one.
    static func wordListURL(_ code: String) -> URL? {
        Bundle.module.url(forResource: wordListName(code), withExtension: "txt")
    }

    /// The character model of a CJK language code (`cjk-zh`, `cjk-ja`).
    static func cjkModelName(_ code: String) -> String { "cjk-\(code)" }

    private static let cache = LineReaderCache()

    /// The line reader for `languages` (language codes, sorted, each once), built at the first
    /// request: the network for the Latin-script ones, the CJK reader for Chinese and Japanese.
    static func lineReader(languages: [String]) throws(ModelError) -> any LineReading {
        try cache.reader(for: languages) { () throws(ModelError) in
            try makeMixedReader(languages: languages, settings: DecoderSettings())
        }
    }

    /// The network's reader for the Latin-script languages of `languages` (nil for none) and the
    /// CJK reader for the others (nil for none), together.
    static func makeMixedReader(
        languages: [String], settings: DecoderSettings, cjkSettings: CJKLatticeSettings = .init(),
        cjkEngine: CJKCharacterEngine = .combined
    ) throws(ModelError) -> any LineReading {
        let latin = languages.filter { !RecognitionLanguage.cjkCodes.contains($0) }
        let cjk = languages.filter { RecognitionLanguage.cjkCodes.contains($0) }
        guard !cjk.isEmpty else {
            return try makeLineReader(languages: latin.isEmpty ? ["en"] : latin, settings: settings)
        }
        // the CJK reader loads on another thread while this one loads the Latin network
        let characters = try lazyCJKReader(languages: cjk, settings: cjkSettings, engine: cjkEngine)
        characters.startBuilding()
        let western = latin.isEmpty ? nil : try makeLineReader(languages: latin, settings: settings)
        return MixedScriptLineReader(latin: western, cjk: characters)
    }

    /// `makeCJKReader`'s reader, built when it first reads (`LazyLineReader`); its files are
    /// checked now (`checkCJKFiles`).
    static func lazyCJKReader(
        languages: [String], settings: CJKLatticeSettings = .init(), engine: CJKCharacterEngine = .combined
    ) throws(ModelError) -> LazyLineReader {
        try checkCJKFiles(languages: languages, engine: engine)
        return LazyLineReader { () throws(ModelError) in
            try makeCJKReader(languages: languages, settings: settings, engine: engine)
        }
    }

    /// Checks that the files the CJK reader of `languages` (CJK codes) reads are installed and
    /// open, and that each network's file starts as one, without reading them: loading them takes
    /// longer than reading an English page, which may never need them (`LazyLineReader`).
    /// - Parameter zinniaDirectory: where Zinnia's models are (nil: `ZinniaModel.path`'s default).
    /// - Throws: `ModelError.missing` in one line naming the first file missing (and, for
    ///   Zinnia's, the Debian package that installs it); `.invalid` for a network file that is not one.
    static func checkCJKFiles(
        languages: [String], engine: CJKCharacterEngine = .combined, zinniaDirectory: String? = nil
    ) throws(ModelError) {
        let first = languages.filter { !hantKoreanCodes.contains($0) }
        for code in languages {
            if engine != .network, first.contains(code) {
                _ = try ZinniaModel.installedPath(language: code, directory: zinniaDirectory)
            }
            try checkOpens(cjkModelName(code), "txt")
        }
        if !first.isEmpty, engine != .zinnia {
            for name in [characterModelName] + companionCharacterModelNames { try checkOpens(name, modelExtension) }
        }
        if first.count < languages.count { try checkOpens(hantKoreanModelName, modelExtension) }
    }

    /// Checks that the resource `name.ext` is installed and opens; a model file (`modelExtension`)
    /// must also start with the container's magic and version.
    static func checkOpens(_ name: String, _ ext: String) throws(ModelError) {
        let url = try resourceURL(name, ext)
        let file: FileHandle
        do {
            file = try FileHandle(forReadingFrom: url)
        } catch {
            throw .missing("\(url.path): \(error.localizedDescription)")
        }
        defer { try? file.close() }
        guard ext == modelExtension else { return }
        let head = (try? file.read(upToCount: ModelContainer.headerSize)) ?? Data()
        do throws(ModelError) {
            try ModelContainer.checkHeader([UInt8](head))
        } catch .invalid(let why) {
            throw .invalid("\(name).\(ext): \(why)")
        } catch {
            throw error
        }
    }

    /// The CJK reader for CJK language codes: the character network (a resource) and Zinnia's
    /// model of each language (from Debian) read each character together
    /// (`CombinedCharacterClassifier`), and each language's character model (a resource) weighs
    /// the characters of a line.
    /// - Throws: `ModelError.missing` naming the model file (and, for Zinnia's, the Debian package
    ///   that installs it).
    static func makeCJKReader(
        languages: [String], settings: CJKLatticeSettings = .init(), engine: CJKCharacterEngine = .combined
    ) throws(ModelError) -> CJKLineReader {
        // Traditional Chinese and Korean have no Zinnia model: the second network reads them alone
        let first = languages.filter { !hantKoreanCodes.contains($0) }
        var zinnia: [CJKCharacterClassifier] = []
        var models: [CJKLanguageModel] = []
        for code in languages {
            if engine != .network, first.contains(code) {
                zinnia.append(CJKCharacterClassifier(model: try ZinniaModel.shared(language: code)))
            }
            let name = cjkModelName(code)
            models.append(
                try CJKLanguageModel(text: String(decoding: try load(name, "txt"), as: UTF8.self), name: "\(name).txt"))
        }
        var classifiers: [any CharacterClassifying] = []
        var sketch: NetworkCharacterClassifier?
        if !first.isEmpty {
            switch engine {
            case .zinnia:
                classifiers = zinnia
            case .network:
                let network = try characterNetwork()
                classifiers = [NetworkCharacterClassifier(network: network, languages: first)]
                sketch = NetworkCharacterClassifier(network: network.sketch, languages: first)
            case .combined:
                let network = try characterNetwork().companionViews(settings.companionViews)
                classifiers = [
                    CombinedCharacterClassifier(
                        network: NetworkCharacterClassifier(network: network, languages: first), zinnia: zinnia,
                        sureProbability: settings.sureProbability, agreedProbability: settings.agreedProbability)
                ]
                sketch = NetworkCharacterClassifier(network: network.sketch, languages: first)
            }
        }
        if let second = try hantKoreanClassifier(languages: languages) {
            classifiers.append(second)
            // the first network's quick look knows none of the second's characters
            sketch = nil
        }
        var reader = CJKLineReader(
            classifiers: classifiers, languageModels: models, lattice: CJKLattice(settings: settings))
        reader.sketch = sketch
        return reader
    }

    /// The CJK character classifier from the resources, its reasons prefixed with the file's name.
    /// - Throws: `ModelError.missing` when the file is not installed, `.invalid` when it is damaged.
    static func characterNetwork() throws(ModelError) -> CharacterNetwork {
        try loadedCharacterNetwork.get()
    }

    /// The character networks are read and averaged once a process: checking the resources
    /// (`checkResources(languages:)`) and building the reader share them.
    private static let loadedCharacterNetwork = Result { () throws(ModelError) in try readCharacterNetwork() }

    private static func readCharacterNetwork() throws(ModelError) -> CharacterNetwork {
        var network = try naming(characterModelName) { () throws(ModelError) in
            try CharacterNetwork(data: load(characterModelName, modelExtension))
        }
        for name in companionCharacterModelNames {
            network = try naming(name) { () throws(ModelError) in
                try network.averaged(with: [CharacterNetwork(data: load(name, modelExtension))])
            }
        }
        return network
    }

    /// `make`'s result, the reason of a damaged resource prefixed with the file's name.
    private static func naming<T>(_ name: String, _ make: () throws(ModelError) -> T) throws(ModelError) -> T {
        do throws(ModelError) {
            return try make()
        } catch .invalid(let why) {
            throw .invalid("\(name).\(modelExtension): \(why)")
        } catch {
            throw error
        }
    }

    /// A reader whose lexicon holds the words of every language of `languages` and whose
    /// character model learns from all of them, so a page mixing them reads either way.
    static func makeLineReader(languages: [String], settings: DecoderSettings) throws(ModelError) -> NeuralLineReader {
        let model = try ModelFile(data: try load(modelName, modelExtension))
        let blocked = try blockedWords()
        var words: [Substring] = []
        var classes: [UInt8] = []
        var ranked: WordCommonness?
        var everyListRanked = true
        for code in languages {
            let list = String(decoding: try load(wordListName(code), "txt"), as: UTF8.self)
            let listed = list.split(separator: "\n")
            let commonness = try wordCommonness(code, wordCount: listed.count)
            everyListRanked = everyListRanked && commonness != nil
            for (i, word) in listed.enumerated() where !blocked.contains(word.lowercased()) {
                words.append(word)
                classes.append(commonness?.classes[i] ?? WordCommonness.rarest)
            }
            ranked = ranked ?? commonness
        }
        let sentences = String(decoding: try load(sentencesName, "txt"), as: UTF8.self)
        // Words are ranked only when every language's list ranks them (English's alone does): a
        // prior for one language's common words beside another's unranked list reads the other
        // language's lone words as English look-alikes (`make bench-languages`).
        let lexicon =
            everyListRanked
            ? ranked.map { Lexicon(words: words, ranked: WordCommonness(classes: classes, logPrior: $0.logPrior)) }
                ?? Lexicon(words: words)
            : Lexicon(words: words)
        let kept = sentences.split(separator: "\n").filter { line in
            !line.split(whereSeparator: { !$0.isLetter }).contains { blocked.contains($0.lowercased()) }
        }
        let mixed = MixedTokenText.lines(
            count: Int(settings.mixedTokenShare * Double(words.count)), sentences: kept)
        let texts = words.lazy.map(String.init) + kept.map(String.init) + mixed
        return try NeuralLineReader(
            model: model, languageModel: CharacterLanguageModel(texts: texts), lexicon: lexicon,
            settings: settings)
    }

    /// The commonness classes of language `code`'s word list of `wordCount` words
    /// (`words-<code>.commonness`); nil for a language without them.
    static func wordCommonness(_ code: String, wordCount: Int) throws(ModelError) -> WordCommonness? {
        let name = wordListName(code)
        guard Bundle.module.url(forResource: name, withExtension: commonnessExtension) != nil else { return nil }
        return try WordCommonness(
            text: String(decoding: try load(name, commonnessExtension), as: UTF8.self), wordCount: wordCount,
            name: "\(name).\(commonnessExtension)")
    }

    /// The words of `blocked-words.txt`, lower case.
    static func blockedWords() throws(ModelError) -> Set<String> {
        let text = String(decoding: try load(blockedWordsName, "txt"), as: UTF8.self)
        return Set(
            text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            })
    }

    static func load(_ name: String, _ ext: String) throws(ModelError) -> Data {
        let url = try resourceURL(name, ext)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .missing("\(url.path): \(error.localizedDescription)")
        }
    }

    /// Where the installed resource `name.ext` is.
    /// - Throws: `ModelError.missing` when it is not among the installed resources.
    private static func resourceURL(_ name: String, _ ext: String) throws(ModelError) -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext) else {
            throw .missing("\(name).\(ext) is not among the installed resources (\(Bundle.module.bundlePath))")
        }
        return url
    }
}

/// Built line readers by language set; building one (the lexicon and character model of its word
/// lists) takes far longer than reading a page, so each set is built once and shared.
private final class LineReaderCache: @unchecked Sendable {
    private let lock = NSLock()
    private var readers: [[String]: Result<any LineReading, ModelError>] = [:]

    func reader(
        for key: [String], build: () throws(ModelError) -> any LineReading
    ) throws(ModelError) -> any LineReading {
        lock.lock()
        defer { lock.unlock() }
        if let done = readers[key] { return try done.get() }
        let result = Result { () throws(ModelError) in try build() }
        readers[key] = result
        return try result.get()
    }
}

extension HandwritingRecognizer {
    /// The recognizer for English built from the shipped model, word list and language model.
    /// Loading happens once per process; later calls share it.
    /// - Throws: `ModelError` when the resources are missing or damaged.
    public static func makeDefault() throws(ModelError) -> HandwritingRecognizer {
        HandwritingRecognizer(
            lineReader: try RecognizerResources.lineReader(languages: ["en"]), layout: try layout(for: ["en"]),
            verdict: try ReaderVerdict.configured())
    }

    /// The recognizer for `languages` (each one of `RecognitionLanguage.supported`; checked by
    /// `RecognitionLanguage.resolve`), sharing one build per language set in the process.
    public static func make(languages: [Locale.Language]) throws(ModelError) -> HandwritingRecognizer {
        let codes = Set(languages.compactMap { $0.languageCode?.identifier }).sorted()
        return HandwritingRecognizer(
            lineReader: try RecognizerResources.lineReader(languages: codes.isEmpty ? ["en"] : codes),
            layout: try layout(for: codes), latinLayout: try latinLayout(for: codes),
            verdict: try ReaderVerdict.configured())
    }

    /// The layout for reading `codes`: scaled for CJK writing when Chinese or Japanese is among them,
    /// else with the shipped stroke classifier.
    /// - Throws: `ModelError` when the classifier's file is missing or damaged (the rules alone
    ///   would read differently under the same recognition version).
    static func layout(for codes: [String]) throws(ModelError) -> LayoutAnalyzer {
        guard codes.contains(where: RecognitionLanguage.cjkCodes.contains) else {
            return LayoutAnalyzer(strokeClassifier: try StrokeClassifier.shipped.get())
        }
        return LayoutAnalyzer(sizeScale: LayoutAnalyzer.cjkSizeScale)
    }

    /// For Latin-script and CJK languages together, the layout of the Latin lines read first
    /// (`MixedScriptLayout`): the one an English page gets; nil otherwise.
    static func latinLayout(for codes: [String]) throws(ModelError) -> LayoutAnalyzer? {
        let cjk = codes.filter(RecognitionLanguage.cjkCodes.contains)
        guard !cjk.isEmpty, cjk.count < codes.count else { return nil }
        return try layout(for: [])
    }

    /// Checks that the resources are installed and the model file is intact, without building
    /// the language model (cheap: a command can call it before knowing whether it will read ink).
    public static func checkResources() throws(ModelError) {
        try checkResources(languages: [])
    }

    /// `checkResources()`, and for Chinese and Japanese among `languages` that Zinnia's model is
    /// installed and readable and the character network and character model are among the
    /// resources (for Traditional Chinese and Korean the second network and character model).
    /// - Throws: `ModelError.missing` naming the model file and the Debian package to install.
    public static func checkResources(languages: [Locale.Language]) throws(ModelError) {
        try checkResources(languages: languages, zinniaDirectory: nil)
    }

    /// `checkResources(languages:)` with Zinnia's models looked for in `zinniaDirectory` (nil:
    /// `ZinniaModel.path`'s default). The CJK files are only checked to be there and open
    /// (`RecognizerResources.checkCJKFiles`): the CJK reader loads them when it first reads.
    package static func checkResources(languages: [Locale.Language], zinniaDirectory: String?) throws(ModelError) {
        let cjk = RecognitionLanguage.canonicalCodes(languages).filter(RecognitionLanguage.cjkCodes.contains)
        try RecognizerResources.checkCJKFiles(languages: cjk, zinniaDirectory: zinniaDirectory)
        _ = try ModelFile(
            data: try RecognizerResources.load(RecognizerResources.modelName, RecognizerResources.modelExtension))
        _ = try RecognizerResources.load(RecognizerResources.wordListName("en"), "txt")
        _ = try RecognizerResources.load(RecognizerResources.sentencesName, "txt")
        _ = try RecognizerResources.blockedWords()
        _ = try StrokeClassifier.shipped.get()
    }

    /// Size in bytes of the shipped model file, nil when it is missing.
    package static var modelFileSize: Int? {
        guard
            let url = Bundle.module.url(
                forResource: RecognizerResources.modelName, withExtension: RecognizerResources.modelExtension)
        else { return nil }
        return (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int
    }

    /// A recognizer with other decoder settings (for tuning on the dev writers; the shipped
    /// settings are `DecoderSettings()`). Builds its own copy of the resources.
    package static func make(
        settings: DecoderSettings, languages: [String] = ["en"], cjkSettings: CJKLatticeSettings = .init(),
        cjkEngine: CJKCharacterEngine = .combined
    ) throws(ModelError) -> HandwritingRecognizer {
        HandwritingRecognizer(
            lineReader: try RecognizerResources.makeMixedReader(
                languages: languages, settings: settings, cjkSettings: cjkSettings, cjkEngine: cjkEngine),
            layout: try layout(for: languages), latinLayout: try latinLayout(for: languages),
            verdict: try ReaderVerdict.configured())
    }
}
