import Foundation

@testable import SearchIndex

/// Indexes as versions 1 and 2 wrote them (one FTS row per word), for the migration tests.
enum LegacyIndex {
    /// Version 2's schema, as it shipped: the file tables of today, words and their FTS tables.
    /// (Version 1 had the same tables.)
    static let schema =
        IndexSchema.Version6.fileTables + """
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

extension LegacyIndex {
    /// Rewrites the index at `path` (made by this build, schema 7) as schema 6 stored the same
    /// files, drawings and words: stroke IDs as text in every word, scores as text, `folded` and
    /// `text` always, each page's text, FTS5 tables with positions. The migration tests start
    /// from it.
    static func rewriteAsSchema6(path: String) throws {
        var files: [(notebook: StoredNotebook, record: FileRecord, drawings: [IndexedDrawing])] = []
        var meta: [(String, String)] = []
        do {
            let store = try IndexStore(path: path, access: .write)
            let records = try store.fileRecords(recognitionVersion: 0)
            for notebook in try store.storedNotebooks() {
                guard let record = records[notebook.path] else { continue }
                files.append((notebook, record, try store.drawings(path: notebook.path)))
            }
            try store.database.statement("SELECT key, value FROM meta").forEachRow {
                meta.append(($0.string(0), $0.string(1)))
            }
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let database = try Database(path: path, mode: .create)
        try database.execute(
            IndexSchema.Version6.fileTables + IndexSchema.Version6.words + IndexSchema.Version6.readings
                + IndexSchema.vocabulary)
        for (key, value) in meta where key != "schema_version" {
            try database.run("INSERT INTO meta(key, value) VALUES (?, ?)", key, value)
        }
        try database.run("INSERT INTO meta(key, value) VALUES ('schema_version', '6')")
        let insertWord = try database.statement(
            """
            INSERT INTO words(id, drawing_id, source, line, position, text, candidates, scores, folded, confidence,
                              stroke_ids, x, y, width, height, reading_buckets)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var forms = Set<String>()
        for (notebook, record, drawings) in files {
            try database.run(
                "INSERT INTO files(path, size, mtime_ns, content_hash, format, title, pages, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                notebook.path, record.fingerprint.size, record.fingerprint.modificationTime,
                record.fingerprint.contentHash, notebook.format, notebook.title, notebook.pages, notebook.error)
            let fileID = database.lastInsertedRowID
            for drawing in drawings {
                try database.run(
                    "INSERT INTO drawings(file_id, page, key, strokes, recognition_version, text) VALUES (?, ?, ?, ?, ?, ?)",
                    fileID, drawing.page, drawing.key, drawing.strokeCount, drawing.recognitionVersion, drawing.text)
                let drawingID = database.lastInsertedRowID
                for (number, word) in drawing.words.enumerated() {
                    let texts = word.candidates.map { IndexStore.oneLine($0.text) }
                    let folded = texts.map(IndexStore.storedForms)
                    for reading in folded.prefix(ReadingID.indexedReadings) {
                        forms.formUnion(VocabularyForms.of(reading))
                    }
                    try insertWord.execute([
                        try WordID.make(drawingID: drawingID, wordNumber: number), drawingID, word.source.rawValue,
                        word.line, word.position, word.text, texts.joined(separator: "\n"),
                        word.candidates.map { String($0.score) }.joined(separator: " "),
                        folded.joined(separator: "\n"), word.confidence,
                        word.strokeIDs.map(\.canonicalString).joined(separator: ","),
                        word.bounds?.x, word.bounds?.y, word.bounds?.width, word.bounds?.height,
                        ReadingID.bucketList(confidence: word.confidence, scores: word.candidates.map(\.score)),
                    ])
                }
            }
        }
        for form in forms.sorted() { try database.run("INSERT INTO vocabulary(form) VALUES (?)", form) }
        try database.execute("PRAGMA application_id = \(IndexSchema.applicationID); PRAGMA user_version = 6")
    }
}
