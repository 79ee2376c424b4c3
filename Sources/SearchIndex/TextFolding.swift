import Foundation

/// The one way text is normalized for matching: the index stores folded candidates and queries
/// fold their words the same way, so both sides agree whatever the tokenizer does.
enum TextFolding {
    /// Case and diacritics removed ("Café" → "cafe").
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Diacritics removed, case kept (for `--case-sensitive`).
    static func foldDiacritics(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive], locale: nil)
    }

    /// Whether a character is part of a word for matching purposes (unicode61's token characters,
    /// letters and digits).
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// The letter-and-digit runs of `text`.
    static func tokens(_ text: String) -> [Substring] {
        text.split { !isWordCharacter($0) }
    }
}
