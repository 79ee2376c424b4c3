/// What schema 6 stored, kept for the migrations of older indexes: versions 1 to 6 are first
/// brought to schema 6's tables (`IndexStore.prepareSchema`), which `IndexStore.compact` then
/// rewrites as schema 7's.
extension IndexSchema {
    enum Version6 {
        /// Files and their drawings, with each page's best text.
        static let fileTables =
            metaAndFiles + """
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

        /// Words with their stroke IDs as text, and an index on their place.
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

        /// The `readings` view over schema 6's `words`, and FTS5 tables that keep positions.
        static let readings =
            IndexSchema.Version12.readingsView(buckets: "w.reading_buckets", folded: "w.folded") + ftsTables
            + IndexSchema.Version12.readingTriggers(updating: "id, folded, reading_buckets")

        /// Schema 6's table of whole words, which keeps positions (its `readings_trigram` is not
        /// made: schema 12 drops it, `IndexStore.dropReadingsTrigram`).
        static let ftsTables = """
            CREATE VIRTUAL TABLE readings_fts USING fts5(
                folded, content='readings', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
            """
    }
}
