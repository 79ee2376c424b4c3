import Foundation
import Testing

@testable import Recognition

/// `ListedWords`: whether the shipped word lists hold a typed word, as searches ask it.
@Suite struct ListedWordsTests {
    @Test(arguments: [
        ("drag", ["en"], true),
        ("Drag", ["en"], true),  // case aside
        ("a", ["en"], true),  // the list's first line
        ("zyuganov", ["en"], true),  // and its last
        ("idx", ["en"], false),
        ("udpport", ["en"], false),
        ("sqlite3", ["en"], false),  // a list spells no digits
        ("drag drop", ["en"], false),  // one word, not two
        ("drag\ndrop", ["en"], false),
        ("", ["en"], false),
        ("übung", ["en"], false),
        ("Übung", ["en", "de"], true),
        ("U\u{0308}bung", ["de"], true),  // decomposed as some keyboards type it
        ("drag", ["zh"], false),  // a language without a word list
    ])
    func aWordIsListedWhenALineOfAListIsIt(word: String, languages: [String], listed: Bool) {
        #expect(ListedWords.contains(word, languages: languages) == listed)
    }

    /// Romanian typed with the cedilla of older keyboards (ş ţ) against a list spelling the comma
    /// below (ș ț), Turkish with the comma against its cedilla, and Turkish capitals, whose I is
    /// ı and whose İ is i: each was taken for a word no list holds.
    @Test(arguments: [
        ("şi", ["ro"], true), ("ŞI", ["ro"], true), ("şi", ["en", "ro"], true), ("ţară", ["ro"], true),
        ("și", ["ro"], true), ("kıș", ["tr"], true), ("IŞIK", ["tr"], true), ("Işık", ["tr"], true),
        ("İŞÇİ", ["tr"], true), ("İş", ["tr"], true), ("Iş", ["tr"], true), ("şi", ["en"], false),
        ("IŞIK", ["ro"], false),
    ])
    func cedillaCommaAndTurkishCapitalsWereUnlisted(word: String, languages: [String], listed: Bool) {
        #expect(ListedWords.contains(word, languages: languages) == listed)
    }

    /// `ListedWords` bisects the lists, so a list out of byte order would hide its words.
    @Test func everyShippedWordListIsInByteOrder() throws {
        let codes = try FileManager.default.contentsOfDirectory(atPath: Self.resources.path)
            .filter { $0.hasPrefix("words-") && $0.hasSuffix(".txt") }
        #expect(codes.count >= 20)
        for name in codes {
            let list = try Data(contentsOf: Self.resources.appendingPathComponent(name))
            let unordered = Self.firstLineOutOfOrder(list)
            #expect(unordered == nil, "\(name): \(unordered ?? "") is out of byte order")
        }
    }

    @Test(arguments: [("b", true), ("a", true), ("c", true), ("ab", false), ("", false), ("d", false), ("0", false)])
    func bisectionFindsEveryLineAndNoOther(line: String, held: Bool) {
        #expect(ListedWords.holdsLine(Array(line.utf8), in: Data("a\nb\nc".utf8)) == held)
        #expect(ListedWords.holdsLine(Array(line.utf8), in: Data("a\nb\nc\n".utf8)) == held)
    }

    /// The first line of `list` not after the line before it, by bytes (`memcmp`: a debug build's
    /// generic comparison would make the test slow).
    private static func firstLineOutOfOrder(_ list: Data) -> String? {
        list.withUnsafeBytes { bytes -> String? in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var previous = (start: 0, count: -1)
            var start = 0
            while start < bytes.count {
                let newline = memchr(base + start, 0x0A, bytes.count - start)
                let end = newline.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? bytes.count
                let count = end - start
                if previous.count >= 0 {
                    let order = memcmp(base + previous.start, base + start, min(previous.count, count))
                    if order > 0 || (order == 0 && previous.count >= count) {
                        return String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
                    }
                }
                previous = (start, count)
                start = end + 1
            }
            return nil
        }
    }

    private static let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Recognition/Resources")
}
