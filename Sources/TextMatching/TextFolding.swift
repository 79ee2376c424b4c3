import Foundation

/// The one way text is normalized for matching, used by the index (`SearchIndex`: stored readings,
/// queries) and by the recognizer's own search of a transcript (`Recognition`: `StrokeRecognizer.search`,
/// `render --highlight`), so that every search finds the same words.
///
/// A query is folded to one form, `fold`; a stored reading to `indexForms`, which is that form
/// plus, for a reading with a German umlaut, its transliteration ("Übung" → "ubung uebung"), so
/// that "Übung", "Ubung" and "uebung" all find it through the same FTS5 tables.
package enum TextFolding {
    /// Case and diacritics removed, ligatures and ß spelled out ("Café" → "cafe", "Straße" →
    /// "strasse", "Œuvre" → "oeuvre").
    package static func fold(_ text: String) -> String {
        spellOutLetters(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// What the index stores for one reading: `fold`, then, when the reading has ä, ö or ü, a
    /// space and the fold of its German transliteration (ä → ae, ö → oe, ü → ue). One line, so
    /// the reading keeps its place among a word's candidates.
    package static func indexForms(_ text: String) -> String {
        let folded = fold(text)
        guard text.contains(where: { umlauts[$0] != nil }) else { return folded }
        let german = fold(String(text.flatMap { umlauts[$0] ?? String($0) }))
        return german == folded ? folded : folded + " " + german
    }

    /// Exact text for `--case-sensitive`: case and accents kept, only Unicode's equivalent
    /// spellings made one (NFC), so a decomposed "é" matches a precomposed one.
    package static func exact(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping
    }

    /// Letters that are two letters to a reader of the language and to the query's keyboard.
    private static let spelledOut: [Character: String] = [
        "ß": "ss", "ẞ": "SS", "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE",
    ]

    /// German umlauts and their transliterations (Character equality covers decomposed ones).
    private static let umlauts: [Character: String] = [
        "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
    ]

    private static func spellOutLetters(_ text: String) -> String {
        guard text.contains(where: { spelledOut[$0] != nil }) else { return text }
        return String(text.flatMap { spelledOut[$0] ?? String($0) })
    }

    /// Whether a character is part of a word for matching purposes (unicode61's token characters,
    /// letters and digits).
    package static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// The letter-and-digit runs of `text`.
    package static func tokens(_ text: String) -> [Substring] {
        text.split { !isWordCharacter($0) }
    }

    /// Whether `needle` occurs in `haystack`, byte for byte: both sides are folded by `fold`, so
    /// their UTF-8 agrees, and this spares Foundation's locale-aware search on every row read.
    package static func contains(_ haystack: String, _ needle: String) -> Bool {
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
