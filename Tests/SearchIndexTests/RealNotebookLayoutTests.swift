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

    /// The line of the layout that holds the point `inside`, on page `page` of a real notebook.
    static func line(holding inside: Point, page: Int, of name: String) throws -> TextLine? {
        let url = try #require(Self.realnotes).appendingPathComponent(name)
        let pages = try NotebookFormats.read(at: url).pages
        let drawing = try #require(pages.indices.contains(page) ? pages[page].drawing : nil)
        return LayoutAnalyzer().lines(in: drawing).first { $0.bounds.contains(inside) }
    }

    /// y-usuzumi/archery-notes `notes.xopp` (BSD-3-Clause), page 1: an arrow drawn from `grip`
    /// to a sight (shaft and one barb in one stroke, right after the word, x 177-248), then the
    /// label `Sight pin` to the sight's right. Classifiers that kept the arrow as writing joined it,
    /// and the `p` of `grip` with it, to the label's line, whose `pin` was then read `p in`.
    @Test(.enabled(if: realnotes != nil, "../shared/realnotes is absent"))
    func arrowDrawnFromGripStaysOutOfSightPin() throws {
        let pin = Point(x: 365, y: 465)
        let label = try #require(try Self.line(holding: pin, page: 0, of: "archery-notes__notes.xopp"))
        #expect(label.bounds.minX > 250, "\(label.bounds)")
    }

    /// scrouthtv/raycast `notes.xopp` (GPL-3.0), page 2: `idx: 0 0 1 1` under the upright lines of
    /// an array's cells, each `1` a stem and a flat foot (the last foot x 228-238). Classifiers that
    /// took the foot for a tick dropped it, and the line was read `i d .` instead of `idx`.
    @Test(.enabled(if: realnotes != nil, "../shared/realnotes is absent"))
    func digitFootInIdxRowIsKeptWithItsLine() throws {
        let row = try #require(try Self.line(holding: Point(x: 112, y: 794), page: 1, of: "raycast__notes.xopp"))
        #expect(row.bounds.maxX > 236, "\(row.bounds)")
    }
}
