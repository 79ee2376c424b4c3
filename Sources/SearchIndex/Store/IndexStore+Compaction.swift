import DrawingModel
import Foundation

extension IndexStore {
    /// Version 6 to 7 and on to 8 (schema 9's `words`): the words rewritten compactly
    /// (`IndexSchema`), nothing recognized again.
    ///
    /// Inside the migration's one transaction, so a build killed halfway leaves the index of
    /// version 6 as it was, and the next build starts over. Schema 6's words are read once, in ID
    /// order, a drawing at a time: each drawing's stroke IDs are gathered once
    /// (`PackedColumns`), and every word keeps its ID, readings, scores, buckets and bounds. The
    /// FTS5 table of whole words is made afresh from the `readings` view once every word is written.
    func compact() throws {
        try database.execute(
            """
            DROP TRIGGER IF EXISTS words_ai; DROP TRIGGER IF EXISTS words_bd;
            DROP TRIGGER IF EXISTS words_bu; DROP TRIGGER IF EXISTS words_au;
            DROP TABLE readings_fts; DROP TABLE IF EXISTS readings_trigram; DROP VIEW readings;
            DROP INDEX IF EXISTS words_by_place;
            ALTER TABLE words RENAME TO words_v6;
            ALTER TABLE drawings ADD COLUMN stroke_ids BLOB NOT NULL DEFAULT x'';
            """)
        try database.execute(IndexSchema.Version9.words)
        let insert = try database.statement(
            """
            INSERT INTO words(id, source, line, position, candidates, folded, scores, confidence, reading_buckets,
                              strokes, x100, y100, width100, height100)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let strokes = try database.statement("UPDATE drawings SET stroke_ids = ? WHERE id = ?")
        var drawing: Int64?
        var rows: [OldWord] = []
        func flush() throws {
            guard let drawing, !rows.isEmpty else { return }
            let packed = PackedColumns.strokes(of: rows.map(\.strokeIDs))
            try strokes.execute([StrokeList.columns(of: packed.drawing, origins: [:]).ids, drawing])
            for (row, positions) in zip(rows, packed.words) {
                let bounds = StoredBounds.columns(row.bounds)
                try insert.execute([
                    row.id, row.source, row.line, row.position, row.candidates,
                    row.folded == row.candidates ? nil : row.folded, PackedColumns.scores(row.scores), row.confidence,
                    row.buckets, positions, bounds?.x, bounds?.y, bounds?.width, bounds?.height,
                ])
            }
            rows.removeAll(keepingCapacity: true)
        }
        try database.statement(
            """
            SELECT id, source, line, position, candidates, folded, scores, confidence, reading_buckets, stroke_ids,
                   x, y, width, height
            FROM words_v6 ORDER BY id
            """
        ).forEachRow { row in
            let id = row.int64(0)
            if id >> 20 != drawing {
                try flush()
                drawing = id >> 20
            }
            rows.append(OldWord(row))
        }
        try flush()
        try database.execute(
            """
            DROP TABLE words_v6;
            ALTER TABLE drawings DROP COLUMN text;
            """)
        try database.execute(IndexSchema.Version9.readings)
        try database.execute("INSERT INTO readings_fts(rowid, folded) SELECT id, folded FROM readings")
    }

    /// Version 7 to 8: the words' bounds stored as integers (`StoredBounds`), nothing else changed.
    ///
    /// Inside the migration's one transaction, so a build killed meanwhile leaves the index of
    /// version 7 as it was. `words` is made again and filled from schema 7's in one statement,
    /// in ID order, every word keeping its ID and readings: the FTS5 tables, whose rows those
    /// name, stay as they are, and only the view and the triggers that name `words` are made again.
    func storeBoundsAsIntegers() throws {
        try setWordsAside(as: "words_v7", making: IndexSchema.Version9.words)
        let columns = "id, source, line, position, candidates, folded, scores, confidence, reading_buckets, strokes"
        try database.execute(
            """
            INSERT INTO words(\(columns), x100, y100, width100, height100)
                SELECT \(columns), \(StoredBounds.sql("x")), \(StoredBounds.sql("y")),
                       \(StoredBounds.sql("width")), \(StoredBounds.sql("height"))
                FROM words_v7 ORDER BY id;
            DROP TABLE words_v7;
            """)
        try database.execute(IndexSchema.Version9.readingsView + IndexSchema.Version12.currentReadingTriggers)
    }

    /// Versions 1 to 8, through schema 9's words, to 11: `folded`, `confidence` and
    /// `reading_buckets` left NULL where their rule gives them (`ImpliedColumns`), and the place
    /// packed (`PackedPlace`), nothing else changed. (Schema 9 itself moves in steps:
    /// `finishMovingWords`.)
    ///
    /// Inside the migration's one transaction, so a build killed meanwhile leaves the index of
    /// the old version as it was. `words` is made again and filled from schema 9's, in ID order, a
    /// word at a time (the rules are Swift's): every word keeps its ID, and the `readings` view
    /// lists the same readings under the same IDs, so the FTS5 tables stay as they are and only
    /// the view and the triggers that name `words` are made again.
    func leaveImpliedColumnsOut() throws {
        try setWordsAside(as: "words_v9", making: IndexSchema.Version12.words)
        try moveWords(from: "words_v9", implyingColumns: true)
        try database.execute("DROP TABLE words_v9")
        try database.execute(IndexSchema.Version12.readingsView + IndexSchema.Version12.currentReadingTriggers)
    }

    /// Writes the words of `table` (schema 9's or 10's columns) into schema 11's `words`, in ID
    /// order, each with its place packed (`PackedPlace`).
    /// - Parameters:
    ///   - implyingColumns: whether `table` is schema 9's, whose `folded`, `confidence` and
    ///     `reading_buckets` are stored in full, so their rules are applied (`ImpliedColumns`).
    ///   - limit: moves at most this many words, the first by ID, and deletes them from `table`
    ///     in the same transaction, so every word is in one table or the other at every commit;
    ///     nil: all of them, leaving `table` as it is.
    /// - Returns: how many words it wrote.
    @discardableResult
    func moveWords(from table: String, implyingColumns: Bool, limit: Int? = nil) throws -> Int {
        let insert = try database.statement(
            """
            INSERT INTO words(id, source, candidates, folded, scores, confidence, reading_buckets, place)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var moved = 0
        var last: Int64?
        try database.statement(
            """
            SELECT id, source, line, position, candidates, \(implyingColumns ? "coalesce(folded, candidates)" : "folded"),
                   scores, confidence, reading_buckets, strokes, x100, y100, width100, height100
            FROM \(table) ORDER BY id \(limit.map { "LIMIT \($0)" } ?? "")
            """
        ).forEachRow { (row: Statement) -> Void in
            let candidates = row.string(4)
            // packed again: before schema 11, Float32 scores had a tag byte (`PackedColumns`)
            let scores = PackedColumns.scores(row.withBytes(6, PackedColumns.scores))
            var bounds: (x: Int64, y: Int64, width: Int64, height: Int64)?
            if let x = row.optionalInt64(10), let y = row.optionalInt64(11), let width = row.optionalInt64(12),
                let height = row.optionalInt64(13)
            {
                bounds = (x, y, width, height)
            }
            let place = PackedPlace(
                line: row.int(2), position: row.int(3), bounds: bounds, strokes: row.withBytes(9) { [UInt8]($0) })
            let folded =
                implyingColumns ? ImpliedColumns.folded(row.string(5), candidates: candidates) : row.optionalString(5)
            let confidence =
                implyingColumns ? ImpliedColumns.confidence(row.double(7), packedScores: scores) : row.optionalDouble(7)
            let buckets = implyingColumns ? ImpliedColumns.buckets(row.string(8)) : row.optionalString(8)
            last = row.int64(0)
            try insert.execute([last, row.int64(1), candidates, folded, scores, confidence, buckets, place.bytes])
            moved += 1
        }
        if limit != nil, let last { try database.run("DELETE FROM \(table) WHERE id <= ?", last) }
        return moved
    }
}

extension IndexStore {
    /// Renames `words` to `name`, with the view and the triggers that name it dropped, and makes
    /// `words` again as `schema` has it, empty: the FTS5 tables stay as they are.
    func setWordsAside(as name: String, making schema: String) throws {
        try database.execute(
            """
            DROP TRIGGER IF EXISTS words_ai; DROP TRIGGER IF EXISTS words_bd;
            DROP TRIGGER IF EXISTS words_bu; DROP TRIGGER IF EXISTS words_au;
            DROP TRIGGER IF EXISTS words_of_drawing_ad; DROP VIEW IF EXISTS readings;
            ALTER TABLE words RENAME TO \(name);
            """)
        try database.execute(schema)
    }
}

/// A row of schema 6's `words`, as `compact` reads it.
private struct OldWord {
    var id: Int64
    var source: Int
    var line: Int
    var position: Int
    var candidates: String
    var folded: String
    var scores: [Double]
    var confidence: Double
    var buckets: String
    var strokeIDs: [UUID]
    var bounds: Rect?

    init(_ row: Statement) {
        id = row.int64(0)
        source = row.int(1)
        line = row.int(2)
        position = row.int(3)
        candidates = row.string(4)
        folded = row.string(5)
        // as schema 6 parsed them (`WordRow`): split on spaces, a bad number read as 0
        scores = row.string(6).split(separator: " ").map { Double($0) ?? 0 }
        confidence = row.double(7)
        buckets = row.string(8)
        var text = row.string(9)
        strokeIDs = text.withUTF8 { utf8 in
            utf8.split(separator: UInt8(ascii: ",")).compactMap { UUID.parse(UnsafeBufferPointer(rebasing: $0)) }
        }
        if let x = row.optionalDouble(10), let y = row.optionalDouble(11), let width = row.optionalDouble(12),
            let height = row.optionalDouble(13)
        {
            bounds = Rect(x: x, y: y, width: width, height: height)
        }
    }
}
