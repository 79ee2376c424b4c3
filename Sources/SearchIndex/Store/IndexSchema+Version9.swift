/// What schema 9 stored, kept for the migrations of older indexes: versions 1 to 8 are brought
/// to schema 9's `words` (`IndexStore.compact`, `storeBoundsAsIntegers`), which
/// `IndexStore.leaveImpliedColumnsOut` then rewrites as schema 10's.
extension IndexSchema {
    enum Version9 {
        /// Words with every column stored: `folded` NULL only where it repeats `candidates`.
        static let words = """
            CREATE TABLE words(
                id INTEGER PRIMARY KEY,          -- WordID: drawing, word number in place order
                source INTEGER NOT NULL,         -- 0 handwriting, 1 typed text
                line INTEGER NOT NULL,
                position INTEGER NOT NULL,
                candidates TEXT NOT NULL,        -- every reading, best first, one per line
                folded TEXT,                     -- candidates folded (IndexStore.storedForms); NULL: the same
                scores BLOB NOT NULL,            -- their scores, same order (PackedColumns)
                confidence REAL NOT NULL,
                reading_buckets TEXT NOT NULL,   -- each candidate's score bucket (ReadingID)
                strokes BLOB NOT NULL,           -- positions in the drawing's stroke list (PackedColumns)
                x100 INTEGER, y100 INTEGER,      -- bounds in hundredths of a point (StoredBounds)
                width100 INTEGER, height100 INTEGER,
                drawing_id INTEGER GENERATED ALWAYS AS (id >> 20) VIRTUAL,
                text TEXT GENERATED ALWAYS AS (substr(candidates, 1, instr(candidates || char(10), char(10)) - 1)) VIRTUAL,
                x REAL GENERATED ALWAYS AS (x100 / 100.0) VIRTUAL,
                y REAL GENERATED ALWAYS AS (y100 / 100.0) VIRTUAL,
                width REAL GENERATED ALWAYS AS (width100 / 100.0) VIRTUAL,
                height REAL GENERATED ALWAYS AS (height100 / 100.0) VIRTUAL
            );
            """ + IndexSchema.Version12.wordsOfDrawingTrigger

        /// The `readings` view over schema 9's `words`.
        static let readingsView = IndexSchema.Version12.readingsView(
            buckets: "w.reading_buckets", folded: "coalesce(w.folded, w.candidates)")

        /// The view, its FTS5 tables and their triggers.
        static let readings = readingsView + IndexSchema.ftsTables + IndexSchema.Version12.currentReadingTriggers
    }
}
