import Foundation

/// Loads the shipped model, word list and language-model text from the package's resources, once
/// per process (the model is immutable, so every thread shares it).
enum RecognizerResources {
    static let modelName = "recognizer"
    static let modelExtension = "nbm"

    /// The English line reader built from the bundled resources, or why it could not be built.
    static let englishLineReader: Result<NeuralLineReader, ModelError> = Result { () throws(ModelError) in
        try makeEnglishLineReader(settings: DecoderSettings())
    }

    static func makeEnglishLineReader(settings: DecoderSettings) throws(ModelError) -> NeuralLineReader {
        let model = try ModelFile(data: try load(modelName, modelExtension))
        let words = String(decoding: try load("words-en", "txt"), as: UTF8.self)
        let sentences = String(decoding: try load("lm-text-en", "txt"), as: UTF8.self)
        let wordList = words.split(separator: "\n")
        let lexicon = Lexicon(words: wordList)
        let texts = wordList.lazy.map(String.init) + sentences.split(separator: "\n").map(String.init)
        return try NeuralLineReader(model: model, languageModel: CharacterLanguageModel(texts: texts), lexicon: lexicon,
                                    settings: settings)
    }

    static func load(_ name: String, _ ext: String) throws(ModelError) -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext) else {
            throw .missing("\(name).\(ext) is not among the installed resources (\(Bundle.module.bundlePath))")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .missing("\(url.path): \(error.localizedDescription)")
        }
    }
}

extension HandwritingRecognizer {
    /// The recognizer for English built from the shipped model, word list and language model.
    /// Loading happens once per process; later calls share it.
    /// - Throws: `ModelError` when the resources are missing or damaged.
    public static func makeDefault() throws(ModelError) -> HandwritingRecognizer {
        HandwritingRecognizer(lineReader: try RecognizerResources.englishLineReader.get())
    }

    /// Checks that the resources are installed and the model file is intact, without building
    /// the language model (cheap: a command can call it before knowing whether it will read ink).
    public static func checkResources() throws(ModelError) {
        _ = try ModelFile(data: try RecognizerResources.load(RecognizerResources.modelName, RecognizerResources.modelExtension))
        _ = try RecognizerResources.load("words-en", "txt")
        _ = try RecognizerResources.load("lm-text-en", "txt")
    }

    /// Size in bytes of the shipped model file, nil when it is missing.
    public static var modelFileSize: Int? {
        guard let url = Bundle.module.url(forResource: RecognizerResources.modelName, withExtension: RecognizerResources.modelExtension)
        else { return nil }
        return (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int
    }

    /// A recognizer with other decoder settings (for tuning on the dev writers; the shipped
    /// settings are `DecoderSettings()`). Builds its own copy of the resources.
    public static func make(settings: DecoderSettings) throws(ModelError) -> HandwritingRecognizer {
        HandwritingRecognizer(lineReader: try RecognizerResources.makeEnglishLineReader(settings: settings))
    }
}
