import Foundation

/// Whether a typed word is one the recognizer's shipped word lists hold (`words-<code>.txt`, the
/// words its beam search does not charge the out-of-vocabulary penalty), for searches that treat
/// listed and unlisted words apart.
///
/// A search asks it of a word or two at a time, once a process, so the lists are not built into a
/// lexicon: each list is mapped, not read, and searched by bisection over its lines, which are in
/// byte order (`ListedWordsTests` holds every shipped list to that), so a query touches a few of
/// its pages rather than all of them.
package enum ListedWords {
    /// Whether a word list of `languages` holds `word` (case aside). A language without a list
    /// (the CJK ones) holds nothing; neither does a word a list cannot spell (digits, spaces).
    package static func contains(_ word: String, languages: [String]) -> Bool {
        let typed = word.precomposedStringWithCanonicalMapping
        guard !typed.isEmpty, !typed.contains("\n") else { return false }
        return languages.contains { code in
            guard let list = lists.list(code) else { return false }
            return spellings(of: typed, in: code).contains { holdsLine(Array($0.utf8), in: list) }
        }
    }

    /// `word` lower-cased as the list of `code` may spell it (`tools/make_wordlists.py`): Turkish
    /// lower-cases I to ı and İ to i (and a query typed on a keyboard without them means i by I),
    /// and each list spells s and t with a mark below one way, Romanian's with the comma below
    /// (ș ț) that older keyboards type as a cedilla (ş ţ), Turkish's with the cedilla.
    static func spellings(of word: String, in code: String) -> [String] {
        var forms = [word.lowercased()]
        if code == "tr" {
            forms.append(
                word.replacingOccurrences(of: "I", with: "ı").replacingOccurrences(of: "İ", with: "i").lowercased())
        }
        let other = forms.map { String($0.unicodeScalars.map { Character(otherSpelling[$0] ?? $0) }) }
        return forms + other.filter { !forms.contains($0) }
    }

    /// The lower-case letters with a mark below that Unicode spells two ways, each to the other.
    private static let otherSpelling: [Unicode.Scalar: Unicode.Scalar] = ["ș": "ş", "ş": "ș", "ț": "ţ", "ţ": "ț"]

    /// Whether the lines of `list` (sorted bytewise, each ended by a newline but perhaps the last)
    /// include `line`.
    static func holdsLine(_ line: [UInt8], in list: Data) -> Bool {
        list.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            let text = bytes.bindMemory(to: UInt8.self)
            // Bisect over byte offsets: each probe compares the line that holds its offset.
            var low = 0
            var high = text.count
            while low < high {
                let middle = (low + high) / 2
                var start = middle
                while start > low, text[start - 1] != UInt8(ascii: "\n") { start -= 1 }
                var end = middle
                while end < text.count, text[end] != UInt8(ascii: "\n") { end += 1 }
                let probe = UnsafeBufferPointer(rebasing: text[start..<end])
                if probe.elementsEqual(line) { return true }
                if probe.lexicographicallyPrecedes(line) { low = end + 1 } else { high = start }
            }
            return false
        }
    }

    private static let lists = MappedWordLists()
}

/// Each language's word list, mapped at the first request and kept for the process; nil for a
/// language without one.
private final class MappedWordLists: @unchecked Sendable {
    private let lock = NSLock()
    private var mapped: [String: Data?] = [:]

    func list(_ code: String) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        if let done = mapped[code] { return done }
        let list = RecognizerResources.wordListURL(code).flatMap { try? Data(contentsOf: $0, options: .alwaysMapped) }
        mapped[code] = list
        return list
    }
}
