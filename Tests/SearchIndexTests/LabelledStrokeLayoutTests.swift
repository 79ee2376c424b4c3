import DrawingModel
import Foundation
import NotebookFormats
import Recognition
import Testing

/// The layout on real pages whose strokes were labelled by eye (Tests/Fixtures/layout-labels; the
/// notebooks are in ../shared, and the tests skip without it): drawings are not read as writing,
/// and the words drawn around are still read.
@Suite struct LabelledStrokeLayoutTests {
    static let shared: URL? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared").standardizedFileURL
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("realnotes").path) ? url : nil
    }()

    struct Labels: Decodable {
        struct LabelledStroke: Decodable {
            var id: String
            var `class`: String
        }
        var file: String
        var page: Int
        var strokes: [LabelledStroke]
    }

    /// Per class, the share of the page's labelled strokes that the layout puts in a line of
    /// full text likelihood (what the reader reads as writing).
    static func readShares(_ label: String) throws -> [String: Double] {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/layout-labels/\(label).json")
        let labels = try JSONDecoder().decode(Labels.self, from: Data(contentsOf: fixture))
        let url = try #require(shared).appendingPathComponent(labels.file)
        let drawing = try NotebookFormats.read(at: url).pages[labels.page - 1].drawing
        let read = Set(
            LayoutAnalyzer().lines(in: drawing).filter { $0.textLikelihood == 1 }
                .flatMap { $0.strokeIndices.map { drawing.strokes[$0].id.uuidString } })
        var shares: [String: Double] = [:]
        for kind in ["writing", "drawing", "markup"] {
            let ids = labels.strokes.filter { $0.class == kind }.map(\.id)
            if !ids.isEmpty { shares[kind] = Double(ids.filter(read.contains).count) / Double(ids.count) }
        }
        return shares
    }

    /// The archery page: target rings drawn three times over and an arrow's path sketched in dozens
    /// of short overlapping strokes: the shape rules read 96 % of the drawing's strokes as writing.
    @Test(.enabled(if: shared != nil, "../shared is absent"))
    func sketchInShortStrokesIsNotReadAsWriting() throws {
        let shares = try Self.readShares("archery-notes__notes.xopp-p2")
        #expect(shares["drawing", default: 1] < 0.4, "\(shares)")
        #expect(shares["writing", default: 0] > 0.9, "\(shares)")
    }

    /// A reMarkable drawing of some 400 strokes beside a few labelled lines: the shape rules read
    /// 95 % of the drawing's strokes as writing.
    @Test(.enabled(if: shared != nil, "../shared is absent"))
    func reMarkableDrawingIsNotReadAsWriting() throws {
        let shares = try Self.readShares("lines-are-rusty__v5_notebook-p1")
        #expect(shares["drawing", default: 1] < 0.6, "\(shares)")
        #expect(shares["writing", default: 0] > 0.9, "\(shares)")
    }

    /// A page of handwritten prose with a few drawings: the prose is still read.
    @Test(.enabled(if: shared != nil, "../shared is absent"))
    func proseBesideDrawingsIsStillRead() throws {
        let shares = try Self.readShares("rm2pdf__toolbox-p1")
        #expect(shares["writing", default: 0] > 0.95, "\(shares)")
    }
}
