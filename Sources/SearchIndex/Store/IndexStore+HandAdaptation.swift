import Foundation
import Recognition

/// The writer's adaptation (`HandAdaptation`) an index learned from its own sure words, kept in
/// one row with where it came from: the recognizer version and languages it was fitted for, the
/// part adapted, how many words it was fitted to and judged on, their held-out loss before and
/// after, and when.
///
/// An addition older builds ignore (no new schema version). The adaptation is stored as base64
/// text of its own checked format, so a damaged row is refused with a reason (and ignored) rather
/// than read. A build with another recognizer version or languages drops it and learns anew.
extension IndexStore {
    static let handAdaptationTable = """
        CREATE TABLE IF NOT EXISTS hand_adaptation(
            id INTEGER PRIMARY KEY CHECK (id = 1),
            adaptation TEXT NOT NULL,              -- HandAdaptation.data, base64
            recognition_version INTEGER NOT NULL,
            languages TEXT NOT NULL,               -- comma-separated codes
            part TEXT NOT NULL,                    -- bias, logit-map or output-layer
            words INTEGER NOT NULL,                -- words fitted
            held_out INTEGER NOT NULL,             -- sure words it was judged on
            loss_before REAL NOT NULL,             -- their mean loss, shipped network
            loss_after REAL NOT NULL,              -- the same, adapted
            created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        );
        """

    /// The stored adaptation with its provenance.
    package struct StoredHandAdaptation: Sendable, Equatable {
        package var adaptation: HandAdaptation
        package var recognitionVersion: Int
        package var languages: [String]
        package var words: Int
        package var heldOut: Int
        package var lossBefore: Double
        package var lossAfter: Double
        package var created: String

        package init(
            adaptation: HandAdaptation, recognitionVersion: Int, languages: [String], words: Int, heldOut: Int,
            lossBefore: Double, lossAfter: Double, created: String = ""
        ) {
            self.adaptation = adaptation
            self.recognitionVersion = recognitionVersion
            self.languages = languages
            self.words = words
            self.heldOut = heldOut
            self.lossBefore = lossBefore
            self.lossAfter = lossAfter
            self.created = created
        }
    }

    /// The stored adaptation; nil when there is none, or the row cannot be read (a damaged
    /// adaptation is as good as none: the next build learns again).
    package func handAdaptation() throws -> StoredHandAdaptation? {
        guard try hasTable("hand_adaptation") else { return nil }
        let sql = """
            SELECT adaptation, recognition_version, languages, words, held_out, loss_before, loss_after, created
            FROM hand_adaptation WHERE id = 1
            """
        return try database.statement(sql).firstRow { (row: Statement) -> StoredHandAdaptation? in
            guard let data = Data(base64Encoded: row.string(0)),
                let adaptation = try? HandAdaptation(data: data)
            else { return nil }
            return StoredHandAdaptation(
                adaptation: adaptation, recognitionVersion: row.int(1),
                languages: row.string(2).split(separator: ",").map(String.init), words: row.int(3),
                heldOut: row.int(4), lossBefore: row.double(5), lossAfter: row.double(6), created: row.string(7))
        } ?? nil
    }

    /// Stores `stored` in place of any adaptation before.
    package func setHandAdaptation(_ stored: StoredHandAdaptation) throws {
        try database.transaction {
            try database.execute(Self.handAdaptationTable)
            try database.run(
                """
                INSERT OR REPLACE INTO hand_adaptation(
                    id, adaptation, recognition_version, languages, part, words, held_out, loss_before, loss_after)
                VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)
                """, stored.adaptation.data.base64EncodedString(), stored.recognitionVersion,
                stored.languages.joined(separator: ","), stored.adaptation.part.name, stored.words, stored.heldOut,
                stored.lossBefore, stored.lossAfter)
        }
    }

    /// Forgets the adaptation: the next build reads with the shipped network and learns anew.
    package func removeHandAdaptation() throws {
        guard try hasTable("hand_adaptation") else { return }
        try database.run("DELETE FROM hand_adaptation")
    }

    /// The recognition version of a drawing marked by `markUnsureDrawingsStale`: read by no
    /// version, so any build reads it again; one with the hand reads only its unsure words.
    package static let markedForHand = -1

    /// Marks the drawings holding a handwritten word read less surely than `confidence` as read
    /// by no version (`markedForHand`), so the next build reads them again (with a new adaptation).
    /// - Returns: how many drawings were marked.
    @discardableResult
    package func markUnsureDrawingsStale(below confidence: Double) throws -> Int {
        return try database.transaction {
            // a confidence left out (`ImpliedColumns`) is the scores', so the words are told apart here
            var unsure: [Int64] = []
            try database.statement("SELECT \(StoredLine.columns) FROM lines l WHERE l.source = 0").forEachRow {
                (row: Statement) -> Void in
                let line = StoredLine(row)
                let drawing = line.id >> 20
                guard unsure.last != drawing,
                    (0..<line.count).contains(where: { WordRow(line: line, index: $0).confidence < confidence })
                else { return }
                unsure.append(drawing)
            }
            let drawings = String(decoding: try JSONEncoder().encode(unsure), as: UTF8.self)
            try database.run(
                """
                UPDATE drawings SET recognition_version = ?
                WHERE recognition_version != ?
                  AND id IN (SELECT value FROM json_each(?))
                """, Self.markedForHand, Self.markedForHand, drawings)
            return try database.integer("SELECT changes()") ?? 0
        }
    }

    private func hasTable(_ name: String) throws -> Bool {
        try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = ?", name) == 1
    }
}
