import DrawingModel
import Foundation
import NotebookFormats
import Recognition
import Testing

/// Layout on real notebooks from ../shared/realnotes (skipped when it is absent).
@Suite struct RealNotebookLayoutTests {
    static let realnotes: URL? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/realnotes").standardizedFileURL
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    /// The toolbox note is a page of joined cursive, 19 lines across the page (and short ones),
    /// each rising by about half a line from left to right, the lines close together. As wholes,
    /// neighbouring lines overlap vertically; where they lie over each other, they do not. Two
    /// lines read as one come out taller than 150 units (one line is 90-140).
    @Test(.enabled(if: realnotes != nil, "../shared/realnotes is absent"))
    func slantedCursiveLinesCloseTogetherStayApart() throws {
        let folder = try #require(Self.realnotes).appendingPathComponent("rm2pdf__toolbox")
        let page = try #require(try NotebookFormats.read(at: folder).pages.first)
        let lines = LayoutAnalyzer().lines(in: page.drawing).filter { $0.textLikelihood == 1 }
        let long = lines.filter { $0.bounds.width > 600 }
        #expect((17...20).contains(long.count))
        #expect(long.allSatisfy { $0.bounds.height < 150 }, "\(long.map(\.bounds.height).max() ?? 0)")
    }
}
