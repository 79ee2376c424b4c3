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
}
