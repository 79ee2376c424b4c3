import TextMatching

/// The index's SQL schema and its version.
///
/// `PRAGMA user_version` holds `IndexSchema.version`; `PRAGMA application_id` marks the file as
/// ours. Words are stored a line to a row in `lines`; the `readings` view lists every word's candidate
/// readings (up to `ReadingID.indexedReadings`) with their `ReadingID`s, and an external-content
/// FTS5 table indexes it (`readings_fts`, unicode61). In-word terms find the distinct forms
/// holding them in `vocabulary_trigram` and their readings in `readings_fts`
/// (`VocabularyMatch`). Triggers keep `readings_fts` in step, so the stock `sqlite3` shell can
/// read and change the words: `SELECT * FROM meta` shows the schema and recognizer versions.
/// Reading IDs lead with the reading's score (`ReadingID`), so FTS matches come best first.
///
/// Versions: 1 numbered words in insertion order; 2 numbered them by confidence and indexed one
/// FTS row per word; 3 indexes one FTS row per reading, numbered by the reading's score; 4 folds
/// readings with `TextFolding.indexForms` (ß/œ/æ spelled out, umlauts also transliterated); 5
/// numbers every drawing's words 0, 1, … in place order (source, line, position), so the words
/// of a phrase have consecutive IDs (`PhraseSearch`), and adds the `vocabulary` of indexed forms;
/// 6 stores every CJK character as a word of its own, spaced out in `folded` so that unicode61
/// reads it as a token (`IndexStore.storedForms`), and folds fullwidth forms; 7 is compact
/// (docs/index-design.md has the bytes): stroke IDs as 16-byte values once per drawing, words
/// referring to them by position and their scores packed (`PackedColumns`), `folded` only where
/// it differs from `candidates`, the best reading and the drawing ID computed rather than stored
/// (generated columns, which the `sqlite3` shell reads as columns), no index on `words` (a
/// drawing's words are a range of IDs), no page text in `drawings`, and FTS5 tables that keep
/// neither positions nor sizes (`detail=none`, `columnsize=0`: queries build no phrases
/// (`FTSExpression`) and rank without bm25); 8 stores a word's bounds as integers, in hundredths
/// of a point (`StoredBounds`); 9 stores a stroke ID that a reader derived from the file's digest
/// and a key (`StableStrokeID`) as that digest and key, and derives it when a query shows it
/// (`StrokeList`); 10 leaves a word's `folded`, `confidence` and `reading_buckets` NULL where
/// its candidates and scores give them (`ImpliedColumns`); 11 packs a word's line, position,
/// bounds and stroke positions into one blob (`PackedPlace`), each column a byte of every row's
/// header, and stores Float32 scores without a tag byte (`PackedColumns`); 12 drops
/// `readings_trigram`, a trigram index over every word's readings, for the one over the distinct
/// forms that `vocabulary_trigram` already held (`VocabularyMatch`); 13 stores a line's words in
/// one row of `lines` (`PackedLine`), every word and reading keeping its ID.
/// `IndexSchema.Version6`, `Version9` and `Version12` keep what older indexes are migrated through.
enum IndexSchema {
    /// Bump on any incompatible change, and add a migration in `IndexStore.prepareSchema`.
    static let version = 13
    /// "NBIX": lets us refuse SQLite files that are not indexes.
    static let applicationID: Int32 = 0x4E42_4958

    static let create = fileTables + lines + readings + vocabulary

    /// Files and their drawings (a drawing's stroke IDs: `StrokeList`).
    static let fileTables =
        metaAndFiles + """
            CREATE TABLE drawings(
                id INTEGER PRIMARY KEY,
                file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
                page INTEGER NOT NULL,
                key TEXT NOT NULL,
                strokes INTEGER NOT NULL,
                recognition_version INTEGER NOT NULL,
                stroke_ids BLOB NOT NULL DEFAULT x'',  -- 16 bytes a stroke the words name, unless derived
                stroke_keys BLOB,                     -- how the derived ones are derived; NULL: none (StrokeList)
                UNIQUE(file_id, page)
            );
            CREATE INDEX drawings_by_version ON drawings(recognition_version);
            """

    /// The meta rows and the files: the same in every version so far.
    static let metaAndFiles = """
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

        """

    /// A drawing's words are the IDs `drawing << 20` to `drawing << 20 | 0xFFFFF` (`WordID`), in
    /// place order, stored a line to a row (`PackedLine`): a line's ID is its first word's, and
    /// removing a drawing removes its range (`lines_of_drawing_ad`).
    static let lines = """
        CREATE TABLE lines(
            id INTEGER PRIMARY KEY,          -- WordID of its first word; word i is id + i
            source INTEGER NOT NULL,         -- 0 handwriting, 1 typed text
            candidates TEXT NOT NULL,        -- each word's readings, one per line, words split by char(31)
            folded TEXT,                     -- the same folded (IndexStore.storedForms); NULL: lower(candidates)
            scores BLOB NOT NULL,            -- each word's scores behind their length (PackedLine)
            confidences BLOB,                -- (word, confidence) where the scores do not give it; NULL: none
            reading_buckets TEXT,            -- each word's score buckets (ReadingID), split by char(31); NULL: all '\(ImpliedColumns.topBucketOnly)'
            place BLOB NOT NULL              -- the line number, each word's position, bounds and strokes (PackedLine)
        );
        CREATE TRIGGER lines_of_drawing_ad AFTER DELETE ON drawings BEGIN
            DELETE FROM lines WHERE id BETWEEN old.id << 20 AND (old.id << 20) | \(WordID.maxWordsPerDrawing - 1);
        END;
        """

    /// The `readings` view, its FTS5 table, the triggers that keep it in step with `lines`, and
    /// the `words` view. `folded` holds no control characters but the words' separators (the
    /// writer replaces them), so turning it into JSON arrays needs only quotes and backslashes
    /// escaped. (SQLite's bit operators share one precedence, hence the parentheses.) The FTS5
    /// table keeps row IDs only (`detail=none`, `columnsize=0`): every query checks the readings
    /// it is handed itself, so it asks for tokens together rather than in sequence
    /// (`FTSExpression`).
    static let readings = readingsView + ftsTables + readingTriggers + wordsView

    /// The FTS5 table over the `readings` view, without positions or sizes.
    static let ftsTables = """
        CREATE VIRTUAL TABLE readings_fts USING fts5(
            folded, content='readings', content_rowid='id', tokenize='unicode61 remove_diacritics 2',
            detail=none, columnsize=0);
        """

    /// Every word's candidate readings, with their `ReadingID`s: each line's folded readings as
    /// a JSON array of its words' arrays of readings, and its buckets so (an empty list, or
    /// none, the top bucket).
    static let readingsView = """
        CREATE VIEW readings(id, word_id, line_id, folded) AS
            SELECT ((\(ReadingID.buckets - 1) - coalesce(json_extract(
                           '[[' || replace(replace(l.reading_buckets, ' ', ','), char(31), '],[') || ']]',
                           '$[' || w.key || '][' || r.key || ']'), \(ReadingID.buckets - 1))) << 53)
                       | ((l.id + w.key) << 3) | r.key,
                   l.id + w.key, l.id, r.value
            FROM lines l,
                 json_each('[["' || replace(replace(replace(replace(coalesce(l.folded, lower(l.candidates)),
                     '\\', '\\\\'), '"', '\\"'), char(10), '","'), char(31), '"],["') || '"]]') w,
                 json_each(w.value) r
            WHERE r.key < \(ReadingID.indexedReadings);

        """

    /// The triggers that index a line's readings when it is written and drop them before it
    /// changes or goes.
    static let readingTriggers =
        readingTriggers(
            on: "lines", rowsOf: "line_id", updating: "id, candidates, folded, reading_buckets") + "\n"

    /// The triggers that index the readings of a row of `table` (those of the `readings` view
    /// whose `key` is its ID) when it is written and drop them before it changes (any of
    /// `columns`) or goes.
    static func readingTriggers(on table: String, rowsOf key: String, updating columns: String) -> String {
        """
        CREATE TRIGGER \(table)_ai AFTER INSERT ON \(table) BEGIN
            INSERT INTO readings_fts(rowid, folded) SELECT id, folded FROM readings WHERE \(key) = new.id;
        END;
        CREATE TRIGGER \(table)_bd BEFORE DELETE ON \(table) BEGIN
            INSERT INTO readings_fts(readings_fts, rowid, folded)
                SELECT 'delete', id, folded FROM readings WHERE \(key) = old.id;
        END;
        CREATE TRIGGER \(table)_bu BEFORE UPDATE OF \(columns) ON \(table) BEGIN
            INSERT INTO readings_fts(readings_fts, rowid, folded)
                SELECT 'delete', id, folded FROM readings WHERE \(key) = old.id;
        END;
        CREATE TRIGGER \(table)_au AFTER UPDATE OF \(columns) ON \(table) BEGIN
            INSERT INTO readings_fts(rowid, folded) SELECT id, folded FROM readings WHERE \(key) = new.id;
        END;
        """
    }

    /// Each word for the `sqlite3` shell, `SELECT drawing_id, text FROM words` as before schema
    /// 13 (no query reads it: they read `lines`). `json_quote` escapes every control character
    /// (an index migrated from version 1 or 2 may keep some in `candidates`), the separator as
    /// `\u001f`, which the JSON string is split at.
    static let wordsView = """
        CREATE VIEW words(id, drawing_id, source, text, candidates) AS
            SELECT l.id + w.key, l.id >> 20, l.source,
                   substr(w.value, 1, instr(w.value || char(10), char(10)) - 1), w.value
            FROM lines l, json_each('[' || replace(json_quote(l.candidates), '\\u001f', '","') || ']') w;

        """

    /// Every distinct form the indexed readings hold (`VocabularyForms`: each reading whole, or its
    /// one token), with a trigram index: in-word and `--fuzzy` terms find the forms holding them
    /// here, among thousands, and then the readings holding those through `readings_fts`
    /// (`VocabularyMatch`), instead of indexing the trigrams of every reading of every word. The
    /// writer adds forms as it writes words; nothing removes them, since a form may serve many
    /// words, and a form left by removed files matches no reading. (`IF NOT EXISTS`: the
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
