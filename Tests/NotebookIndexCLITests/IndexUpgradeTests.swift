import Foundation
import Testing

@testable import SearchIndex

/// Indexes of schema 6 to 12, made by builds before schema 7 to 13
/// (`tools/make_index_fixture.py`), upgraded in place: nothing recognized again, and every query
/// prints what it printed then.
@Suite struct IndexUpgradeTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/index")

    struct Answer: Decodable {
        var arguments: [String]
        var status: Int32
        var stdout: String
    }

    /// The fixtures: each old schema, and the recognizer version that built it.
    static let olderSchemas: [(Int, Int)] = [(6, 24), (7, 25), (8, 26), (9, 29), (10, 30), (11, 32), (12, 33)]

    /// A copy of a fixture index in a fresh folder.
    static func copy(schema: Int = 6, into runner: CommandRunner) throws -> String {
        try FileManager.default.copyItem(
            atPath: fixtures.appendingPathComponent("schema\(schema)-samples.sqlite").path, toPath: runner.index)
        return runner.index
    }

    /// Every query of the schema's fixture prints on `index` what the build of that schema printed.
    static func expectAnswers(ofSchema schema: Int, recognizer: Int, on index: String) async throws {
        let answers = try JSONDecoder().decode(
            [Answer].self,
            from: Data(contentsOf: fixtures.appendingPathComponent("schema\(schema)-samples-answers.json")))
        for answer in answers {
            var arguments = ["query"] + answer.arguments + ["--index", index, "--json"]
            if !answer.arguments.contains("--min-score") { arguments += ["--min-score", "0"] }
            let run = await InProcessTests().run(arguments, version: recognizer)
            #expect(run.status == answer.status && run.stdout == answer.stdout, "\(answer.arguments)")
        }
    }

    @Test(arguments: olderSchemas)
    func olderIndexIsUpgradedInPlaceWithTheSameAnswers(schema: Int, recognizer: Int) async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let index = try Self.copy(schema: schema, into: runner)
        let answers = try JSONDecoder().decode(
            [Answer].self,
            from: Data(contentsOf: Self.fixtures.appendingPathComponent("schema\(schema)-samples-answers.json")))
        let before: (drawings: Int?, words: Int?, keys: String?)
        do {
            let database = try Database(path: index)
            before = (
                try database.integer("SELECT count(*) FROM drawings"),
                try database.integer("SELECT count(*) FROM words"),
                try database.text("SELECT group_concat(key || recognition_version) FROM drawings")
            )
        }
        do {
            let store = try IndexStore(path: index, access: .write)
            #expect(try store.database.integer("PRAGMA user_version") == IndexSchema.version)
            #expect(try store.integrityCheck() == "ok")
            #expect(try store.database.integer("SELECT count(*) FROM drawings") == before.drawings)
            #expect(try store.database.integer("SELECT count(*) FROM words") == before.words)
            // the same pages, read by the same recognizer version: nothing to recognize again
            #expect(
                try store.database.text("SELECT group_concat(key || recognition_version) FROM drawings") == before.keys)
            #expect(try store.recognitionVersion() == recognizer)
            // every word is in a line, and the upgrades from schema 10 and 12 have ended
            #expect(try store.database.text("SELECT DISTINCT typeof(place) FROM lines") == "blob")
            #expect(try store.database.integer("SELECT count(*) FROM lines") ?? 0 < (before.words ?? 0) / 3)
            #expect(try store.meta(IndexStore.wordsToMove) == nil)
            #expect(try store.meta(IndexStore.linesToMove) == nil)
            // the FTS5 table holds what the `readings` view lists now, with its implied columns, and
            // the trigram index of every reading is gone (in-word terms ask the vocabulary's)
            #expect(try store.database.text("INSERT INTO readings_fts(readings_fts) VALUES ('integrity-check')") == nil)
            #expect(
                try store.database.text("INSERT INTO vocabulary_trigram(vocabulary_trigram) VALUES ('integrity-check')")
                    == nil)
            #expect(
                try store.database.integer("SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%readings_trigram%'")
                    == 0)
            for column in ["folded", "confidences", "reading_buckets"] {
                #expect(try store.database.integer("SELECT count(*) FROM lines WHERE \(column) IS NULL") ?? 0 > 0)
            }
            // every stroke ID stays stored whole: none is derived without the notebook's bytes
            // (schema 9 stored them so already)
            if schema < 9 {
                #expect(try store.database.integer("SELECT count(*) FROM drawings WHERE stroke_keys IS NOT NULL") == 0)
            }
        }
        for answer in answers {
            var arguments = ["query"] + answer.arguments + ["--index", index, "--json"]
            if !answer.arguments.contains("--min-score") { arguments += ["--min-score", "0"] }
            let run = await InProcessTests().run(arguments, version: recognizer)
            #expect(run.status == answer.status, "\(answer.arguments)")
            #expect(run.stdout == answer.stdout, "\(answer.arguments)")
        }
    }

    /// Every word an upgrade leaves is stored as the writer stores that word read back: the
    /// same lines, the same columns left out (`ImpliedColumns`), the same values kept.
    @Test(arguments: olderSchemas.map(\.0))
    func upgradedWordsAreStoredAsABuildStoresThem(schema: Int) throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let upgraded = try IndexStore(path: try Self.copy(schema: schema, into: runner), access: .write)
        let written = try IndexStore(path: runner.folder + "/written.sqlite", access: .write)
        for record in try upgraded.fileRecords(recognitionVersion: 0).values.sorted(by: { $0.path < $1.path }) {
            let drawings = try upgraded.drawings(path: record.path)
            guard let format = record.format, !drawings.isEmpty else { continue }
            try written.replace(
                IndexedFile(
                    path: record.path, fingerprint: record.fingerprint, format: format, title: nil,
                    drawings: drawings))
        }
        // a word's stroke positions follow its drawing's list, which a build orders afresh
        func rows(_ store: IndexStore) throws -> String {
            var rows: [String] = []
            try store.database.statement(
                """
                SELECT d.key || ' ' || (l.id & 1048575) || ' ' || l.source || ' ' || quote(l.candidates) || ' '
                       || quote(l.folded) || ' ' || hex(l.scores) || ' ' || quote(l.confidences) || ' '
                       || quote(l.reading_buckets), \(StoredLine.columns)
                FROM lines l JOIN drawings d ON d.id = l.id >> 20 ORDER BY d.key, l.id & 1048575
                """
            ).forEachRow { (row: Statement) -> Void in
                let line = StoredLine(row, offset: 1)
                let places = (0..<line.count).map { index in
                    let place = line.place(index)
                    let bounds = place.bounds.map { "\($0.x) \($0.y) \($0.width) \($0.height)" } ?? "none"
                    return "\(place.line) \(place.position) \(bounds)"
                }
                rows.append("\(row.string(0)) \(places.joined(separator: ", "))")
            }
            return rows.joined(separator: "\n")
        }
        let expected = try rows(written)
        #expect(try rows(upgraded) == expected)
        #expect(expected.contains(" NULL NULL"))
    }

    /// The upgrade leaves the old tables' pages to nobody: no page is free, and the file is
    /// smaller from schemas that stored the words' stroke IDs as text. (From schema 8 and 9 the
    /// fixture's few pages of words shrink by less than the tables a build adds.) The upgrade
    /// from schemas 9 and 10 moves their words in steps and is not vacuumed (`upgradeInSteps...`).
    @Test(arguments: olderSchemas.map(\.0).filter { $0 < 9 })
    func upgradeGivesBackTheOldTablesPages(schema: Int) throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let index = try Self.copy(schema: schema, into: runner)
        let size = { (try? FileManager.default.attributesOfItem(atPath: index)[.size] as? Int) ?? nil }
        let before = try #require(size())
        _ = try IndexStore(path: index, access: .write)
        let database = try Database(path: index)
        #expect(try database.integer("PRAGMA freelist_count") == 0)
        if schema < 8 { #expect(try #require(size()) < before) }
    }

    /// The defect: the upgrade from schema 9 wrote the new `words` beside the old one in one
    /// transaction, so a large index needed about three times its size free on disk. In steps,
    /// the file grows by about one step's words, where one step of them all grows it by the table.
    @Test(arguments: [9, 10, 12]) func upgradeInStepsNeedsOneStepOfDiskNotATable(schema: Int) throws {
        func growth(wordsPerStep: Int) throws -> (bytes: Int, table: Int) {
            let runner = CommandRunner()
            defer { runner.cleanUp() }
            let index = runner.index
            try IndexUpgradeKillTests.largeIndex(schema: schema, at: index)
            // the move's disk alone: schema 12's upgrade frees the trigram index's pages, which
            // the move fills first (`dropReadingsTrigram`)
            try Database(path: index).execute("DROP TABLE IF EXISTS readings_trigram; VACUUM")
            let size = { (try? FileManager.default.attributesOfItem(atPath: index)[.size] as? Int) ?? 0 }
            let before = size()
            let table = try Database(path: index).integer("SELECT sum(pgsize) FROM dbstat WHERE name = 'words'") ?? 0
            let store = try IndexStore(
                path: index, access: .write, moveSteps: IndexStore.WordMoveSteps(words: wordsPerStep))
            try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return (size() - before, table)
        }
        let stepped = try growth(wordsPerStep: 500)
        let whole = try growth(wordsPerStep: 1_000_000)
        #expect(stepped.table >= 180 * 4096)
        #expect(whole.bytes >= stepped.table / 2, "stepped \(stepped), whole \(whole)")
        #expect(stepped.bytes <= stepped.table / 10, "stepped \(stepped), whole \(whole)")
    }

    /// The defect: Debian's SQLite zeroes every page it frees (SECURE_DELETE), so dropping
    /// `readings_trigram` wrote the whole table into the write-ahead log, and the upgrade from
    /// schema 11 needed the table's size free on disk for a change that writes nothing.
    @Test func droppingTheTrigramIndexWritesNotItsPagesToTheLog() throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let index = runner.index
        try IndexUpgradeKillTests.largeIndex(schema: 11, at: index)
        try Database(path: index).execute("VACUUM")
        let table =
            try Database(path: index).integer("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'readings_trigram%'") ?? 0
        // the drop alone: schema 13's packing of the words into lines, which writes them, not begun
        let store = try IndexStore(path: index, access: .write, moveSteps: IndexStore.WordMoveSteps(limit: 0))
        let log = (try? FileManager.default.attributesOfItem(atPath: index + "-wal")[.size] as? Int) ?? 0
        #expect(try store.database.integer("PRAGMA user_version") == IndexSchema.version)
        #expect(try store.database.integer("PRAGMA secure_delete") == 1)
        #expect(table >= 64 * 4096)
        #expect(log <= table / 4, "log \(log), table \(table)")
    }

    /// A build stopped between the steps of the upgrade from schema 9 or 10 leaves every word in
    /// one of the two tables and an index that queries refuse (an older notebook-index refuses
    /// its schema); the next build goes on and ends it with every answer as before.
    @Test(arguments: olderSchemas.filter { $0.0 == 9 || $0.0 == 10 })
    func upgradeStoppedBetweenStepsIsFinishedByTheNextBuild(schema: Int, recognizer: Int) async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let index = try Self.copy(schema: schema, into: runner)
        let words = try Database(path: index).integer("SELECT count(*) FROM words")
        do {
            let store = try IndexStore(
                path: index, access: .write, moveSteps: IndexStore.WordMoveSteps(words: 50, limit: 2))
            #expect(try store.database.integer("PRAGMA user_version") == IndexSchema.version)
            #expect(try store.meta(IndexStore.wordsToMove) == "words_v\(schema)")
            #expect(try store.database.integer("SELECT count(*) FROM words") == 100)
            #expect(
                try store.database.integer(
                    "SELECT (SELECT count(*) FROM words) + (SELECT count(*) FROM words_v\(schema))") == words)
        }
        #expect(throws: IndexStoreError.self) { try IndexStore(path: index, access: .read) }
        _ = try IndexStore(path: index, access: .write)
        try await Self.expectAnswers(ofSchema: schema, recognizer: recognizer, on: index)
    }

    /// A build stopped between the steps of the upgrade from schema 12 (its words packed into
    /// lines) leaves every word in one of the two tables and an index that queries refuse; the
    /// next build goes on and ends it with every answer as before.
    @Test func packingLinesStoppedBetweenStepsIsFinishedByTheNextBuild() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let index = try Self.copy(schema: 12, into: runner)
        let words = try Database(path: index).integer("SELECT count(*) FROM words")
        let wordsInLines = "SELECT sum(length(candidates) - length(replace(candidates, char(31), '')) + 1) FROM lines"
        do {
            let store = try IndexStore(
                path: index, access: .write, moveSteps: IndexStore.WordMoveSteps(words: 50, limit: 1))
            #expect(try store.database.integer("PRAGMA user_version") == IndexSchema.version)
            #expect(try store.meta(IndexStore.linesToMove) == "words_v12")
            let packed = try #require(try store.database.integer(wordsInLines))
            #expect(packed >= 50 && packed < (words ?? 0))
            #expect(try store.database.integer("SELECT count(*) FROM words_v12") == (words ?? 0) - packed)
        }
        #expect(throws: IndexStoreError.self) { try IndexStore(path: index, access: .read) }
        do {
            let store = try IndexStore(path: index, access: .write)
            #expect(try store.meta(IndexStore.linesToMove) == nil)
            #expect(try store.database.integer(wordsInLines) == words)
            #expect(try store.database.integer("SELECT count(*) FROM words") == words)
            #expect(try store.database.text("INSERT INTO readings_fts(readings_fts) VALUES ('integrity-check')") == nil)
        }
        try await Self.expectAnswers(ofSchema: 12, recognizer: 33, on: index)
    }

    /// A schema-11 build killed while it moved schema 10's words leaves schema 11 with the move
    /// begun and `readings_trigram` still there; schema 12's build ends the move, drops the table
    /// and answers as before. (The state is made by this build stopped halfway, then marked as
    /// schema 11 left it: its version, and the trigram table it kept.)
    @Test func schema11StoppedMovingWordsIsFinishedAndItsTrigramsDropped() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let index = try Self.copy(schema: 10, into: runner)
        do {
            let store = try IndexStore(
                path: index, access: .write, moveSteps: IndexStore.WordMoveSteps(words: 50, limit: 2))
            #expect(try store.meta(IndexStore.wordsToMove) == "words_v10")
            try store.database.execute(
                """
                CREATE VIRTUAL TABLE readings_trigram USING fts5(
                    folded, content='readings', content_rowid='id', tokenize='trigram', detail=none, columnsize=0);
                PRAGMA user_version = 11;
                UPDATE meta SET value = '11' WHERE key = 'schema_version';
                """)
        }
        #expect(throws: IndexStoreError.self) { try IndexStore(path: index, access: .read) }
        do {
            let store = try IndexStore(path: index, access: .write)
            #expect(try store.database.integer("PRAGMA user_version") == IndexSchema.version)
            #expect(try store.meta(IndexStore.wordsToMove) == nil)
            #expect(
                try store.database.integer("SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%readings_trigram%'")
                    == 0)
            #expect(
                try store.database.integer(
                    "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'lines_%'") == 5)
        }
        try await Self.expectAnswers(ofSchema: 10, recognizer: 30, on: index)
    }
}
