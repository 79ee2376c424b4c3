import Foundation
import Testing

@testable import SearchIndex

@Suite struct CrawlerTests {
    func crawl(_ folder: TemporaryFolder) -> [String] {
        Crawler(source: TextNotebookSource()).crawl([folder.path + "/notes"]).notebooks.map {
            String($0.path.dropFirst(folder.path.count + 7))
        }
    }

    /// A path already absolute and standard is kept without a URL (`Crawler.isStandardAbsolute`);
    /// every path, kept or not, comes out as URL's standardized path.
    @Test(arguments: [
        ("/tmp/index.sqlite", true), ("/tmp/a b/ü%20x.sqlite", true), ("/a/.hidden/..x/...", true),
        ("/a/./b", false), ("/a/../b", false), ("/a//b", false), ("/a/b/", false), ("/a/..", false),
        ("/", false), ("notes/x.xopp", false), ("./x", false),
    ])
    func absolutePathKeepsStandardPathsAsURLWould(path: String, kept: Bool) {
        #expect(Crawler.isStandardAbsolute(path) == kept)
        #expect(Crawler.absolutePath(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    @Test func hiddenEntriesAreSkipped() {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "a\n")
        folder.write("notes/.b.tnb", "b\n")
        folder.write("notes/.hidden/c.tnb", "c\n")
        #expect(crawl(folder) == ["a.tnb"])
    }

    @Test func ignoreFilesExcludeWithGitignorePatterns() {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        for name in [
            "a.tnb", "draft-1.tnb", "keep/x.tnb", "old/y.tnb", "deep/old/z.tnb", "sub/only-root.tnb", "only-root.tnb",
        ] {
            folder.write("notes/" + name, "w\n")
        }
        folder.write("notes/.notebook-index-ignore", "# comment\ndraft-*.tnb\nold/\n/only-root.tnb\n")
        folder.write("notes/keep/.notebook-index-ignore", "*.tnb\n!x.tnb\n")
        #expect(crawl(folder) == ["a.tnb", "keep/x.tnb", "sub/only-root.tnb"])
    }

    @Test func symlinkLoopsAreWalkedOnce() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a/one.tnb", "w\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/notes/a/loop", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/notes/again.tnb", withDestinationPath: "a/one.tnb")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/notes/broken.tnb", withDestinationPath: "nowhere")
        #expect(crawl(folder) == ["a/one.tnb"])
    }

    /// reMarkable archives: `.rmdoc` and `.rmn` by name, a `.zip` only when it holds one reMarkable document.
    @Test func remarkableArchivesAreCrawledAndOtherZipsAreNot() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/rm/tags-and-blank-page.rmdoc")
        folder.write("notes/sub/.keep", "")
        for name in ["a.rmdoc", "sub/b.rmn", "c.zip"] {
            try FileManager.default.copyItem(atPath: fixture.path, toPath: folder.path + "/notes/" + name)
        }
        folder.write("notes/photos.zip", "PK\u{3}\u{4} and no central directory")
        let found = Crawler(source: RegistryNotebookSource()).crawl([folder.path + "/notes"]).notebooks.map {
            String($0.path.dropFirst(folder.path.count + 7))
        }
        #expect(found == ["a.rmdoc", "c.zip", "sub/b.rmn"])
    }

    @Test(arguments: [
        ("*.tnb", "x.tnb", true), ("*.tnb", "dir/x.tnb", false), ("a?c", "abc", true), ("a?c", "a/c", false),
        ("[a-c]x", "bx", true), ("[!a-c]x", "bx", false), ("**/z", "a/b/z", true), ("**/z", "z", true),
        ("a/**", "a/b/c", true), ("a/**/b", "a/x/y/b", true), ("a/**/b", "a/b", true), ("\\*", "*", true),
        ("[ab", "a", false), ("*x*", "axb", true), ("a*", "ab/c", false),
        // a hostile pattern: exponential backtracking before
        ("*a*a*a*a*a*a*a*b", String(repeating: "a", count: 204), false),
        ("**/*a*a*a*a*a*b", String(repeating: "a/", count: 100) + String(repeating: "a", count: 200) + "b", true),
    ])
    func globMatching(pattern: String, path: String, expected: Bool) {
        #expect(IgnoreRules.glob(Array(pattern)[...], Array(path)[...]) == expected)
    }
}
