import Foundation

/// The languages handwriting is recognized in, and how a preferred list is checked against them.
///
/// The network reads the Latin alphabet with the accented letters of the Latin-script languages
/// below, digits and common punctuation; each of them brings its word list (`words-<code>.txt`).
/// Serbian is read in its Latin script; Norwegian is Bokmål, also accepted as `no`.
/// Chinese (Simplified) and Japanese are read character by character by `CJKLineReader` with
/// Zinnia's models from Debian and a character model of each (`cjk-<code>.txt`); Traditional
/// Chinese (`zh-Hant`) and Korean (`ko`) by the second character network alone
/// (`HantKoreanReader.swift`). A language is matched by its language code, so any region of it is
/// read (en-GB, fr-CA, pt-BR, zh-CN …); Chinese written in the Traditional script (zh-Hant) or of
/// Taiwan, Hong Kong or Macao (zh-TW, zh-HK, zh-MO) is `zh-Hant`.
package enum RecognitionLanguage {
    /// Languages the recognizer reads, English first, the Latin-script ones, then the CJK ones.
    package static let supported: [Locale.Language] = codes.map { Locale.Language(identifier: $0) }

    /// The language codes of `supported`, in order.
    package static let codes = latinCodes + cjkCodes

    /// The languages read by the network, Latin script.
    package static let latinCodes = [
        "en", "fr", "de", "es", "it", "pt", "nl", "pl", "cs", "sk", "sv", "da", "nb", "hu", "ro", "tr", "hr", "sr",
        "sl", "ca", "lt", "lv", "et", "id",
    ]

    /// The languages read character by character (`CJKLineReader`).
    package static let cjkCodes = ["zh", "zh-Hant", "ja", "ko"]

    /// What to read when nothing is chosen.
    package static let english = Locale.Language(identifier: "en")

    private static let names = [
        "en": "English", "fr": "French", "de": "German", "es": "Spanish", "it": "Italian", "pt": "Portuguese",
        "nl": "Dutch", "pl": "Polish", "cs": "Czech", "sk": "Slovak", "sv": "Swedish", "da": "Danish",
        "nb": "Norwegian Bokmål", "hu": "Hungarian", "ro": "Romanian", "tr": "Turkish", "hr": "Croatian",
        "sr": "Serbian (Latin)", "sl": "Slovenian", "ca": "Catalan", "lt": "Lithuanian", "lv": "Latvian",
        "et": "Estonian", "id": "Indonesian", "zh": "Chinese", "zh-Hant": "Chinese (Traditional)",
        "ja": "Japanese", "ko": "Korean",
    ]

    /// The regions whose Chinese is written in the Traditional script.
    private static let traditionalChineseRegions: Set<String> = ["TW", "HK", "MO"]

    /// The code `language` is read as: its language code, but `zh-Hant` for Chinese in the
    /// Traditional script or of a region that writes it; nil when it has no language code.
    package static func code(of language: Locale.Language) -> String? {
        guard let code = language.languageCode?.identifier else { return nil }
        guard code == "zh" else { return code }
        let traditional =
            language.script?.identifier == "Hant"
            || (language.script == nil
                && language.region.map { traditionalChineseRegions.contains($0.identifier) } == true)
        return traditional ? "zh-Hant" : "zh"
    }

    /// Codes read as another (`no`, Norwegian, is read as Bokmål).
    private static let aliases = ["no": "nb"]

    /// `language` with an alias's code replaced by the code it stands for, its region kept
    /// (no-NO → nb-NO).
    static func resolvingAlias(_ language: Locale.Language) -> Locale.Language {
        guard let code = language.languageCode?.identifier, let target = aliases[code] else { return language }
        let rest = language.minimalIdentifier.dropFirst(code.count)
        return Locale.Language(identifier: target + rest)
    }

    /// Whether `language` is read: its language code is that of a supported language.
    package static func isSupported(_ language: Locale.Language) -> Bool {
        code(of: language).map(codes.contains) ?? false
    }

    /// The English name of a language, for messages ("German"); its identifier when unknown.
    package static func name(of language: Locale.Language) -> String {
        code(of: language).flatMap { names[$0] } ?? language.minimalIdentifier
    }

    /// The preferred languages to use, checked.
    ///
    /// - Parameter preferred: nil for the supported languages.
    /// - Throws: `LanguageError.unsupported` naming every language not supported, when any is.
    package static func resolve(_ preferred: [Locale.Language]?) throws(LanguageError) -> [Locale.Language] {
        guard let preferred else { return supported }
        let unsupported = preferred.filter { !isSupported($0) }
        guard unsupported.isEmpty else { throw .unsupported(unsupported) }
        return preferred.isEmpty ? supported : preferred
    }

    /// The language codes of `languages` (all supported), each once, in `supported`'s order: the
    /// same set of languages reads the same way whatever order it was given in, so this is what
    /// an index stores ("de,en" and "en-GB,de" are both `["en", "de"]`).
    package static func canonicalCodes(_ languages: [Locale.Language]) -> [String] {
        let given = Set(languages.compactMap(code(of:)))
        return codes.filter(given.contains)
    }

    /// Parses a comma-separated list of language identifiers ("en,de", "fr-CA, pt").
    ///
    /// - Returns: the languages in the order given, checked; empty items are skipped.
    /// - Throws: `LanguageError.unsupported` naming every language not supported, and
    ///   `.none` when the list names no language at all.
    package static func parse(_ list: String) throws(LanguageError) -> [Locale.Language] {
        let items = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !items.isEmpty else { throw .none }
        let languages = items.map {
            resolvingAlias(Locale.Language(identifier: $0.replacingOccurrences(of: "_", with: "-")))
        }
        let unsupported = languages.filter { !isSupported($0) }
        guard unsupported.isEmpty else { throw .unsupported(unsupported) }
        return languages
    }

    /// The language of a POSIX locale such as `LANG`'s ("de_DE.UTF-8" → de) when it is supported;
    /// nil for C, POSIX, an empty value or a language we do not read.
    package static func fromPOSIXLocale(_ value: String) -> Locale.Language? {
        let name = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        guard !name.isEmpty, name != "C", name != "POSIX" else { return nil }
        let language = resolvingAlias(Locale.Language(identifier: name.replacingOccurrences(of: "_", with: "-")))
        guard isSupported(language), let code = code(of: language) else { return nil }
        return Locale.Language(identifier: code)
    }
}

/// A preferred language the recognizer cannot read.
///
/// The choice: creating a `StrokeRecognizer` with an unsupported preferred language fails (the
/// initializers throw this error) rather than silently recognizing as English and returning text
/// a user of that language would not expect.
public enum LanguageError: Error, Sendable, Hashable, CustomStringConvertible {
    case unsupported([Locale.Language])
    /// A list of languages that names none.
    case none

    /// The supported languages as a message lists them: "en (English), fr (French), …".
    package static var supportedList: String {
        RecognitionLanguage.supported.map {
            "\(RecognitionLanguage.code(of: $0) ?? $0.minimalIdentifier) (\(RecognitionLanguage.name(of: $0)))"
        }
        .joined(separator: ", ")
    }

    public var description: String {
        switch self {
        case .unsupported(let languages):
            let names = languages.map(\.minimalIdentifier).joined(separator: ", ")
            return "unsupported recognition language: \(names) (supported: \(Self.supportedList))"
        case .none:
            return "no recognition language given (supported: \(Self.supportedList))"
        }
    }
}
