import Foundation
import SearchIndex
import Testing

@testable import NotebookFormats
@testable import NotebookIndexCLI

/// `query --html`: one self-contained page (no scripts, nothing fetched), a section per hit with
/// its line cropped and outlined, each page drawn once, hostile text escaped, and hits whose file
/// changed or vanished listed with a note.
@Suite struct QueryHTMLTests {
    /// What a page is made of, read with our own XML parser: the markup must be well-formed.
    struct Outline {
        var ids: [String] = []
        var hrefs: [String] = []
        var elements: [String: Int] = [:]
        var attributeValues: [String] = []

        init(_ html: String) throws {
            var parser = XMLPullParser(Array(html.utf8))
            while let event = try parser.next() {
                guard case .start(let tag) = event else { continue }
                elements[tag.name, default: 0] += 1
                if let id = tag["id"] { ids.append(id) }
                if let href = tag["href"] { hrefs.append(href) }
                for attribute in tag.attributes {
                    attributeValues.append(attribute.value)
                    #expect(!attribute.name.lowercased().hasPrefix("on"), "an event handler: \(attribute.name)")
                }
            }
        }
    }

    /// Checks what every page must be, whatever it shows; returns its outline.
    @discardableResult
    func checkSelfContained(_ html: String) throws -> Outline {
        let outline = try Outline(html)
        #expect(outline.elements["script"] == nil && !html.lowercased().contains("<script"))
        // Text may mention a URL (it is the user's); markup never points at one.
        for value in outline.attributeValues {
            #expect(!value.contains("http:") && !value.contains("https:") && !value.contains("url("), "\(value)")
        }
        #expect(!html.contains("url("), "no resources in the style sheet")
        #expect(Set(outline.ids).count == outline.ids.count, "ids are unique")
        for href in outline.hrefs {
            #expect(href.hasPrefix("#") && outline.ids.contains(String(href.dropFirst())), "\(href) resolves")
        }
        return outline
    }

    /// The parts of the page between `<section class="hit"` and the next section.
    func hitSections(_ html: String) -> [String] {
        html.components(separatedBy: "<section ").dropFirst().filter { $0.hasPrefix("class=\"hit\"") }
    }

    let cli = InProcessTests()

    /// Copies a notebook of SampleNotebooks into the runner's folder and indexes it with the test
    /// transcriber; returns its path.
    func indexSample(_ file: String, in runner: CommandRunner) async throws -> String {
        let target = runner.folder + "/notes/" + (file as NSString).lastPathComponent
        try FileManager.default.copyItem(
            atPath: RenderCommandTests.samples.appendingPathComponent(file).path, toPath: target)
        #expect(await cli.run(["build", runner.folder + "/notes", "--index", runner.index]).status == 0)
        return target
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func eachHitHasASectionWithItsPlaceScoreAndOutlinedLine() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let notebook = try await indexSample("xournal/lecture-notes.xopp", in: runner)
        let output = runner.folder + "/hits.html"
        // The test transcriber reads stroke N as "inkN": stroke 1 of each of the three pages.
        let result = await cli.run(["query", "ink1", "--full-words", "--index", runner.index, "--html", output])
        #expect(result.status == 0)
        #expect(result.stdout == "Wrote \(output): 3 hits on 3 pages\n")
        #expect(result.stderr.isEmpty)
        let html = try read(output)
        let outline = try checkSelfContained(html)
        let sections = hitSections(html)
        #expect(sections.count == 3)
        for (index, section) in sections.enumerated() {
            #expect(section.hasPrefix("class=\"hit\" id=\"hit-\(index + 1)\">"))
            #expect(section.contains("<span class=\"path\">\(notebook)</span>"))
            let link = "<a href=\"#page-\(index + 1)\">whole page</a>"
            #expect(section.contains("<p class=\"meta\">page \(index + 1) · score 0.800 · “ink1” · \(link)</p>"))
            #expect(section.contains("<mark>ink1</mark>"))
            #expect(section.contains("<svg class=\"crop\" viewBox=\""))
            #expect(section.contains("<use href=\"#ink-\(index + 1)\"/>"))
            #expect(section.contains("<rect class=\"hit\" "))
        }
        #expect(outline.ids.filter { $0.hasPrefix("page-") } == ["page-1", "page-2", "page-3"])
        #expect(html.contains("<h2><span class=\"path\">\(notebook)</span> · page 3</h2>"))
        // Ink is drawn: the pages' strokes are paths.
        #expect(outline.elements["path", default: 0] > 100)
    }

    @Test func aPageIsDrawnOnceHoweverManyHitsItHas() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let notebook = try await indexSample("json/journal.json", in: runner)
        let output = runner.folder + "/hits.html"
        // Every stroke is a word "inkN": hundreds of hits on the notebook's two pages.
        let result = await cli.run(["query", "ink", "--limit", "150", "--index", runner.index, "--html", output])
        #expect(result.status == 0)
        let html = try read(output)
        let outline = try checkSelfContained(html)
        #expect(hitSections(html).count == 150)
        let pages = (1...2).filter { html.contains("<h2><span class=\"path\">\(notebook)</span> · page \($0)</h2>") }
        #expect(result.stdout == "Wrote \(output): 150 hits on \(pages.count) page\(pages.count == 1 ? "" : "s")\n")
        #expect(outline.elements["g"] == pages.count && outline.elements["use"] == 150)
        let drawn = try RegistryNotebookSource().read(at: URL(fileURLWithPath: notebook)).pages
        #expect(outline.elements["path"] == pages.map { RenderCommandTests.visibleStrokes(drawn[$0 - 1]) }.reduce(0, +))
        // Each hit is outlined twice: in its crop and on its page.
        #expect(html.components(separatedBy: "<rect class=\"hit\"").count - 1 == 2 * 150)
    }

    @Test func hostileNamesAndTextAreEscaped() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        let hostile = "<script>alert(\"x\")</script>&amp;<img src=http://example.com/x>"
        let escapedForXML = hostile.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "<", with: "&lt;"
        )
        .replacingOccurrences(of: "\"", with: "&quot;")
        let name = "notes/a<b>&\"c\u{202E}'.xopp"
        runner.write(name, xournalPage(escapedForXML))
        #expect(await cli.run(["build", runner.folder + "/notes", "--index", runner.index]).status == 0)
        let output = runner.folder + "/hits.html"
        let result = await cli.run(["query", "alert", "--index", runner.index, "--html", output])
        #expect(result.status == 0)
        #expect(result.stdout == "Wrote \(output): 1 hit on 1 page\n")
        let html = try read(output)
        try checkSelfContained(html)
        #expect(!html.contains("<img") && !html.contains("<b>") && !html.contains("\u{202E}"))
        let shownName = SVGWriter.escaped(Formatting.shown(runner.folder + "/" + name))
        #expect(shownName.hasSuffix("/notes/a&lt;b&gt;&amp;&quot;c\\u{202E}'.xopp"))
        #expect(html.contains("<span class=\"path\">\(shownName)</span>"))
        let shownText = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;amp;&lt;img"
        #expect(html.contains("“\(shownText)”"), "the matched word")
        #expect(html.contains("<mark>\(shownText)</mark>"), "its line")
        #expect(html.contains("<mark>\(shownText)</mark> src=http://example.com/x&gt;</p>"), "a URL is only text")
        #expect(html.contains("typed text"))
        #expect(html.contains("<use href=\"#ink-1\"/>"), "typed text with a box is drawn")
    }

    @Test func hitsOfVanishedOrChangedFilesAreListedWithANote() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/gone.xopp", xournalPage("kept words", strokes: 2))
        runner.write("notes/edited.xopp", xournalPage("kept words", strokes: 2))
        #expect(await cli.run(["build", runner.folder + "/notes", "--index", runner.index]).status == 0)
        try FileManager.default.removeItem(atPath: runner.folder + "/notes/gone.xopp")
        runner.write("notes/edited.xopp", xournalPage("kept words", strokes: 3))  // new ink, same typed text
        let gone = runner.folder + "/notes/gone.xopp", edited = runner.folder + "/notes/edited.xopp"

        let output = runner.folder + "/hits.html"
        let ink = await cli.run(["query", "ink0", "--index", runner.index, "--html", output])
        #expect(ink.status == 0)
        #expect(ink.stdout == "Wrote \(output): 2 hits on 2 pages\n")
        let lines = ink.stderr.split(separator: "\n").map(String.init).sorted()
        #expect(
            lines == [
                "\(edited): page 1 changed since it was indexed; its hits there are listed without a picture",
                "\(gone): the file is gone since it was indexed; its hits are listed without a picture",
            ])
        let html = try read(output)
        let outline = try checkSelfContained(html)
        let sections = hitSections(html)
        #expect(sections.count == 2)
        #expect(
            sections.contains {
                $0.contains(gone)
                    && $0.contains("<p class=\"note\">Not drawn: the file is gone since it was indexed.</p>")
            })
        #expect(
            sections.contains {
                $0.contains(edited)
                    && $0.contains("<p class=\"note\">Not drawn: page 1 changed since it was indexed.</p>")
            })
        #expect(outline.elements["svg"] == nil && !html.contains("whole page"))

        // The typed words did not move: their hit on the edited page is still drawn.
        let typed = await cli.run(["query", "kept", "--index", runner.index, "--html", output])
        #expect(typed.status == 0 && typed.stdout == "Wrote \(output): 2 hits on 2 pages\n")
        #expect(typed.stderr.split(separator: "\n").count == 1)
        let typedHTML = try read(output)
        try checkSelfContained(typedHTML)
        #expect(hitSections(typedHTML).filter { $0.contains("<use href=") }.map { $0.contains(edited) } == [true])
    }

    @Test func noHitsStillWritesThePageAndExitsOne() async throws {
        let runner = CommandRunner()
        defer { runner.cleanUp() }
        runner.write("notes/a.xopp", xournalPage("typed"))
        #expect(await cli.run(["build", runner.folder + "/notes", "--index", runner.index]).status == 0)
        let output = runner.folder + "/hits.html"
        let result = await cli.run(["query", "nowhere", "--index", runner.index, "--html", output])
        #expect(result.status == NotebookIndexCLI.ExitCode.partial)
        #expect(result.stdout == "Wrote \(output): no hits\n")
        let html = try read(output)
        try checkSelfContained(html)
        #expect(hitSections(html).isEmpty && html.contains("no hits"))

        let unwritable = await cli.run([
            "query", "typed", "--index", runner.index, "--html", runner.folder + "/none/x.html",
        ])
        #expect(unwritable.status == NotebookIndexCLI.ExitCode.failure && unwritable.stdout.isEmpty)
        #expect(unwritable.stderr.hasPrefix("notebook-index: \(runner.folder)/none/x.html: cannot write: "))
    }
}
