import DrawingModel
import Foundation
import Recognition
import Testing
import TextMatching

@testable import SearchIndex

@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("Übung", "ubung"), ("Café", "cafe"), ("Straße", "strasse"), ("STRASSE", "strasse"), ("Œuvre", "oeuvre"),
        ("cœur", "coeur"), ("Æsop", "aesop"), ("équation", "equation"), ("Ü\u{308}bung", "ubung"),
        ("U\u{308}bung", "ubung"),
    ])
    func foldRemovesCaseAndAccentsAndSpellsOutLigatures(text: String, folded: String) {
        #expect(TextFolding.fold(text) == folded)
    }

    /// ASCII text skips Foundation's folding (`TextFolding.foldLatin`): every ASCII character,
    /// alone and in a word, folds as Foundation folds it.
    @Test func asciiFoldsAsFoundationFoldsIt() {
        let characters = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for text in characters + [characters.joined(), "Stock OPTIONS, 3rd-Quarter!"] {
            let foundation = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            #expect(TextFolding.fold(text) == foundation)
        }
    }

    /// Regression: ł, đ, ø and ı have no Unicode decomposition, so diacritic folding kept them and
    /// "lodz" did not find a reading "Łódź".
    @Test(arguments: [
        ("Łódź", "lodz"), ("żółć", "zolc"), ("Đakovo", "dakovo"), ("đak", "dak"), ("Øre", "ore"),
        ("smørbrød", "smorbrod"),
        ("ılık", "ilik"), ("İstanbul", "istanbul"), ("Şişli", "sisli"), ("Ångström", "angstrom"), ("Příliš", "prilis"),
        ("ȘȚ", "st"), ("Ķīļņ", "kiln"), ("Győr", "gyor"), ("ąęįų", "aeiu"),
    ])
    func foldRemovesMarksWithoutADecomposition(text: String, folded: String) {
        #expect(TextFolding.fold(text) == folded)
        #expect(TextFolding.contains(TextFolding.indexForms("on \(text) again"), TextFolding.fold(folded)))
    }

    @Test(arguments: [
        ("Übung", "ubung uebung"), ("U\u{308}bung", "ubung uebung"), ("Mädchen", "madchen maedchen"),
        ("Größe", "grosse groesse"), ("Café", "cafe"), ("naïve", "naive"), ("apple", "apple"),
    ])
    func storedFormsAddTheGermanTransliteration(text: String, stored: String) {
        #expect(TextFolding.indexForms(text) == stored)
    }

    /// The handwritten "Übung" (read also as "Ubung"), "Straße" and "cœur": each word's readings.
    static let readings = [["Übung", "Ubung"], ["Straße"], ["cœur"]]

    /// The same words as a transcript, searched as `render --highlight` and `StrokeRecognizer.search` do.
    static let transcript = Transcript(lines: [
        RecognizedLine(
            words: readings.enumerated().map { position, texts in
                RecognizedWord(
                    candidates: texts.enumerated().map { WordCandidate(text: $1, score: -Double($0)) },
                    strokeIDs: [UUID()],
                    bounds: Rect(x: Double(position) * 50, y: 0, width: 40, height: 10), confidence: 0.9)
            }, bounds: Rect(x: 0, y: 0, width: 140, height: 10))
    ])

    /// An index holding the words of `readings`.
    func store(_ folder: TemporaryFolder) throws -> IndexStore {
        let store = try IndexStore(path: folder.index, access: .write)
        func word(_ position: Int, _ texts: [String]) -> IndexedWord {
            IndexedWord(
                source: .handwriting, line: 0, position: position,
                candidates: texts.enumerated().map { WordCandidate(text: $1, score: -Double($0)) }, confidence: 0.9,
                strokeIDs: [UUID()], bounds: Rect(x: Double(position) * 50, y: 0, width: 40, height: 10))
        }
        try store.replace(
            IndexedFile.oneDrawing(path: "/x/de.tnb", words: Self.readings.enumerated().map { word($0, $1) }))
        return store
    }

    @Test(arguments: [
        ("uebung", "Übung"), ("Ubung", "Übung"), ("Übung", "Übung"), ("UEBUNG", "Übung"), ("bung", "Übung"),
        ("strasse", "Straße"), ("Straße", "Straße"), ("STRASSE", "Straße"), ("coeur", "cœur"), ("cœur", "cœur"),
    ])
    func queriesIgnoreAccentsAndCase(query: String, found: String) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try store(folder)
        #expect(try store.search(SearchQuery(query)).map(\.text) == [found])
        #expect(
            try store.search(SearchQuery(query, options: SearchOptions(fullWordsOnly: query != "bung"))).map(\.text)
                == [found])
        // the recognizer's own search agrees
        #expect(Self.transcript.matches(of: query).map(\.text) == [found])
        #expect(Self.transcript.matches(of: query, fullWordsOnly: query != "bung").map(\.text) == [found])
    }

    /// `--case-sensitive` matches case and accents exactly, against every reading.
    @Test(arguments: [
        ("Übung", ["Übung"]), ("Ubung", ["Ubung"]), ("übung", []), ("uebung", []), ("Straße", ["Straße"]),
        ("Strasse", []), ("cœur", ["cœur"]), ("coeur", []), ("U\u{308}bung", ["Übung"]),
    ])
    func caseSensitiveMatchesExactly(query: String, found: [String]) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try store(folder)
        let hits = try store.search(SearchQuery(query, options: SearchOptions(caseSensitive: true)))
        #expect(hits.map(\.text) == found)
        #expect(Self.transcript.matches(of: query, caseMatchingOnly: true).map(\.text) == found)
        if query == "Ubung" { #expect(hits.first.map { $0.score < 0.9 } == true) }  // the second reading, scored lower
    }

    /// Version 3 stored "Übung" folded as "ubung" only: `build` folds it again, and "uebung" finds it.
    @Test func version3IndexIsRefolded() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        do { _ = try store(folder) }
        try LegacyIndex.rewriteAsSchema6(path: folder.index)
        do {
            let database = try Database(path: folder.index)
            try database.execute(
                """
                UPDATE words SET folded = 'ubung' || char(10) || 'ubung' WHERE position = 0;
                UPDATE words SET folded = 'straße' WHERE position = 1;
                PRAGMA user_version = 3;
                """)
            #expect(try database.integer("SELECT count(*) FROM readings_fts WHERE readings_fts MATCH 'uebung'") == 0)
        }
        #expect(throws: IndexStoreError.self) { try IndexStore(path: folder.index, access: .read) }
        let store = try IndexStore(path: folder.index, access: .write)
        #expect(try store.database.integer("PRAGMA user_version") == IndexSchema.version)
        #expect(try store.search(SearchQuery("uebung")).map(\.text) == ["Übung"])
        #expect(try store.search(SearchQuery("strasse")).map(\.text) == ["Straße"])
        #expect(try store.database.text("INSERT INTO readings_fts(readings_fts) VALUES ('integrity-check')") == nil)
        #expect(try store.integrityCheck() == "ok")
    }
}
