import Foundation

@testable import SearchIndex

/// Indexes as versions 1 and 2 wrote them (one FTS row per word), for the migration tests.
enum LegacyIndex {
    /// Version 2's schema, as it shipped: the file tables of today, words and their FTS tables.
    /// (Version 1 had the same tables.)
    static let schema =
        IndexSchema.fileTables + """
            CREATE TABLE words(
                id INTEGER PRIMARY KEY,          -- WordID: confidence bucket, drawing, word number
                drawing_id INTEGER NOT NULL REFERENCES drawings(id) ON DELETE CASCADE,
                source INTEGER NOT NULL,         -- 0 handwriting, 1 typed text
                line INTEGER NOT NULL,
                position INTEGER NOT NULL,
                text TEXT NOT NULL,              -- best reading
                candidates TEXT NOT NULL,        -- every reading, best first, one per line
                scores TEXT NOT NULL,            -- their scores, space-separated, same order
                folded TEXT NOT NULL,            -- candidates without case and diacritics (indexed)
                confidence REAL NOT NULL,
                stroke_ids TEXT NOT NULL,        -- comma-separated UUIDs
                x REAL, y REAL, width REAL, height REAL
            );
            CREATE INDEX words_by_place ON words(drawing_id, source, line, position);
            CREATE VIRTUAL TABLE words_fts USING fts5(
                folded, content='words', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
            CREATE VIRTUAL TABLE words_trigram USING fts5(
                folded, content='words', content_rowid='id', tokenize='trigram');
            CREATE TRIGGER words_ai AFTER INSERT ON words BEGIN
                INSERT INTO words_fts(rowid, folded) VALUES (new.id, new.folded);
                INSERT INTO words_trigram(rowid, folded) VALUES (new.id, new.folded);
            END;
            CREATE TRIGGER words_ad AFTER DELETE ON words BEGIN
                INSERT INTO words_fts(words_fts, rowid, folded) VALUES ('delete', old.id, old.folded);
                INSERT INTO words_trigram(words_trigram, rowid, folded) VALUES ('delete', old.id, old.folded);
            END;
            CREATE TRIGGER words_au AFTER UPDATE OF folded ON words BEGIN
                INSERT INTO words_fts(words_fts, rowid, folded) VALUES ('delete', old.id, old.folded);
                INSERT INTO words_trigram(words_trigram, rowid, folded) VALUES ('delete', old.id, old.folded);
                INSERT INTO words_fts(rowid, folded) VALUES (new.id, new.folded);
                INSERT INTO words_trigram(rowid, folded) VALUES (new.id, new.folded);
            END;

            """

    /// Writes an index of `version` (1 or 2) at `path` holding one page of `/x/a.tnb`: the
    /// handwritten "Café" (alternative "cafe", confidence 0.75), and the typed "Title" and
    /// "tab\there" (a control character, which version 3 no longer stores).
    static func write(path: String, version: Int) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let database = try Database(path: path, mode: .create)
        try database.execute(schema)
        try database.execute(
            """
            INSERT INTO files(id, path, size, mtime_ns, content_hash, format, pages) VALUES (1, '/x/a.tnb', 10, 20, 'abc', 'tnb', 1);
            INSERT INTO drawings(id, file_id, page, key, strokes, recognition_version, text)
                VALUES (1, 1, 0, 'k0', 2, 7, 'Café Title');
            """)
        let words:
            [(
                v2ID: Int64, source: Int, position: Int, candidates: String, scores: String, folded: String,
                confidence: Double
            )] = [
                (
                    Int64(ReadingID.bucket(0.75)) << 50 | 1 << 20 | 0, 0, 0, "Café\ncafe", "-0.5 -1.5", "cafe\ncafe",
                    0.75
                ),
                (Int64(ReadingID.bucket(1)) << 50 | 1 << 20 | 1, 1, 0, "Title", "0.0", "title", 1),
                (Int64(ReadingID.bucket(1)) << 50 | 1 << 20 | 2, 1, 1, "tab\there", "0.0", "tab\there", 1),
            ]
        let insert = try database.statement(
            """
            INSERT INTO words(id, drawing_id, source, line, position, text, candidates, scores, folded, confidence, stroke_ids)
            VALUES (?, 1, ?, 0, ?, ?, ?, ?, ?, ?, '')
            """)
        for (number, word) in words.enumerated() {
            let id = version == 1 ? Int64(number + 1) : word.v2ID
            try insert.execute([
                id, word.source, word.position, String(word.candidates.split(separator: "\n")[0]), word.candidates,
                word.scores, word.folded, word.confidence,
            ])
        }
        try database.execute("PRAGMA application_id = \(IndexSchema.applicationID); PRAGMA user_version = \(version)")
    }
}
