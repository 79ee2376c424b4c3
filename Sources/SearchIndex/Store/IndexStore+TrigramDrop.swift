/// Versions 1 to 11 to 12: the trigram index of every reading, `readings_trigram`, dropped.
///
/// In-word and fuzzy terms find the forms holding them in `vocabulary_trigram`, which every
/// schema since 5 keeps of the distinct forms of the indexed readings, and their readings in
/// `readings_fts` (`VocabularyMatch`), so nothing new is written: the upgrade is one short
/// transaction inside the migration's (a kill leaves the old schema whole), which drops the
/// table and makes the triggers that wrote it again without it. Its pages go to the free list,
/// where later builds find them first; the file is not vacuumed (that needs its size free). An
/// SQLite built with SECURE_DELETE (Debian's) zeroes every page it frees, which would write the
/// whole table into the write-ahead log, so the drop needed its size free on disk: it runs
/// `freeingPagesUnwritten` (the trigrams freed are of readings the file holds anyway).
extension IndexStore {
    func dropReadingsTrigram() throws {
        // while a schema-10 upgrade moves words there are no triggers: the move's end makes them
        let wordsHaveTriggers = try schemaOfWordsToMove() == nil
        try freeingPagesUnwritten {
            try database.execute(
                """
                DROP TRIGGER IF EXISTS words_ai; DROP TRIGGER IF EXISTS words_bd;
                DROP TRIGGER IF EXISTS words_bu; DROP TRIGGER IF EXISTS words_au;
                DROP TABLE IF EXISTS readings_trigram;
                """)
        }
        if wordsHaveTriggers { try database.execute(IndexSchema.Version12.currentReadingTriggers) }
    }
}
