import Foundation
import Testing

@testable import NotebookIndexCLI
@testable import SearchIndex

/// `build --shard K/N` and `merge`: N shard indexes of SampleNotebooks, merged, answer queries
/// exactly as one build does; mixtures are refused; a merge run again copies nothing twice.
@Suite struct ShardMergeTests {
    let cli = InProcessTests()

    /// The test transcriber reads stroke N of a page as "inkN", so these find words on every page
    /// of every sample, phrases and in-word matches among them, with their stroke IDs and boxes.
    static let queries: [[String]] = [
        ["ink0"], ["ink1", "--full-words"], ["ink12"], ["ink3 ink4"], ["nk2"], ["ink40", "--fuzzy"],
        ["ink7"], ["week"],
    ]

    /// SampleNotebooks copied into the runner's folder, so that paths are the runner's.
    func copySamples(into runner: CommandRunner) throws -> String {
        let notes = runner.folder + "/samples"
        try FileManager.default.copyItem(atPath: RenderCommandTests.samples.path, toPath: notes)
        return notes
    }

    @Test func threeShardsMergedAnswerAsOneBuild() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let notes = try copySamples(into: runner)
        let whole = runner.folder + "/whole.sqlite"
        #expect(await cli.run(["build", notes, "--index", whole]).status == 0)
        var shards: [String] = []
        var counts: [Int] = []
        for number in 1...3 {
            let shard = runner.folder + "/shard\(number).sqlite"
            #expect(await cli.run(["build", notes, "--index", shard, "--shard", "\(number)/3"]).status == 0)
            let store = try IndexStore(path: shard, access: .read)
            counts.append(try store.storedNotebooks().count)
            #expect(try store.shard() == "\(number)/3")
            let status = await cli.run(["status", "--index", shard])
            #expect(status.stdout.contains("\nshard:              \(number)/3 (build --shard;"))
            #expect(
                await cli.run(["status", "--json", "--index", shard]).stdout.contains("\"shard\": \"\(number)/3\""))
            shards.append(shard)
        }
        let all = try IndexStore(path: whole, access: .read).storedNotebooks().count
        #expect(await cli.run(["status", "--json", "--index", whole]).stdout.contains("\"shard\": null"))
        #expect(counts.reduce(0, +) == all)
        #expect(counts.allSatisfy { $0 > 0 && $0 < all }, "each shard holds some of the \(all) notebooks: \(counts)")

        let merged = runner.folder + "/merged.sqlite"
        let merge = await cli.run(["merge", merged] + shards)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout == "Merged 3 shards into \(merged): \(all) files copied, 0 already there\n")
        for query in Self.queries {
            let one = await cli.run(["query"] + query + ["--json", "--limit", "100000", "--index", whole])
            let folded = await cli.run(["query"] + query + ["--json", "--limit", "100000", "--index", merged])
            #expect(one.status == 0 && folded.status == 0, "query \(query)")
            let expected = try Self.results(one.stdout)
            #expect(!expected.isEmpty, "query \(query) has hits")
            // the same hits (path, page, text, stroke IDs, bounds, score, line); the order of
            // equal scores follows row IDs, which a parallel build does not fix either
            #expect(try Self.results(folded.stdout) == expected, "query \(query)")
        }
        let statusOne = await cli.run(["status", "--json", "--index", whole])
        let statusMerged = await cli.run(["status", "--json", "--index", merged])
        for field in ["\"files\"", "\"drawings\"", "\"words\"", "\"pages\""] {
            #expect(Self.field(field, statusOne.stdout) == Self.field(field, statusMerged.stdout), "\(field)")
        }

        // run again, as after a kill: nothing copied twice, the same answers
        let again = await cli.run(["merge", merged] + shards)
        #expect(again.stdout == "Merged 3 shards into \(merged): 0 files copied, \(all) already there\n")
        let words = await cli.run(["status", "--json", "--index", merged])
        #expect(Self.field("\"words\"", words.stdout) == Self.field("\"words\"", statusOne.stdout))
    }

    /// A merge stopped after some files (here: OUT holding one shard's files) finishes the others.
    @Test func mergeResumesWhereItStopped() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let notes = try copySamples(into: runner)
        let shards = (1...2).map { runner.folder + "/s\($0).sqlite" }
        for (number, shard) in shards.enumerated() {
            #expect(await cli.run(["build", notes, "--index", shard, "--shard", "\(number + 1)/2"]).status == 0)
        }
        let merged = runner.folder + "/merged.sqlite"
        let first = try IndexStore(path: shards[0], access: .read).storedNotebooks().count
        let second = try IndexStore(path: shards[1], access: .read).storedNotebooks().count
        #expect(await cli.run(["merge", merged, shards[0]]).status == 0)
        let rest = await cli.run(["merge", merged] + shards)
        #expect(rest.stdout == "Merged 2 shards into \(merged): \(second) files copied, \(first) already there\n")
    }

    @Test func mixedVersionsAndLanguagesAreRefusedInOneLine() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("a"))
        runner.write("notes/b.xopp", xournalPage("b"))
        let old = runner.folder + "/old.sqlite", new = runner.folder + "/new.sqlite"
        let german = runner.folder + "/de.sqlite"
        #expect(await cli.run(["build", runner.folder + "/notes", "--index", old], version: 12).status == 0)
        #expect(await cli.run(["build", runner.folder + "/notes", "--index", new], version: 13).status == 0)
        #expect(
            await cli.run(["build", runner.folder + "/notes", "--index", german, "--language", "de"], version: 13)
                .status == 0)
        let out = runner.folder + "/out.sqlite"
        let versions = await cli.run(["merge", out, old, new])
        #expect(versions.status == 2)
        #expect(
            versions.stderr
                == "notebook-index: \(new): recognizer version 13, but \(old) has version 12; merge only shards built by one notebook-index with the same --language\n"
        )
        let written =
            try FileManager.default.fileExists(atPath: out)
            ? IndexStore(path: out, access: .read).storedNotebooks() : []
        #expect(written.isEmpty, "nothing is merged from a mixture")
        let languages = await cli.run(["merge", out, new, german])
        #expect(languages.status == 2)
        #expect(languages.stderr.hasPrefix("notebook-index: \(german): languages de, but \(new) has en;"))
        // OUT that holds another version's build is refused too
        #expect(await cli.run(["merge", out, new]).status == 0)
        let onto = await cli.run(["merge", out, old])
        #expect(onto.status == 2)
        #expect(
            onto.stderr.hasPrefix("notebook-index: \(out): holds recognizer version 13, but \(old) has version 12;"))
    }

    /// Shards of different N hold some notebooks twice: the first shard's copy is kept, and each
    /// is named on standard error.
    @Test func aNotebookInTwoShardsIsTakenFromTheFirst() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        for name in ["a", "b", "c", "d"] { runner.write("notes/\(name).xopp", xournalPage(name)) }
        let notes = runner.folder + "/notes"
        let half = runner.folder + "/half.sqlite", all = runner.folder + "/all.sqlite"
        #expect(await cli.run(["build", notes, "--index", half, "--shard", "1/2"]).status == 0)
        #expect(await cli.run(["build", notes, "--index", all, "--shard", "1/1"]).status == 0)
        let inHalf = try IndexStore(path: half, access: .read).storedNotebooks().map(\.path)
        #expect(!inHalf.isEmpty && inHalf.count < 4)
        let out = runner.folder + "/out.sqlite"
        let result = await cli.run(["merge", out, half, all])
        #expect(result.status == 1)
        #expect(result.stdout == "Merged 2 shards into \(out): 4 files copied, 0 already there\n")
        #expect(
            result.stderr
                == inHalf.map { "\($0): in \(half) and \(all); kept the first (were the shards built with one N?)\n" }
                .joined())
    }

    @Test(arguments: [
        (["merge", "out.sqlite"], "Error: missing expected argument 'SHARD'"),
        (["merge", "a.sqlite", "a.sqlite"], "Error: 'a.sqlite' is the output and a shard; merge into a new index"),
        (["merge", "o.sqlite", "b.sqlite", "b.sqlite"], "Error: shard 'b.sqlite' is given twice"),
        (
            ["build", "x", "--shard", "4/3"],
            "Error: invalid value '4/3' for '--shard': expected K/N with 1 <= K <= N (such as 2/4)"
        ),
    ])
    func usageMistakes(arguments: [String], message: String) async {
        let result = await cli.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message + "\n"))
    }

    @Test func aMissingShardIsNamed() async {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let result = await cli.run(["merge", runner.folder + "/out.sqlite", runner.folder + "/none.sqlite"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "notebook-index: \(runner.folder)/none.sqlite: no index here yet; run 'notebook-index build PATH' first\n"
        )
        #expect(!FileManager.default.fileExists(atPath: runner.folder + "/none.sqlite.lock"))
    }

    /// The shard of a path is fixed by FNV-1a, not by the process: these values hold on every
    /// machine (and are what a Slurm array job relies on).
    @Test func shardsAreStableAndCoverEveryPath() throws {
        #expect(Shard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(
            Shard.number(ofRelativePath: "xournal/lecture-notes.xopp", count: 4)
                == Shard.number(ofRelativePath: "xournal/lecture-notes.xopp", count: 4))
        #expect(Shard.relativePath("/data/notes/a/b.xopp", roots: ["/data", "/data/notes"]) == "a/b.xopp")
        #expect(Shard.relativePath("/data/notes/b.xopp", roots: ["/data/notes/b.xopp"]) == "b.xopp")
        #expect(Shard.relativePath("/b.xopp", roots: ["/"]) == "b.xopp")
        for count in 1...5 {
            for index in 0..<50 {
                let path = "folder\(index % 7)/note\(index).xopp"
                let hits = (1...count).filter { Shard(number: $0, count: count)?.contains(relativePath: path) == true }
                #expect(hits.count == 1)
            }
        }
        #expect(Shard(parsing: "2/4") == Shard(number: 2, count: 4))
        for bad in ["0/4", "5/4", "2", "2/", "/4", "a/b", "-1/4", "2/4/5", " 2/4", "２/4"] {
            #expect(Shard(parsing: bad) == nil)
        }
    }

    /// A query's results, each as sorted-key JSON, in sorted order.
    static func results(_ json: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        return try results.map { result in
            String(decoding: try JSONSerialization.data(withJSONObject: result, options: .sortedKeys), as: UTF8.self)
        }.sorted()
    }

    static func field(_ name: String, _ json: String) -> Substring? {
        guard let range = json.range(of: name + ": ") else { return nil }
        return json[range.upperBound...].prefix { $0.isNumber }
    }
}
