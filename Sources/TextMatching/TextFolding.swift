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
    /// "strasse", "Œuvre" → "oeuvre", "Łódź" → "lodz"), fullwidth and halfwidth forms made ordinary ones
    /// (`widthFolded`). CJK characters keep their marks (NFC): diacritic folding would turn が
    /// into か, another character.
    package static func fold(_ text: String) -> String {
        let text = widthFolded(text)
        guard CJKText.containsCJK(text) else { return foldLatin(text) }
        var result = ""
        var run = ""  // text between CJK characters
        for character in text.precomposedStringWithCanonicalMapping {
            if CJKText.isCJKCharacter(character) {
                result += foldLatin(run)
                run = ""
                result.append(character)
            } else {
                run.append(character)
            }
        }
        return result + foldLatin(run)
    }

    private static func foldLatin(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        // ASCII has no marks and no letters to spell out: Foundation's folding would lowercase it,
        // after its first use set up the Unicode tables (most of a short query's folding)
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return spellOutLetters(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The Halfwidth and Fullwidth Forms block (U+FF01-U+FFEF) and the ideographic space
    /// (U+3000) as their compatibility decompositions (NFKC): "ＡＢＣ１" → "ABC1", "ｶﾞ" → "ガ".
    /// Only these: NFKC elsewhere would change Latin text ("ﬁ", "²"), which matches as it is.
    package static func widthFolded(_ text: String) -> String {
        func isWide(_ scalar: Unicode.Scalar) -> Bool {
            (0xFF01...0xFFEF).contains(scalar.value) || scalar == "\u{3000}"
        }
        guard CJKText.mayContainCJK(text), text.unicodeScalars.contains(where: isWide) else { return text }
        var result = String.UnicodeScalarView()
        var wide = String.UnicodeScalarView()
        func flush() {
            result.append(contentsOf: String(wide).precomposedStringWithCompatibilityMapping.unicodeScalars)
            wide.removeAll()
        }
        for scalar in text.unicodeScalars {
            // a combining mark right after wide letters still belongs with them
            if isWide(scalar) || !wide.isEmpty && scalar.properties.canonicalCombiningClass != .notReordered {
                wide.append(scalar)
                continue
            }
            if !wide.isEmpty { flush() }
            result.append(scalar)
        }
        flush()
        return String(result).precomposedStringWithCanonicalMapping
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
    /// Width is not case: fullwidth and halfwidth forms are folded here too (`widthFolded`), so
    /// case-sensitive matching of CJK text (which has no case) matches as the default does.
    package static func exact(_ text: String) -> String {
        widthFolded(text).precomposedStringWithCanonicalMapping
    }

    /// Letters that are two letters to a reader of the language and to the query's keyboard, and
    /// the marked letters Unicode gives no decomposition, so that diacritic folding leaves them
    /// as they are: Polish ł, Croatian and Serbian đ, Nordic ø, Turkish ı ("Łódź" → "lodz").
    package static let spelledOut: [Character: String] = [
        "ß": "ss", "ẞ": "SS", "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE",
        "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O", "ı": "i",
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

    /// The letter-and-digit runs of `text`, each CJK character a token of its own
    /// (`CJKText`): "ab学习" → "ab", "学", "习".
    package static func tokens(_ text: String) -> [Substring] {
        guard CJKText.mayContainCJK(text) else { return text.split { !isWordCharacter($0) } }
        var tokens: [Substring] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let character = text[index]
            if CJKText.isCJKCharacter(character) || !isWordCharacter(character) {
                if let begun = start { tokens.append(text[begun..<index]) }
                start = nil
                if CJKText.isCJKCharacter(character) { tokens.append(text[index..<next]) }
            } else if start == nil {
                start = index
            }
            index = next
        }
        if let begun = start { tokens.append(text[begun...]) }
        return tokens
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
