import Foundation
import Recognition

/// The user vocabulary (`UserVocabulary`) kept in the index: each word of the notes' typed text
/// and of their confident handwriting, with how often it stands in each.
///
/// `build` rebuilds it after every build that changed the index and hands it to the recognizer
/// at the start of the next, so a course's terms, once typed or read surely twice, help every
/// page read after them: new and changed pages, and all of them when the recognizer version
/// changes. Pages already read are not read again for it (that would cost a second reading of
/// every page whenever a word is learned).
extension IndexStore {
    /// An addition that older builds ignore, so it needs no new schema version; an index
    /// without it has an empty vocabulary.
    static let userWordsTable = """
        CREATE TABLE IF NOT EXISTS user_words(
            word TEXT PRIMARY KEY,
            typed INTEGER NOT NULL,        -- times in typed text
            handwritten INTEGER NOT NULL   -- times as a confident best reading of handwriting
        );
        """

    /// The rows that qualify: typed at least once, or read surely often enough (bound to
    /// `UserVocabulary.minimumHandwrittenCount`).
    private static let qualifyingWords = "typed > 0 OR handwritten >= ?"

    /// The words that qualify.
    package func userVocabulary() throws -> UserVocabulary {
        guard try hasUserWordsTable() else { return .empty }
        var words: [String] = []
        try database.statement("SELECT word FROM user_words WHERE \(Self.qualifyingWords) ORDER BY word")
            .forEachRow([UserVocabulary.minimumHandwrittenCount]) { (row: Statement) -> Void in
                words.append(row.string(0))
            }
        return UserVocabulary(words: words)
    }

    /// Counts the words again from everything the index holds, in one transaction.
    package func rebuildUserVocabulary() throws {
        var typed: [String: Int] = [:], handwritten: [String: Int] = [:]
        // a confidence left out (`ImpliedColumns`) is the scores', so the rows are told apart here
        try database.statement("SELECT \(StoredLine.columns) FROM lines l").forEachRow {
            (statement: Statement) -> Void in
            let line = StoredLine(statement)
            let isTyped = line.source == IndexedWord.Source.typedText.rawValue
            for index in 0..<line.count {
                let row = WordRow(line: line, index: index)
                guard isTyped || row.confidence >= UserVocabulary.minimumConfidence else { continue }
                for word in UserVocabulary.words(in: row.text) {
                    if isTyped { typed[word, default: 0] += 1 } else { handwritten[word, default: 0] += 1 }
                }
            }
        }
        try database.transaction {
            try database.execute("DELETE FROM user_words")
            let insert = try database.statement("INSERT INTO user_words(word, typed, handwritten) VALUES (?, ?, ?)")
            for word in Set(typed.keys).union(handwritten.keys).sorted() {
                try insert.execute([word, typed[word] ?? 0, handwritten[word] ?? 0])
            }
        }
    }

    /// How many words the vocabulary holds (for `status`).
    package func userVocabularySize() throws -> Int {
        guard try hasUserWordsTable() else { return 0 }
        return try database.integer(
            "SELECT count(*) FROM user_words WHERE \(Self.qualifyingWords)", UserVocabulary.minimumHandwrittenCount)
            ?? 0
    }

    /// Whether the vocabulary holds `word` (case aside).
    package func userVocabularyHolds(_ word: String) throws -> Bool {
        guard try hasUserWordsTable() else { return false }
        return try database.integer(
            "SELECT count(*) FROM user_words WHERE word = ? AND (\(Self.qualifyingWords))", word.lowercased(),
            UserVocabulary.minimumHandwrittenCount) == 1
    }

    private func hasUserWordsTable() throws -> Bool {
        try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'user_words'") == 1
    }
}
