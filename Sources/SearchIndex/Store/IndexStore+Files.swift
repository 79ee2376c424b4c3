import DrawingModel
import Foundation
import NotebookFormats
import Recognition
import TextMatching

extension IndexStore {
    /// Every file the index knows, by path.
    /// - Parameter recognitionVersion: drawings recognized by any other version count as stale.
    package func fileRecords(recognitionVersion: Int) throws -> [String: FileRecord] {
        var stale = Set<Int64>()
        try database.statement("SELECT DISTINCT file_id FROM drawings WHERE recognition_version != ?")
            .forEachRow([recognitionVersion]) { stale.insert($0.int64(0)) }
        var records: [String: FileRecord] = [:]
        try database.statement("SELECT id, path, size, mtime_ns, content_hash, format, error FROM files")
            .forEachRow { row in
                let id = row.int64(0)
                let record = FileRecord(
                    id: id, path: row.string(1),
                    fingerprint: FileFingerprint(
                        size: row.int64(2), modificationTime: row.int64(3), contentHash: row.string(4)),
                    format: row.optionalString(5), error: row.optionalString(6), hasStaleDrawings: stale.contains(id))
                records[record.path] = record
            }
        return records
    }

    /// How many pages the index holds of the file at `path` (0 for one that failed), nil when it
    /// holds no such file: for `serve`, which opens and draws only the files of the index.
    package func pageCount(path: String) throws -> Int? {
        try database.integer("SELECT pages FROM files WHERE path = ?", path)
    }

    /// Replaces everything stored for `file.path` with `file`, in one transaction.
    package func replace(_ file: IndexedFile) throws {
        try database.transaction {
            try endAttempt(path: file.path)
            try database.run("DELETE FROM files WHERE path = ?", file.path)
            try database.run(
                "INSERT INTO files(path, size, mtime_ns, content_hash, format, title, pages) VALUES (?, ?, ?, ?, ?, ?, ?)",
                file.path, file.fingerprint.size, file.fingerprint.modificationTime, file.fingerprint.contentHash,
                file.format, file.title, file.drawings.count)
            let fileID = database.lastInsertedRowID
            for drawing in file.drawings { try insert(drawing, fileID: fileID, strokeOrigins: file.strokeOrigins) }
        }
    }

    private func insert(_ drawing: IndexedDrawing, fileID: Int64, strokeOrigins: [UUID: StrokeKeyLog.Origin]) throws {
        try database.run(
            "INSERT INTO drawings(file_id, page, key, strokes, recognition_version) VALUES (?, ?, ?, ?, ?)",
            fileID, drawing.page, drawing.key, drawing.strokeCount, drawing.recognitionVersion)
        try insertWords(drawing.words, drawingID: database.lastInsertedRowID, strokeOrigins: strokeOrigins)
    }

    /// Writes a drawing's words, numbered in place order, with the drawing's stroke IDs
    /// (`PackedColumns`, `StrokeList`), and adds their forms to the vocabulary.
    /// - Parameter strokeOrigins: the digest and key each derived stroke ID was derived from,
    ///   stored in its place; other IDs are stored whole.
    func insertWords(
        _ words: [IndexedWord], drawingID: Int64, strokeOrigins: [UUID: StrokeKeyLog.Origin] = [:]
    ) throws {
        // numbered in place order, so a phrase's words have consecutive IDs (`PhraseSearch`)
        let inPlaceOrder = words.sorted {
            ($0.source.rawValue, $0.line, $0.position) < ($1.source.rawValue, $1.line, $1.position)
        }
        let strokes = PackedColumns.strokes(of: inPlaceOrder.map(\.strokeIDs)) {
            StrokeList.order($0, origins: strokeOrigins)
        }
        let list = StrokeList.columns(of: strokes.drawing, origins: strokeOrigins)
        // an empty `stroke_keys` (none derived), not NULL (not looked at: `deriveStrokeIDs`)
        try database.run(
            "UPDATE drawings SET stroke_ids = ?, stroke_keys = ? WHERE id = ?", list.ids, list.keys ?? [], drawingID)
        var line: (first: Int, source: Int, words: [(readings: StoredReadings, place: PackedPlace)])?
        for (number, (word, positions)) in zip(inPlaceOrder, strokes.words).enumerated() {
            let place = PackedPlace(
                line: word.line, position: word.position, bounds: StoredBounds.columns(word.bounds), strokes: positions)
            if let current = line, current.source != word.source.rawValue || current.words[0].place.line != word.line {
                try insertLine(drawingID: drawingID, firstWord: current.first, source: current.source, current.words)
                line = nil
            }
            if line == nil { line = (number, word.source.rawValue, []) }
            line?.words.append((StoredReadings(word), place))
        }
        if let line { try insertLine(drawingID: drawingID, firstWord: line.first, source: line.source, line.words) }
        try addToVocabulary(
            words.flatMap { word in
                word.candidates.prefix(ReadingID.indexedReadings).map { Self.storedForms(Self.oneLine($0.text)) }
            })
    }

    /// Writes one line's words (`PackedLine`), the first numbered `firstWord` in its drawing.
    func insertLine(
        drawingID: Int64, firstWord: Int, source: Int, _ words: [(readings: StoredReadings, place: PackedPlace)]
    ) throws {
        let columns = PackedLine.Columns(line: words[0].place.line, words: words)
        let last = try WordID.make(drawingID: drawingID, wordNumber: firstWord + words.count - 1)
        try database.run(
            """
            INSERT INTO lines(id, source, candidates, folded, scores, confidences, reading_buckets, place)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, last - Int64(words.count - 1), source, columns.candidates, columns.folded, columns.scores,
            columns.confidences, columns.buckets, columns.place)
    }

    /// A reading as `words.folded` stores it and the FTS5 tables index it: folded
    /// (`TextFolding.indexForms`), each CJK character spaced out as a token of its own
    /// (`CJKText.spacedOut`; unicode61 reads a run of them as one token).
    static func storedForms(_ reading: String) -> String {
        CJKText.spacedOut(TextFolding.indexForms(reading))
    }

    /// Adds the forms of folded readings to `vocabulary` (those it lacks).
    func addToVocabulary(_ foldedReadings: some Sequence<String>) throws {
        let add = try database.statement("INSERT OR IGNORE INTO vocabulary(form) VALUES (?)")
        var forms = Set<String>()
        for reading in foldedReadings { forms.formUnion(VocabularyForms.of(reading)) }
        for form in forms.sorted() { try add.execute([form]) }
    }

    /// A candidate as one line without control characters: candidates are stored one per line,
    /// and the `readings` view turns those lines into JSON strings, which allow none.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 ? " " : $0 }))
    }

    /// Remembers that `path` could not be read, dropping anything stored for it before.
    package func recordFailure(path: String, fingerprint: FileFingerprint, reason: String) throws {
        try database.transaction {
            try endAttempt(path: path)
            try database.run("DELETE FROM files WHERE path = ?", path)
            try database.run(
                "INSERT INTO files(path, size, mtime_ns, content_hash, error) VALUES (?, ?, ?, ?, ?)",
                path, fingerprint.size, fingerprint.modificationTime, fingerprint.contentHash, reason)
        }
    }

    /// Stores a new size and mtime for a file whose content did not change.
    package func updateFingerprint(path: String, _ fingerprint: FileFingerprint) throws {
        try database.transaction {
            try endAttempt(path: path)
            try database.run(
                "UPDATE files SET size = ?, mtime_ns = ? WHERE path = ?",
                fingerprint.size, fingerprint.modificationTime, path)
        }
    }

    /// Forgets files (and their drawings and words), in one transaction.
    package func removeFiles(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        try database.transaction {
            for path in paths { try database.run("DELETE FROM files WHERE path = ?", path) }
        }
    }

    /// The stored drawings of a file, by key, for reusing recognition of unchanged pages.
    package func storedDrawings(path: String) throws -> [String: IndexedDrawing] {
        var byKey: [String: IndexedDrawing] = [:]
        for drawing in try drawings(path: path) { byKey[drawing.key] = drawing }
        return byKey
    }

    /// The stored drawings of a file by page, each with its words in place order (source, line,
    /// position: their IDs' order); none for a file the index does not hold or could not read.
    package func drawings(path: String) throws -> [IndexedDrawing] {
        var drawings: [(id: Int64, drawing: IndexedDrawing)] = []
        try database.statement(
            """
            SELECT d.id, d.page, d.key, d.strokes, d.recognition_version FROM drawings d
            JOIN files f ON f.id = d.file_id WHERE f.path = ? ORDER BY d.page
            """
        ).forEachRow([path]) { row in
            drawings.append(
                (
                    row.int64(0),
                    IndexedDrawing(
                        page: row.int(1), key: row.string(2), strokeCount: row.int(3), recognitionVersion: row.int(4),
                        words: [])
                ))
        }
        for index in drawings.indices {
            let id = drawings[index].id
            let strokes = try drawingStrokes(id)
            try forEachLine(ofDrawing: id) { line in
                for word in 0..<line.count {
                    drawings[index].drawing.words.append(
                        WordRow(line: line, index: word).word(drawingStrokes: strokes))
                }
            }
        }
        return drawings.map(\.drawing)
    }

    /// What the derived stroke IDs of a file's drawings are derived from (`StrokeList.origins`).
    func strokeOrigins(path: String) throws -> [UUID: StrokeKeyLog.Origin] {
        var origins: [UUID: StrokeKeyLog.Origin] = [:]
        try database.statement(
            "SELECT d.stroke_ids, d.stroke_keys FROM drawings d JOIN files f ON f.id = d.file_id WHERE f.path = ?"
        ).forEachRow([path]) { row in
            origins.merge(row.strokeList(ids: 0, keys: 1).origins) { first, _ in first }
        }
        return origins
    }

    /// Whether a drawing of the file at `path` holds stroke IDs an older schema stored whole,
    /// not yet looked at (`deriveStrokeIDs`).
    package func hasStrokeIDsStoredWhole(path: String) throws -> Bool {
        try database.integer(
            """
            SELECT count(*) FROM drawings d JOIN files f ON f.id = d.file_id
            WHERE f.path = ? AND d.stroke_keys IS NULL AND length(d.stroke_ids) > 0
            """, path) ?? 0 > 0
    }

    /// The stroke IDs of a file's drawings that an older schema stored whole (`stroke_keys`
    /// NULL) stored derived where `origins` derives them, in one transaction: the drawing's list
    /// made again from its words in the order a build keeps it (`StrokeList.order`), and each
    /// word's positions with it. A drawing none of whose IDs can be derived keeps its columns and
    /// is marked looked at (an empty `stroke_keys`).
    /// - Parameter origins: what the file's reader derived its IDs from (`StrokeKeyLog`).
    /// - Returns: how many drawings store derived IDs now.
    @discardableResult
    package func deriveStrokeIDs(path: String, origins: [UUID: StrokeKeyLog.Origin]) throws -> Int {
        try database.transaction {
            var lists: [(id: Int64, list: StrokeList)] = []
            try database.statement(
                """
                SELECT d.id, d.stroke_ids FROM drawings d JOIN files f ON f.id = d.file_id
                WHERE f.path = ? AND d.stroke_keys IS NULL
                """
            ).forEachRow([path]) { row in
                lists.append((row.int64(0), row.withBytes(1) { StrokeList(ids: $0, keys: nil) }))
            }
            let updateLine = try database.statement("UPDATE lines SET place = ? WHERE id = ?")
            let update = try database.statement("UPDATE drawings SET stroke_ids = ?, stroke_keys = ? WHERE id = ?")
            let lookedAt = try database.statement("UPDATE drawings SET stroke_keys = x'' WHERE id = ?")
            var derived = 0
            for (drawing, list) in lists {
                var lines: [StoredLine] = []
                try forEachLine(ofDrawing: drawing) { lines.append($0) }
                let places = lines.map { line in (0..<line.count).map { line.place($0) } }
                let named = places.joined().map { place in
                    place.strokes.withUnsafeBytes { PackedColumns.strokeIDs($0, in: list) }
                }
                let packed = PackedColumns.strokes(of: named) { StrokeList.order($0, origins: origins) }
                let columns = StrokeList.columns(of: packed.drawing, origins: origins)
                guard let keys = columns.keys else {
                    try lookedAt.execute([drawing])
                    continue
                }
                var strokes = packed.words[...]
                for (line, linePlaces) in zip(lines, places) {
                    let renumbered = linePlaces.map { place in
                        var place = place
                        place.strokes = strokes.popFirst() ?? []
                        return place
                    }
                    try updateLine.execute([PackedLine.place(line: line.line, places: renumbered), line.id])
                }
                try update.execute([columns.ids, keys, drawing])
                derived += 1
            }
            return derived
        }
    }

    /// Every file the index holds, indexed or failed, by path.
    package func storedNotebooks() throws -> [StoredNotebook] {
        var notebooks: [StoredNotebook] = []
        try database.statement("SELECT path, format, title, pages, error FROM files ORDER BY path").forEachRow { row in
            notebooks.append(
                StoredNotebook(
                    path: row.string(0), format: row.optionalString(1), title: row.optionalString(2), pages: row.int(3),
                    error: row.optionalString(4)))
        }
        return notebooks
    }
}
