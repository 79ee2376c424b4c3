import Foundation
import Testing

@testable import NotebookIndexCLI

/// The man page: every command and option in it, valid roff, and groff's verdict where it is installed.
@Suite struct ManPageTests {
    let page = ManPage.render()

    @Test func hasTheSectionsInOrder() throws {
        let sections = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
        #expect(
            sections
                == ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS"].map
            { ".SH \($0)" })
        #expect(page.hasPrefix(".TH NOTEBOOK\\-INDEX 1 "))
    }

    @Test func namesEveryVisibleCommandAndOption() {
        for command in CommandSpecs.all {
            #expect(page.contains(".SS \(command.name)\n") == !command.hidden)
            guard !command.hidden else { continue }
            #expect(page.contains("\\fBnotebook\\-index \(command.name)\\fR"))
            for option in command.options.map(\.option) {
                #expect(page.contains("\\fB\(ManPage.escaped(option.name))\\fR"), "\(option.name) of \(command.name)")
            }
        }
        for (name, _) in CommandSpecs.tool.environment { #expect(page.contains(ManPage.escaped(name))) }
        for option in CommandSpecs.tool.options { #expect(page.contains("\\fB\(ManPage.escaped(option.long))\\fR")) }
    }

    /// A text line starting with `.` or `'` would be taken for a request and vanish; dashes are
    /// `\-` and other characters than ASCII are escapes, so no input encoding is assumed.
    @Test func textLinesAreEscaped() {
        let requests: Set = ["TH", "SH", "SS", "PP", "TP", "br", "nh", "ad"]
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(!line.hasPrefix("'"), "\(line)")
            if line.hasPrefix(".") {
                #expect(requests.contains(String(line.dropFirst().prefix { $0 != " " })), "\(line)")
            }
            #expect(line.unicodeScalars.allSatisfy { $0.isASCII }, "\(line)")
            #expect(!line.replacingOccurrences(of: "\\-", with: "").contains("-"), "\(line)")
        }
        #expect(ManPage.escaped(".notebook-index-ignore") == ".notebook\\-index\\-ignore")
        #expect(ManPage.escaped("a\\b …") == "a\\eb \\[u2026]")
    }

    @Test(arguments: [
        (".notebook-index-ignore files", ["\\&.notebook\\-index\\-ignore files"]),
        ("'query' finds", ["\\&'query' finds"]),
        ("a 'b'", ["a 'b'"]),
    ])
    func aTextLineStartingWithADotOrQuoteIsProtected(text: String, lines: [String]) {
        #expect(ManPage.paragraph(text) == lines)
    }

    @Test(.enabled(if: InstalledTool.path("groff") != nil, "groff is not installed"))
    func groffFormatsItWithoutWarnings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nbi-man-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(page.utf8).write(to: URL(fileURLWithPath: folder + "/notebook-index.1"))
        let groff = try #require(InstalledTool.path("groff"))
        let output = try InstalledTool.run(groff, ["-man", "-Tutf8", "-P-cbou", "-ww", "notebook-index.1"], in: folder)
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        #expect(output.stdout.contains("completions SHELL"))
    }
}
