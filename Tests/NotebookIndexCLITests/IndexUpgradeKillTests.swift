import Foundation
import SeededRandom
import Testing

@testable import SearchIndex

/// The upgrade of a schema-6 to 12 index killed with SIGKILL at staggered moments leaves
/// either the index of the old schema as it was or the finished current one, never a mixture, and
/// the next build finishes it with the answers of an upgrade never killed. The upgrade from
/// schema 9 or 10 moves its words in committed steps (`finishMovingWords`): killed, it may also
/// leave the current schema with the move begun, every word in one of the two tables, and so may
/// the packing of schema 12's words into lines (`finishPackingLines`). (Slow lane: it runs the
/// binary.)
@Suite(.enabled(if: CommandRunner.binary != nil, "the notebook-index binary is not built"))
struct IndexUpgradeKillTests {
    /// A fixture of an old schema with its files 40 times over (under other paths), so the upgrade
    /// takes a while: its drawings and words copied as that schema stores them.
    static func largeIndex(schema: Int, at path: String) throws {
        try FileManager.default.copyItem(
            atPath: IndexUpgradeTests.fixtures.appendingPathComponent("schema\(schema)-samples.sqlite").path,
            toPath: path)
        // schema 6 keeps the page text and each word's drawing; schema 7 the drawing's stroke IDs,
        // schema 9 how the derived ones are derived too
        let drawingColumns = schema == 6 ? ["text"] : schema < 9 ? ["stroke_ids"] : ["stroke_ids", "stroke_keys"]
        let drawingOf = schema == 6 ? "w.drawing_id" : "w.id >> 20"
        let bounds = schema == 7 ? "x, y, width, height" : "x100, y100, width100, height100"
        let wordColumns =
            schema == 6
            ? "drawing_id, source, line, position, text, candidates, scores, folded, confidence, stroke_ids, x, y, width, height, reading_buckets"
            : schema >= 11
                ? "source, candidates, folded, scores, confidence, reading_buckets, place"
                : "source, line, position, candidates, folded, scores, confidence, reading_buckets, strokes, \(bounds)"
        let wordValues = wordColumns.split(separator: ", ").map { $0 == "drawing_id" ? "nd.id" : "w.\($0)" }
        let database = try Database(path: path)
        try database.execute("BEGIN")
        for copy in 1...40 {
            try database.execute(
                """
                INSERT INTO files(path, size, mtime_ns, content_hash, format, title, pages, error)
                    SELECT path || '.\(copy)', size, mtime_ns, content_hash, format, title, pages, error
                    FROM files WHERE path NOT LIKE '%.%.%' AND path NOT GLOB '*.[0-9]*';
                INSERT INTO drawings(file_id, page, key, strokes, recognition_version, \(drawingColumns.joined(separator: ", ")))
                    SELECT nf.id, d.page, d.key || '.\(copy)', d.strokes, d.recognition_version,
                           \(drawingColumns.map { "d.\($0)" }.joined(separator: ", "))
                    FROM drawings d JOIN files f ON f.id = d.file_id JOIN files nf ON nf.path = f.path || '.\(copy)';
                INSERT INTO words(id, \(wordColumns))
                    SELECT (nd.id << 20) | (w.id & 1048575), \(wordValues.joined(separator: ", "))
                    FROM words w JOIN drawings d ON d.id = \(drawingOf) JOIN files f ON f.id = d.file_id
                    JOIN files nf ON nf.path = f.path || '.\(copy)'
                    JOIN drawings nd ON nd.file_id = nf.id AND nd.page = d.page;
                """)
        }
        try database.execute("COMMIT")
    }

    @Test(arguments: [6, 7, 8, 9, 10, 11, 12])
    func killedUpgradesLeaveTheOldSchemaOrTheCurrentOne(schema: Int) throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        try Self.largeIndex(schema: schema, at: runner.index)
        let clean = runner.folder + "/clean.sqlite"
        try FileManager.default.copyItem(atPath: runner.index, toPath: clean)
        let words = try Database(path: runner.index).integer("SELECT count(*) FROM words")
        #expect((words ?? 0) > 10_000)
        var random = SplitMix64(seed: 50)
        for _ in 0..<4 {
            let (process, _, _) = try runner.start(["build", "notes", "--index", runner.index])
            Thread.sleep(forTimeInterval: 0.05 + Double(random.next() % 600) / 1000)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let database = try Database(path: runner.index)
            let version = try database.integer("PRAGMA user_version")
            #expect(version == schema || version == IndexSchema.version)
            #expect(try database.text("PRAGMA integrity_check") == "ok")
            let moving = try database.integer("SELECT count(*) FROM meta WHERE key = 'words_to_move'") == 1
            if moving {
                #expect((schema == 9 || schema == 10) && version == IndexSchema.version)
                #expect(
                    try database.integer(
                        "SELECT (SELECT count(*) FROM words) + (SELECT count(*) FROM words_v\(schema))") == words)
                continue
            }
            if try database.integer("SELECT count(*) FROM meta WHERE key = 'lines_to_move'") == 1 {
                #expect(schema >= 9 && version == IndexSchema.version)
                #expect(
                    try database.integer(
                        """
                        SELECT (SELECT coalesce(sum(length(candidates) - length(replace(candidates, char(31), '')) + 1), 0)
                                FROM lines) + (SELECT count(*) FROM words_v12)
                        """) == words)
                continue
            }
            #expect(try database.integer("SELECT count(*) FROM words") == words)
            #expect(try database.text("INSERT INTO readings_fts(readings_fts) VALUES ('integrity-check')") == nil)
        }
        #expect(try runner.run(["build", "notes", "--index", runner.index]).status == 0)
        #expect(try runner.run(["build", "notes", "--index", clean]).status == 0)
        for query in ["the", "contemplated", "the darkness", "journal"] {
            let a = try runner.run([
                "query", query, "--json", "--min-score", "0", "--limit", "500", "--index", runner.index,
            ])
            let b = try runner.run(["query", query, "--json", "--min-score", "0", "--limit", "500", "--index", clean])
            #expect(a.status == 0 && a.stdout == b.stdout)
        }
    }
}
