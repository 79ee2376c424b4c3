/// Chinese, Japanese and Korean text for matching: each CJK character is a word of its own.
///
/// CJK writing puts no spaces between words, and FTS5's unicode61 tokenizer reads a run of CJK
/// letters as one token, so a sentence would be one word. The index and queries instead treat
/// every Han character, kana and Hangul syllable as its own word: `query 学习` is the phrase
/// 学 习, and `--full-words` means whole characters. Latin text is untouched.
package enum CJKText {
    /// Whether `scalar` is written in a CJK script: Han (unified, extensions, compatibility,
    /// radicals, 々 〆 〇), Hiragana, Katakana (halfwidth too, and their extensions), Bopomofo and
    /// Hangul (syllables and jamo).
    package static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035, 0x3038...0x303C,
            0x3040...0x30FF, 0x3100...0x318F, 0x31A0...0x31BF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFFDC, 0x1B000...0x1B2FF,
            0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// Whether `character` is a CJK letter or digit, which matching treats as a word of its own
    /// (punctuation such as 。 or ・ is not one).
    package static func isCJKCharacter(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first, isCJK(first) else { return false }
        return TextFolding.isWordCharacter(character)
    }

    /// A CJK character or CJK punctuation (the CJK symbols and fullwidth forms blocks).
    private static func isCJKWriting(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return isCJK(first) || (0x3000...0x303F).contains(first.value) || (0xFF00...0xFFEF).contains(first.value)
    }

    /// Whether `text` may hold a CJK character: every CJK scalar is U+1100 or above, so its UTF-8
    /// starts with 0xE1 or more. A cheap check before the per-character work.
    package static func mayContainCJK(_ text: some StringProtocol) -> Bool {
        text.utf8.contains { $0 >= 0xE1 }
    }

    /// Whether `text` holds a CJK character.
    package static func containsCJK(_ text: some StringProtocol) -> Bool {
        mayContainCJK(text) && text.contains(where: isCJKCharacter)
    }

    /// The parts of one written word that match as words of their own: each CJK character, and
    /// each run of other text between them ("PencilKit手写" → "PencilKit", "手", "写").
    /// Punctuation stays with the part before it ("学习，notes" → "学", "习，", "notes"), or the
    /// one after it at the start ("「学习」" → "「学", "习」"), so no part is punctuation alone. A
    /// word without CJK characters is one part, itself.
    package static func parts<S: StringProtocol>(of word: S) -> [Range<S.Index>] {
        guard mayContainCJK(word) else { return word.isEmpty ? [] : [word.startIndex..<word.endIndex] }
        var parts: [Range<S.Index>] = []
        var runStart: S.Index?  // the start of the run of other text being read
        var leading: S.Index?  // punctuation before the first part, given to it
        func closeRun(at end: S.Index) {
            guard let start = runStart else { return }
            runStart = nil
            if let letter = word[start..<end].firstIndex(where: TextFolding.isWordCharacter) {
                // punctuation between a character and the run's letters stays with the character
                if let last = parts.last, letter > start { parts[parts.count - 1] = last.lowerBound..<letter }
                parts.append((leading ?? (parts.isEmpty ? start : letter))..<end)
                leading = nil
            } else if let last = parts.last {
                parts[parts.count - 1] = last.lowerBound..<end
            } else {
                leading = start
            }
        }
        var index = word.startIndex
        while index < word.endIndex {
            let next = word.index(after: index)
            if isCJKCharacter(word[index]) {
                closeRun(at: index)
                parts.append((leading ?? index)..<next)
                leading = nil
            } else if runStart == nil {
                runStart = index
            }
            index = next
        }
        closeRun(at: word.endIndex)
        if let leading { parts.append(leading..<word.endIndex) }  // punctuation only
        return parts
    }

    /// `text` with a space between each CJK character and whatever touches it, so FTS5's
    /// unicode61 tokenizer reads every CJK character as a token ("学习" → "学 习",
    /// "ab心" → "ab 心"). Unchanged without CJK characters.
    package static func spacedOut(_ text: String) -> String {
        guard containsCJK(text) else { return text }
        var result = ""
        var previous: Character?
        for character in text {
            if let before = previous, !before.isWhitespace, !character.isWhitespace,
                isCJKCharacter(before) || isCJKCharacter(character)
            {
                result.append(" ")
            }
            result.append(character)
            previous = character
        }
        return result
    }

    /// Words as one text: separated by spaces, but for CJK writing on both sides (characters, or
    /// CJK punctuation such as 。), which runs together (["学", "习。", "PencilKit"] → "学习。 PencilKit").
    package static func joined(_ words: [String]) -> String {
        var result = ""
        for word in words {
            if let last = result.last, let first = word.first { result += separator(between: last, and: first) }
            result += word
        }
        return result
    }

    /// What `joined` puts between two words: "" when `left` ends and `right` starts with CJK
    /// writing, else a space.
    package static func separator(between left: String, and right: String) -> String {
        guard let last = left.last, let first = right.first else { return " " }
        return separator(between: last, and: first)
    }

    private static func separator(between last: Character, and first: Character) -> String {
        isCJKWriting(last) && isCJKWriting(first) ? "" : " "
    }
}
