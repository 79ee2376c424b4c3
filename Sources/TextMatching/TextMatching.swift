// TextMatching: how text is compared for search, in one place, so that the index (`SearchIndex`)
// and the recognizer's own search of a transcript (`Recognition`) find the same words.
//
// Principal types: `TextFolding` (a query's one folded form and a stored reading's forms: case,
// accents, ligatures, German umlauts' transliteration), `CJKText` (every Chinese, Japanese or
// Korean character a word of its own) and `Windows1252` (the decoder's bytes and `export --pdf`'s
// text).
