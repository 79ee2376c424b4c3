import TextMatching

/// The index's SQL schema and its version.
///
/// `PRAGMA user_version` holds `IndexSchema.version`; `PRAGMA application_id` marks the file as
/// ours. Words are stored once in `words`; the `readings` view lists every word's candidate
/// readings (up to `ReadingID.indexedReadings`) with their `ReadingID`s, and two external-content
/// FTS5 tables index it (`readings_fts`: unicode61 for whole words, `readings_trigram`: trigram
/// for in-word matching). Triggers keep them in step, so the stock `sqlite3` shell can read and
/// change everything: `SELECT * FROM meta` shows the schema and recognizer versions. Reading IDs
/// lead with the reading's score (`ReadingID`), so FTS matches come best first.
///
/// Versions: 1 numbered words in insertion order; 2 numbered them by confidence and indexed one
/// FTS row per word; 3 indexes one FTS row per reading, numbered by the reading's score; 4 folds
/// readings with `TextFolding.indexForms` (ß/œ/æ spelled out, umlauts also transliterated); 5
/// numbers every drawing's words 0, 1, … in place order (source, line, position), so the words
/// of a phrase have consecutive IDs (`PhraseSearch`), and adds the `vocabulary` of indexed forms;
/// 6 stores every CJK character as a word of its own, spaced out in `folded` so that unicode61
/// reads it as a token (`IndexStore.storedForms`), and folds fullwidth forms.
enum IndexSchema {
    /// Bump on any incompatible change, and add a migration in `IndexStore.prepareSchema`.
    static let version = 6
    /// "NBIX": lets us refuse SQLite files that are not indexes.
    static let applicationID: Int32 = 0x4E42_4958

    static let create = fileTables + words + readings + vocabulary

    /// Files and their drawings: the same in every version so far.
    static let fileTables = """
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
        """

    static let words = """
        CREATE TABLE words(
            id INTEGER PRIMARY KEY,          -- WordID: drawing, word number
            drawing_id INTEGER NOT NULL REFERENCES drawings(id) ON DELETE CASCADE,
            source INTEGER NOT NULL,         -- 0 handwriting, 1 typed text
            line INTEGER NOT NULL,
            position INTEGER NOT NULL,
            text TEXT NOT NULL,              -- best reading
            candidates TEXT NOT NULL,        -- every reading, best first, one per line
            scores TEXT NOT NULL,            -- their scores, space-separated, same order
            folded TEXT NOT NULL,            -- candidates folded (IndexStore.storedForms), one per line
            confidence REAL NOT NULL,
            stroke_ids TEXT NOT NULL,        -- comma-separated UUIDs
            x REAL, y REAL, width REAL, height REAL,
            reading_buckets TEXT NOT NULL DEFAULT ''  -- each candidate's score bucket (ReadingID)
        );
        CREATE INDEX words_by_place ON words(drawing_id, source, line, position);
        """

    /// The `readings` view, its FTS5 tables and the triggers that keep them in step with `words`.
    /// `folded` holds no control characters (the writer replaces them), so turning its lines into
    /// a JSON array needs only quotes and backslashes escaped. (SQLite's bit operators share one
    /// precedence, hence the parentheses.)
    static let readings = """
        CREATE VIEW readings(id, word_id, folded) AS
            SELECT ((\(ReadingID.buckets - 1) - json_extract('[' || replace(w.reading_buckets, ' ', ',') || ']', '$[' || r.key || ']')) << 53)
                       | (w.id << 3) | r.key,
                   w.id, r.value
            FROM words w,
                 json_each('["' || replace(replace(replace(w.folded, '\\', '\\\\'), '"', '\\"'), char(10), '","') || '"]') r
            WHERE r.key < \(ReadingID.indexedReadings);
        CREATE VIRTUAL TABLE readings_fts USING fts5(
            folded, content='readings', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
        CREATE VIRTUAL TABLE readings_trigram USING fts5(
            folded, content='readings', content_rowid='id', tokenize='trigram');
        CREATE TRIGGER words_ai AFTER INSERT ON words BEGIN
            INSERT INTO readings_fts(rowid, folded) SELECT id, folded FROM readings WHERE word_id = new.id;
            INSERT INTO readings_trigram(rowid, folded) SELECT id, folded FROM readings WHERE word_id = new.id;
        END;
        CREATE TRIGGER words_bd BEFORE DELETE ON words BEGIN
            INSERT INTO readings_fts(readings_fts, rowid, folded)
                SELECT 'delete', id, folded FROM readings WHERE word_id = old.id;
            INSERT INTO readings_trigram(readings_trigram, rowid, folded)
                SELECT 'delete', id, folded FROM readings WHERE word_id = old.id;
        END;
        CREATE TRIGGER words_bu BEFORE UPDATE OF id, folded, reading_buckets ON words BEGIN
            INSERT INTO readings_fts(readings_fts, rowid, folded)
                SELECT 'delete', id, folded FROM readings WHERE word_id = old.id;
            INSERT INTO readings_trigram(readings_trigram, rowid, folded)
                SELECT 'delete', id, folded FROM readings WHERE word_id = old.id;
        END;
        CREATE TRIGGER words_au AFTER UPDATE OF id, folded, reading_buckets ON words BEGIN
            INSERT INTO readings_fts(rowid, folded) SELECT id, folded FROM readings WHERE word_id = new.id;
            INSERT INTO readings_trigram(rowid, folded) SELECT id, folded FROM readings WHERE word_id = new.id;
        END;
        """

    /// Every distinct form the indexed readings hold (`VocabularyForms`), with a trigram index:
    /// `--fuzzy` finds the forms a query word is close to here, among thousands, and then the
    /// readings holding them through `readings_fts`, instead of every reading that shares a
    /// piece of the word. The writer adds forms as it writes words; nothing removes them, since
    /// a form may serve many words, and a form left by removed files matches no reading. (`IF NOT EXISTS`: the
    /// migration to version 5 runs it, and must not fail on an index that has it.)
    static let vocabulary = """
        CREATE TABLE IF NOT EXISTS vocabulary(
            id INTEGER PRIMARY KEY,
            form TEXT NOT NULL UNIQUE
        );
        CREATE VIRTUAL TABLE IF NOT EXISTS vocabulary_trigram USING fts5(
            form, content='vocabulary', content_rowid='id', tokenize='trigram');
        CREATE TRIGGER IF NOT EXISTS vocabulary_ai AFTER INSERT ON vocabulary BEGIN
            INSERT INTO vocabulary_trigram(rowid, form) VALUES (new.id, new.form);
        END;
        """
}
