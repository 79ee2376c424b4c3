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

    /// Whether `needle` occurs in `haystack`, byte for byte: both sides are folded by `fold`, so
    /// their UTF-8 agrees, and this spares Foundation's locale-aware search on every row read.
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        let h = Array(haystack.utf8), n = Array(needle.utf8)
        guard !n.isEmpty else { return true }
        guard h.count >= n.count else { return false }
        for start in 0...(h.count - n.count) where h[start] == n[0] {
            var k = 1
            while k < n.count, h[start + k] == n[k] { k += 1 }
            if k == n.count { return true }
        }
        return false
    }
}
