import Foundation

/// The languages handwriting is recognized in, and how a preferred list is checked against them.
///
/// The model reads the Latin alphabet, digits and common punctuation, with an English lexicon, so
/// English (any region: en, en-US, en-GB …) is the one supported language for now.
public enum RecognitionLanguage {
    /// Languages the recognizer reads, most preferred first.
    public static let supported: [Locale.Language] = [Locale.Language(identifier: "en")]

    /// Whether `language` is read: its language code is that of a supported language.
    public static func isSupported(_ language: Locale.Language) -> Bool {
        guard let code = language.languageCode else { return false }
        return supported.contains { $0.languageCode == code }
    }

    /// The preferred languages to use, checked.
    ///
    /// - Parameter preferred: nil for the supported languages.
    /// - Throws: `LanguageError.unsupported` naming every language not supported, when any is.
    public static func resolve(_ preferred: [Locale.Language]?) throws(LanguageError) -> [Locale.Language] {
        guard let preferred else { return supported }
        let unsupported = preferred.filter { !isSupported($0) }
        guard unsupported.isEmpty else { throw .unsupported(unsupported) }
        return preferred.isEmpty ? supported : preferred
    }
}

/// A preferred language the recognizer cannot read.
///
/// The choice: creating a `StrokeRecognizer` with an unsupported preferred language fails (the
/// initializers throw this error) rather than silently recognizing as English and returning text
/// a user of that language would not expect.
public enum LanguageError: Error, Sendable, Hashable, CustomStringConvertible {
    case unsupported([Locale.Language])

    public var description: String {
        switch self {
        case .unsupported(let languages):
            let names = languages.map(\.minimalIdentifier).joined(separator: ", ")
            let supported = RecognitionLanguage.supported.map(\.minimalIdentifier).joined(separator: ", ")
            return "unsupported recognition language: \(names) (supported: \(supported))"
        }
    }
}
