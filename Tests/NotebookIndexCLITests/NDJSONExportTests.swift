import Foundation
import Testing

@testable import NotebookIndexCLI

/// `export --ndjson`: one JSON document a line per searched reading, for OpenSearch bulk loads.
@Suite struct NDJSONExportTests {
    let cli = InProcessTests()

    @Test func everyLineIsADocumentWithTheContractsFields() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed words", strokes: 3))
        runner.write("other/b.xopp", xournalPage("elsewhere", strokes: 1))
        #expect(
            await cli.run(["build", runner.folder + "/notes", runner.folder + "/other", "--index", runner.index]).status
                == 0)
        let result = await cli.run(["export", "--ndjson", "--index", runner.index])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        let documents = try lines.dropLast().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        // a.xopp: 3 handwritten words and 2 typed ones; b.xopp: 1 and 1; one reading each
        #expect(documents.count == 7)
        let first = documents[0]
        #expect(first["path"] as? String == runner.folder + "/notes/a.xopp")
        #expect(first["page"] as? Int == 0)
        #expect(first["text"] as? String == "ink0")
        #expect(first["source"] as? String == "handwriting")
        #expect(first["reading"] as? Int == 0)
        #expect(first["score"] as? Double == 0.8)
        #expect((first["strokeIDs"] as? [String])?.count == 1)
        #expect((first["bounds"] as? [String: Double])?["x"] == 10)
        let line = try #require(first["line"] as? [String: Any])
        #expect(line["text"] as? String == "ink0 ink1 ink2")
        #expect((line["bounds"] as? [String: Double])?["width"] == 60)
        #expect(first["id"] as? String == runner.folder + "/notes/a.xopp#0:handwriting:0:0:0")
        let typed = try #require(documents.first { $0["text"] as? String == "words" })
        #expect(typed["source"] as? String == "typed")
        #expect((typed["line"] as? [String: Any])?["text"] as? String == "typed words")
        #expect(Set(documents.compactMap { $0["id"] as? String }).count == documents.count)

        // PATHs choose notebooks; a PATH holding none is named
        let some = await cli.run(["export", runner.folder + "/other", "--ndjson", "--index", runner.index])
        #expect(some.stdout.split(separator: "\n").count == 2)
        let none = await cli.run(["export", runner.folder + "/nothing", "--ndjson", "--index", runner.index])
        #expect(none.status == 1)
        #expect(none.stderr == "\(runner.folder)/nothing: no notebook of the index lies here\n")
    }

    @Test(arguments: [
        (["export", "--ndjson", "--pdf", "x.pdf"], "Error: '--pdf' and '--ndjson' cannot be used together"),
        (["export", "--markdown", "dir"], "Error: missing expected argument 'PATH'"),
        (["export"], "Error: missing '--pdf FILE', '--markdown DIR' or '--ndjson'"),
    ])
    func usageMistakes(arguments: [String], message: String) async {
        let result = await cli.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message + "\n"))
    }

    /// The mapping for OpenSearch/Elasticsearch names every field a document has.
    @Test func theMappingNamesEveryField() throws {
        let url = DesktopSearchTests.contrib.appendingPathComponent("opensearch/notebook-index-mapping.json")
        let mapping = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let properties = try #require((mapping["mappings"] as? [String: Any])?["properties"] as? [String: Any])
        for field in [
            "id", "path", "page", "drawing", "source", "text", "reading", "score", "strokeIDs", "bounds", "line",
        ] {
            #expect(properties[field] != nil, "\(field)")
        }
    }
}
