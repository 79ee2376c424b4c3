import Foundation
import Testing

@testable import SearchIndex

/// Indexes of schema 6, 7, 8 and 9, made by builds before schema 7, 8, 9 and 10
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
    static let olderSchemas: [(Int, Int)] = [(6, 24), (7, 25), (8, 26), (9, 29)]

    /// A copy of a fixture index in a fresh folder.
    static func copy(schema: Int = 6, into runner: CommandRunner) throws -> String {
        try FileManager.default.copyItem(
            atPath: fixtures.appendingPathComponent("schema\(schema)-samples.sqlite").path, toPath: runner.index)
        return runner.index
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
            // the bounds are integers now, and the shell still reads them in points
            #expect(
                try store.database.text("SELECT DISTINCT typeof(x100) FROM words WHERE x100 IS NOT NULL") == "integer")
            #expect(try store.database.integer("SELECT count(*) FROM words WHERE abs(x * 100 - x100) > 1e-6") == 0)
            // the FTS5 tables hold what the `readings` view lists now, with its implied columns
            #expect(try store.database.text("INSERT INTO readings_fts(readings_fts) VALUES ('integrity-check')") == nil)
            #expect(
                try store.database.text("INSERT INTO readings_trigram(readings_trigram) VALUES ('integrity-check')")
                    == nil)
            for column in ["folded", "confidence", "reading_buckets"] {
                #expect(try store.database.integer("SELECT count(*) FROM words WHERE \(column) IS NULL") ?? 0 > 0)
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
    /// same columns left out (`ImpliedColumns`), the same values kept.
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
        let rows = """
            SELECT group_concat(row, char(10)) FROM (
                SELECT d.key || ' ' || (w.id & 1048575) || ' ' || w.source || ' ' || w.line || ' ' || w.position
                    || ' ' || quote(w.candidates) || ' ' || quote(w.folded) || ' ' || hex(w.scores) || ' '
                    || quote(w.confidence) || ' ' || quote(w.reading_buckets) || ' ' || quote(w.x100) || ' '
                    || quote(w.y100) || ' ' || quote(w.width100) || ' ' || quote(w.height100) AS row
                FROM words w JOIN drawings d ON d.id = w.id >> 20 ORDER BY d.key, w.id & 1048575)
            """
        let expected = try #require(try written.database.text(rows))
        #expect(try upgraded.database.text(rows) == expected)
        #expect(expected.contains(" NULL NULL "))
    }

    /// The upgrade leaves the old tables' pages to nobody: no page is free, and the file is
    /// smaller from schemas that stored the words' stroke IDs as text. (From schema 8 and 9 the
    /// fixture's few pages of words shrink by less than the tables a build adds.)
    @Test(arguments: olderSchemas.map(\.0))
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
}
