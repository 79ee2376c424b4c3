/// What schemas 10 to 12 stored, a row a word, kept for the migrations of older indexes: they
/// are brought to schema 12's `words` first, which `IndexStore.finishPackingLines` then moves into
/// schema 13's `lines` (`PackedLine`).
extension IndexSchema {
    enum Version12 {
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

        /// The `readings` view over schema 12's `words`.
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

        /// The triggers that keep `readings_fts` in step with schema 12's `words`.
        static let currentReadingTriggers = readingTriggers(updating: "id, candidates, folded, reading_buckets")

        /// The triggers that index a word's readings when it is written and drop them before it
        /// changes (any of `columns`) or goes.
        static func readingTriggers(updating columns: String) -> String {
            IndexSchema.readingTriggers(on: "words", rowsOf: "word_id", updating: columns)
        }
    }
}
