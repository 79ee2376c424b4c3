import TextMatching

/// The index's SQL schema and its version.
///
/// `PRAGMA user_version` holds `IndexSchema.version`; `PRAGMA application_id` marks the file as
/// ours. Words are stored once in `words`; the `readings` view lists every word's candidate
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
/// forms that `vocabulary_trigram` already held (`VocabularyMatch`).
/// `IndexSchema.Version6` and `Version9` keep what older indexes are migrated through.
enum IndexSchema {
    /// Bump on any incompatible change, and add a migration in `IndexStore.prepareSchema`.
    static let version = 12
    /// "NBIX": lets us refuse SQLite files that are not indexes.
    static let applicationID: Int32 = 0x4E42_4958

    static let create = fileTables + words + readings + vocabulary

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
    /// place order: `drawing_id` and `text` (the best reading) are computed from the stored
    /// columns, and removing a drawing removes its range (`words_of_drawing_ad`). A NULL
    /// `folded`, `confidence` or `reading_buckets` is the value its rule gives (`ImpliedColumns`).
    static let words = """
        CREATE TABLE words(
            id INTEGER PRIMARY KEY,          -- WordID: drawing, word number in place order
            source INTEGER NOT NULL,         -- 0 handwriting, 1 typed text
            candidates TEXT NOT NULL,        -- every reading, best first, one per line
            folded TEXT,                     -- candidates folded (IndexStore.storedForms); NULL: lower(candidates)
            scores BLOB NOT NULL,            -- their scores, same order (PackedColumns)
            confidence REAL,                 -- NULL: the best one's share of the scores' probability
            reading_buckets TEXT,            -- each candidate's score bucket (ReadingID); NULL: '\(ImpliedColumns.topBucketOnly)'
            place BLOB NOT NULL,             -- line, position, bounds and stroke positions (PackedPlace)
            drawing_id INTEGER GENERATED ALWAYS AS (id >> 20) VIRTUAL,
            text TEXT GENERATED ALWAYS AS (substr(candidates, 1, instr(candidates || char(10), char(10)) - 1)) VIRTUAL
        );
        """ + wordsOfDrawingTrigger

    /// Removing a drawing removes its words.
    static let wordsOfDrawingTrigger = """
        CREATE TRIGGER words_of_drawing_ad AFTER DELETE ON drawings BEGIN
            DELETE FROM words WHERE id BETWEEN old.id << 20 AND (old.id << 20) | \(WordID.maxWordsPerDrawing - 1);
        END;
        """

    /// The `readings` view, its FTS5 table and the triggers that keep it in step with `words`.
    /// `folded` holds no control characters (the writer replaces them), so turning its lines into
    /// a JSON array needs only quotes and backslashes escaped. (SQLite's bit operators share one
    /// precedence, hence the parentheses.) The FTS5 table keeps row IDs only (`detail=none`,
    /// `columnsize=0`): every query checks the readings it is handed itself, so it asks for
    /// tokens together rather than in sequence (`FTSExpression`).
    static let readings = readingsView + ftsTables + currentReadingTriggers

    /// The FTS5 table over the `readings` view, without positions or sizes.
    static let ftsTables = """
        CREATE VIRTUAL TABLE readings_fts USING fts5(
            folded, content='readings', content_rowid='id', tokenize='unicode61 remove_diacritics 2',
            detail=none, columnsize=0);
        """

    /// The `readings` view alone: every word's candidate readings, with their `ReadingID`s.
    static let readingsView = readingsView(
        buckets: "coalesce(w.reading_buckets, '\(ImpliedColumns.topBucketOnly)')",
        folded: "coalesce(w.folded, lower(w.candidates))")

    /// A `readings` view over a `words` whose readings' buckets (space-separated) and folded readings
    /// (a line each) are the SQL expressions `buckets` and `folded` of its row `w`: each schema keeps
    /// them its own way, and the view over an older schema must read what its FTS5 tables indexed.
    static func readingsView(buckets: String, folded: String) -> String {
        """
        CREATE VIEW readings(id, word_id, folded) AS
            SELECT ((\(ReadingID.buckets - 1) - json_extract('[' || replace(\(buckets), ' ', ',') || ']', '$[' || r.key || ']')) << 53)
                       | (w.id << 3) | r.key,
                   w.id, r.value
            FROM words w,
                 json_each('["' || replace(replace(replace(\(folded), '\\', '\\\\'), '"', '\\"'), char(10), '","') || '"]') r
            WHERE r.key < \(ReadingID.indexedReadings);

        """
    }

    /// The triggers that keep `readings_fts` in step with `words`.
    static let currentReadingTriggers = readingTriggers(updating: "id, candidates, folded, reading_buckets")

    /// The triggers that index a word's readings when it is written and drop them before it
    /// changes (any of `columns`) or goes.
    static func readingTriggers(updating columns: String) -> String {
        """
        CREATE TRIGGER words_ai AFTER INSERT ON words BEGIN
            INSERT INTO readings_fts(rowid, folded) SELECT id, folded FROM readings WHERE word_id = new.id;
        END;
        CREATE TRIGGER words_bd BEFORE DELETE ON words BEGIN
            INSERT INTO readings_fts(readings_fts, rowid, folded)
                SELECT 'delete', id, folded FROM readings WHERE word_id = old.id;
        END;
        CREATE TRIGGER words_bu BEFORE UPDATE OF \(columns) ON words BEGIN
            INSERT INTO readings_fts(readings_fts, rowid, folded)
                SELECT 'delete', id, folded FROM readings WHERE word_id = old.id;
        END;
        CREATE TRIGGER words_au AFTER UPDATE OF \(columns) ON words BEGIN
            INSERT INTO readings_fts(rowid, folded) SELECT id, folded FROM readings WHERE word_id = new.id;
        END;
        """
    }

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
