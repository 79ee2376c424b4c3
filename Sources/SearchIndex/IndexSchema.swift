/// The index's SQL schema and its version.
///
/// `PRAGMA user_version` holds `IndexSchema.version`; `PRAGMA application_id` marks the file as
/// ours. Words are stored once in `words`; two external-content FTS5 tables index their folded
/// candidates (`words_fts`: unicode61 for whole words, `words_trigram`: trigram for in-word
/// matching) and are kept in step by triggers, so the stock `sqlite3` shell can read everything:
/// `SELECT * FROM meta` shows the schema and recognizer versions. Word IDs lead with the word's
/// confidence (`WordID`), so FTS matches come best first.
///
/// Versions: 1 numbered words in insertion order; 2 numbers them by `WordID`.
enum IndexSchema {
    /// Bump on any incompatible change, and add a migration in `IndexStore.prepareSchema`.
    static let version = 2
    /// "NBIX": lets us refuse SQLite files that are not indexes.
    static let applicationID: Int32 = 0x4E42_4958

    static let create = """
        CREATE TABLE meta(
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE files(
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            content_hash TEXT NOT NULL,
            format TEXT,
            title TEXT,
            pages INTEGER NOT NULL DEFAULT 0,
            error TEXT,
            indexed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        );
        CREATE TABLE drawings(
            id INTEGER PRIMARY KEY,
            file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
            page INTEGER NOT NULL,
            key TEXT NOT NULL,
            strokes INTEGER NOT NULL,
            recognition_version INTEGER NOT NULL,
            text TEXT NOT NULL,
            UNIQUE(file_id, page)
        );
        CREATE INDEX drawings_by_version ON drawings(recognition_version);
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
}
