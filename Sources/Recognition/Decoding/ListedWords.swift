import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a typed word is one the recognizer's shipped word lists hold (`words-<code>.txt`, the
/// words its beam search does not charge the out-of-vocabulary penalty), for searches that treat
/// listed and unlisted words apart.
///
/// A search asks it of a word or two at a time, so the lists are not built into a lexicon: the
/// bytes of each list are read once a process and searched for the word's own line.
package enum ListedWords {
    /// Whether a word list of `languages` holds `word` (case aside). A language without a list
    /// (the CJK ones) holds nothing; neither does a word a list cannot spell (digits, spaces).
    package static func contains(_ word: String, languages: [String]) -> Bool {
        let line = word.precomposedStringWithCanonicalMapping.lowercased()
        guard !line.isEmpty, !line.contains(where: \.isNewline) else { return false }
        let needle = "\n" + line + "\n"
        guard !needle.utf8.contains(0) else { return false }
        return languages.contains { code in
            guard let list = lists.list(code) else { return false }
            // strstr, not Foundation's generic `range(of:)`, which steps through Data's indices
            return list.withUnsafeBytes { haystack in
                guard let start = haystack.baseAddress?.assumingMemoryBound(to: CChar.self) else { return false }
                return strstr(start, needle) != nil
            }
        }
    }

    private static let lists = WordListBytes()
}

/// Each language's word list as bytes with a newline before and after every line and a NUL at
/// the end (for `strstr`), read at the first request and kept for the process; nil for a
/// language without one or whose list holds a NUL.
private final class WordListBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded: [String: Data?] = [:]

    func list(_ code: String) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        if let done = loaded[code] { return done }
        let list = try? RecognizerResources.load(RecognizerResources.wordListName(code), "txt")
        let framed = list.flatMap { list -> Data? in
            let holdsNUL = list.withUnsafeBytes { bytes in bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } }
            guard holdsNUL == false else { return nil }
            var framed = Data([UInt8(ascii: "\n")])
            framed.append(list)
            if list.last != UInt8(ascii: "\n") { framed.append(UInt8(ascii: "\n")) }
            framed.append(0)
            return framed
        }
        loaded[code] = framed
        return framed
    }
}
