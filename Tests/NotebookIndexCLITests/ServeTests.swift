import Foundation
import SearchIndex
import Testing

@testable import NotebookIndexCLI

/// `serve`: a server on a free port (`--port 0`) over an index of Xournal++ pages of our own
/// (and SampleNotebooks' Xournal++ notebook for the search page), read by the test transcriber (stroke N is "inkN"), asked
/// over real sockets: `/api/search` is `query --json` byte for byte, the search page groups hits
/// by notebook with pictures, and the guards hold (methods, Host, paths, escaping, the open token).
@Suite struct ServeTests {
    let cli = InProcessTests()

    /// A running server with its index and what its opener was asked to run.
    final class Served: @unchecked Sendable {
        let runner = CommandRunner()
        var server: HTTPServer?
        var port: UInt16 { server?.port ?? 0 }
        let launched = Launched()
        var sample: String { runner.folder + "/notes/lecture-notes.xopp" }
        var own: String { runner.folder + "/notes/own.xopp" }
        /// A folder with a `xournalpp` that the opener finds first on its search path.
        var programs: String { runner.folder + "/bin" }

        deinit {
            server?.stop()
            runner.cleanUp()
        }

        func get(_ target: String, method: String = "GET", host: String? = nil) throws -> HTTPTestClient.Answer {
            try HTTPTestClient.request(port: port, target, method: method, host: host)
        }
    }

    final class Launched: @unchecked Sendable {
        private let lock = NSLock()
        private var commands: [[String]] = []
        func add(_ command: [String]) { lock.withLock { commands.append(command) } }
        var all: [[String]] { lock.withLock { commands } }
    }

    static func context() -> CLIContext {
        CLIContext(
            environment: [:], standardOutput: StringSink(), standardError: StringSink(),
            source: RegistryNotebookSource(), recognitionVersion: 1,
            makeTranscriber: { StrokeWordsTranscriber(recognitionVersion: 1, recognitionLanguages: $0) })
    }

    /// - Parameter sample: whether to index SampleNotebooks' notebook too (three pages of real
    ///   handwriting, slow to draw in a debug build) beside our own one-page notebooks.
    func serve(sample: Bool = false) async throws -> Served {
        let served = Served()
        if sample {
            try FileManager.default.copyItem(
                atPath: RenderCommandTests.samples.appendingPathComponent("xournal/lecture-notes.xopp").path,
                toPath: served.sample)
        }
        served.runner.write("notes/own.xopp", xournalPage("typed", strokes: 3))
        served.runner.write("notes/other.xopp", xournalPage("other", strokes: 2))
        #expect(await cli.run(["build", served.runner.folder + "/notes", "--index", served.runner.index]).status == 0)
        try FileManager.default.createDirectory(atPath: served.programs, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: served.programs + "/xournalpp", contents: Data("#!/bin/sh\n".utf8),
            attributes: [.posixPermissions: 0o755])
        let launched = served.launched
        let opener = NotebookOpener(launch: { launched.add($0) }, searchPath: served.programs)
        served.server = try ServeCommand.start(
            indexPath: served.runner.index, address: .loopback, port: 0, context: Self.context(), opener: opener)
        return served
    }

    @Test func apiSearchIsExactlyWhatQueryJSONPrints() async throws {
        let served = try await serve()
        for text in ["ink1", "ink1 ink2", "typed", "nothing-here"] {
            for (option, argument) in [("", ""), ("--full-words", "&full-words=1"), ("--fuzzy", "&fuzzy=1")] {
                let query = await cli.run(
                    ["query", text, "--index", served.runner.index, "--json"] + (option.isEmpty ? [] : [option]))
                let answer = try served.get("/api/search?" + SearchForm.queryString([("q", text)]) + argument)
                #expect(answer.status == 200)
                #expect(answer.headers["content-type"] == "application/json")
                #expect(answer.text == query.stdout, "\(text) \(option)")
            }
        }
        #expect(try served.get("/api/search?q=").status == 400)
    }

    @Test func searchPageGroupsHitsByNotebookWithPagesDrawnAndTheMatchOutlined() async throws {
        let served = try await serve(sample: true)
        // stroke 1 of each of the sample's three pages, and of our own two pages
        let answer = try served.get("/search?q=ink1&full-words=1")
        #expect(answer.status == 200)
        let html = answer.text
        #expect(html.contains("<p class=\"summary\">5 hits on 5 pages in 3 notebooks.</p>"))
        let notebooks = html.components(separatedBy: "<section class=\"notebook\">").dropFirst()
        #expect(notebooks.count == 3)
        #expect(notebooks.filter { $0.contains(served.sample) }.first?.components(separatedBy: "<article").count == 4)
        let hits = html.components(separatedBy: "<article class=\"hit\"").dropFirst()
        #expect(hits.count == 5)
        for hit in hits {
            #expect(hit.contains("<a class=\"thumb\""), "the page drawn beside the hit")
            #expect(hit.contains("<img class=\"crop\""), "its line drawn large")
            #expect(hit.contains("<p class=\"line\">"))
            #expect(hit.contains("whole page</a>") && hit.contains("<a class=\"open\""))
            // both pictures: the page as SVG with the match outlined, the crop showing the line only
            let sources =
                hit.components(separatedBy: "<img src=\"").dropFirst()
                + hit.components(separatedBy: "<img class=\"crop\" src=\"").dropFirst()
            #expect(sources.count == 2)
            for source in sources {
                let url = String(source.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
                let picture = try served.get(url)
                #expect(picture.status == 200 && picture.headers["content-type"] == "image/svg+xml")
                #expect(picture.text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
                #expect(picture.text.contains("<path class=\"pen\"") && picture.text.contains("<rect class=\"hit\""))
                #expect(url.contains("&crop=") != picture.text.contains("viewBox=\"0 0 "), "\(url)")
            }
        }
        // the same search without scripts (the form's own submit) and as the script asks for it
        #expect(html.contains("<form class=\"search\" action=\"/search\" method=\"get\""))
        #expect(html.contains("<script src=\"/search.js\""))
        let partial = try served.get("/search?q=ink1&full-words=1&partial=1")
        #expect(partial.text.hasPrefix("<p class=\"summary\">5 hits") && !partial.text.contains("<form"))
        let script = try served.get("/search.js")
        #expect(script.status == 200 && script.headers["content-type"]?.hasPrefix("text/javascript") == true)
        #expect(try served.get("/").text.contains("<main id=\"results\">\n</main>"))
    }

    @Test func limitShowsFewerHitsAndLinksToMore() async throws {
        let served = try await serve()
        let html = try served.get("/search?q=ink&limit=2").text
        #expect(html.components(separatedBy: "<article class=\"hit\"").count == 3)
        #expect(html.contains("(more below)") && html.contains("Show more hits</a>"))
    }

    @Test func answersOnlyGetAndHead() async throws {
        let served = try await serve()
        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            let answer = try served.get("/search?q=ink1", method: method)
            #expect(answer.status == 405, "\(method)")
            #expect(answer.headers["allow"] == "GET, HEAD")
        }
        let head = try served.get("/search?q=ink1", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
    }

    @Test func refusesHostsThatAreNotItsOwnAddressAgainstDNSRebinding() async throws {
        let served = try await serve()
        let port = served.port
        for host in [
            "attacker.example:\(port)", "attacker.example", "127.0.0.1:\(port &+ 1)", "", "localhost.:\(port)",
        ] {
            #expect(try served.get("/", host: host).status == 403, "Host: \(host)")
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)"] {
            #expect(try served.get("/", host: host).status == 200, "Host: \(host)")
        }
    }

    @Test(arguments: [
        ("192.168.1.4:8517", true), ("[::1]:8517", true), ("[fe80::1]:8517", true), ("localhost:8517", true),
        ("notes.example:8517", false), ("[::1]", false), ("127.0.0.1", false), ("[::1]x:8517", false),
        ("1.2.3.4:8518", false), ("evil.127.0.0.1.nip.io:8517", false), ("[notanaddress]:8517", false),
    ])
    func hostRule(host: String, allowed: Bool) {
        #expect(HTTPServer.hostIsAllowed(host, port: 8517) == allowed)
    }

    @Test func noPathOfARequestReachesTheFileSystem() async throws {
        let served = try await serve()
        let escapedOwn = SearchForm.queryString([("path", served.own)])
        for target in [
            "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "//etc/passwd", "/etc/passwd",
            served.own, "/notes/own.xopp", "/index.sqlite",
            "/page?path=%2Fetc%2Fpasswd&page=1", "/page?path=notes%2Fown.xopp&page=1",
            "/picture?path=%2Fetc%2Fpasswd&page=1", "/picture?path=%2F..%2F..%2Fetc%2Fpasswd&page=1",
            "/page?" + SearchForm.queryString([("path", served.own + "/../other.xopp"), ("page", "1")]),
            "/page?\(escapedOwn)&page=2", "/page?\(escapedOwn)&page=0",
        ] {
            #expect(try served.get(target).status == 404, "\(target)")
        }
        let page = try served.get("/page?\(escapedOwn)&page=1&q=ink1&full-words=1")
        #expect(page.status == 200)
        #expect(page.text.contains("1 hit of “ink1” outlined") && page.text.contains("<rect class=\"hit\""))
    }

    @Test func aPageChangedSinceTheBuildIsDrawnAsItIsNowWithoutTheStaleOutline() async throws {
        let served = try await serve()
        let html = try served.get("/search?q=ink1&full-words=1").text
        let start = try #require(html.range(of: "<img src=\"")).upperBound
        let url = String(html[start...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
        #expect(try served.get(url).text.contains("<rect class=\"hit\""))
        let path = url.contains("own.xopp") ? served.own : served.runner.folder + "/notes/other.xopp"
        try xournalPage("changed", strokes: 5).write(toFile: path, atomically: true, encoding: .utf8)
        let after = try served.get(url)
        #expect(after.status == 200 && !after.text.contains("<rect class=\"hit\""))
        #expect(after.text.components(separatedBy: "<path class=\"pen\"").count == 6, "the five strokes of now")
        #expect(try served.get(url + "&boxes=1,2,3").text.contains("<rect class=\"hit\"") == false)
    }

    @Test func everythingEchoedIsEscaped() async throws {
        let served = try await serve()
        let hostile = "<script>alert(1)</script>\"'&"
        for path in ["/search", "/", "/page"] {
            let answer = try served.get(path + "?" + SearchForm.queryString([("q", hostile)]))
            #expect(!answer.text.contains("<script>alert"), "\(path)")
            #expect(!answer.text.contains("\"'&"), "\(path)")
        }
        let html = try served.get("/search?" + SearchForm.queryString([("q", hostile)])).text
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;'&amp;"))
        #expect(html.contains("No hits for"))
        let csp = try #require(try served.get("/").headers["content-security-policy"])
        #expect(csp.contains("default-src 'none'") && csp.contains("script-src 'self'"))
    }

    @Test func openLaunchesTheNotebooksAppAtItsPageOnlyForIndexedFilesWithTheToken() async throws {
        let served = try await serve()
        let html = try served.get("/search?q=ink1&full-words=1").text
        // the first open link: page 1 of a notebook, Xournal++ found on the search path
        let start = try #require(html.range(of: "<a class=\"open\" href=\"")).upperBound
        let link = String(html[start...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
        #expect(try served.get(link, method: "HEAD").status == 200)
        #expect(served.launched.all.isEmpty, "HEAD opens nothing")
        let answer = try served.get(link)
        #expect(answer.status == 200 && answer.text.contains("opened with Xournal++"))
        let opened = try #require(served.launched.all.first)
        #expect(opened.count == 3 && opened[1] == "--page=1" && opened[2].hasSuffix(".xopp"))
        #expect(opened[0] == served.programs + "/xournalpp")
        let token = try #require(link.components(separatedBy: "token=").last)
        let refused = [
            "/open?" + SearchForm.queryString([("path", served.own), ("page", "1"), ("token", "0")]),
            "/open?" + SearchForm.queryString([("path", served.own), ("page", "1")]),
            "/open?" + SearchForm.queryString([("path", "/etc/passwd"), ("page", "1"), ("token", token)]),
            "/open?" + SearchForm.queryString([("path", served.own), ("page", "2"), ("token", token)]),
        ]
        #expect(try refused.map { try served.get($0).status } == [403, 403, 404, 404])
        #expect(served.launched.all.count == 1)
    }

    @Test func otherFormatsOpenThroughXDGOpen() {
        let opener = NotebookOpener(launch: { _ in }, searchPath: "/nonexistent")
        #expect(opener.command(for: .init(path: "/n/a.rnote", page: 2)) == ["xdg-open", "/n/a.rnote"])
        #expect(opener.command(for: .init(path: "/n/a.xopp", page: 2)) == ["xdg-open", "/n/a.xopp"])
    }

    @Test func statusViewSaysWhatStatusPrints() async throws {
        let served = try await serve()
        let answer = try served.get("/status")
        #expect(answer.status == 200)
        #expect(answer.text.contains("files:              2\n") && answer.text.contains("last change:"))
    }

    @Test func fortyParallelRequestsAreAllAnsweredWhileABuildWritesTheIndex() async throws {
        let served = try await serve()
        for number in 0..<40 {
            served.runner.write("more/page-\(number).xopp", xournalPage("more \(number)", strokes: 4))
        }
        let port = served.port
        let build = Task { await cli.run(["build", served.runner.folder + "/more", "--index", served.runner.index]) }
        let statuses = await withTaskGroup(of: Int.self) { group in
            for number in 0..<40 {
                group.addTask {
                    let target = number.isMultiple(of: 2) ? "/search?q=ink2" : "/api/search?q=ink1"
                    return (try? HTTPTestClient.request(port: port, target).status) ?? -1
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(await build.value.status == 0)
        #expect(statuses.count == 40 && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        let after = try served.get("/api/search?q=ink3&full-words=1").text
        #expect(after.contains("page-39.xopp"), "the build's notebooks found once it is done")
    }

    @Test func theCommandPrintsItsURLFirstAndStopsCleanlyOnSIGTERM() async throws {
        let served = try await serve()
        served.server?.stop()
        let (process, out, err) = try served.runner.start(["serve", "--index", served.runner.index, "--port", "0"])
        let firstLine = try #require(Self.readLine(out.fileHandleForReading))
        #expect(firstLine.hasPrefix("http://127.0.0.1:") && firstLine.hasSuffix("/"))
        let port = try #require(UInt16(firstLine.dropFirst("http://127.0.0.1:".count).dropLast()))
        #expect(try HTTPTestClient.request(port: port, "/api/search?q=ink1").status == 200)
        process.terminate()
        let output = ChildProcess.finish(process, out, err)
        #expect(output.status == 0)
        #expect(output.stderr == "notebook-index: stopped (SIGTERM)\n")
        #expect((try? HTTPTestClient.request(port: port, "/")) == nil, "no longer listening")
    }

    @Test func aBadAddressOrATakenPortIsAnError() async throws {
        let served = try await serve()
        let name = await cli.run(["serve", "--index", served.runner.index, "--listen", "example.com"])
        #expect(name.status == 2 && name.stderr.hasPrefix("Error: invalid value 'example.com' for '--listen"))
        let taken = await cli.run(["serve", "--index", served.runner.index, "--port", String(served.port)])
        #expect(taken.status == 2 && taken.stderr.contains("cannot listen on 127.0.0.1 port \(served.port)"))
        let missing = await cli.run(["serve", "--index", served.runner.folder + "/none.sqlite", "--port", "0"])
        #expect(missing.status == 2)
    }

    /// One line of the child's standard output, read a byte at a time so that nothing after it is lost.
    static func readLine(_ handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1), let first = byte.first {
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
        return nil
    }
}
