import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// The Rnote reader on our own fixtures of three file layouts (tools/make_format_fixtures.py).
@Suite struct RnoteReaderTests {
    static func read(_ name: String) throws -> Notebook {
        try NotebookFormats.read(at: FormatFixtures.url(name))
    }

    @Test func currentLayoutOnAnInfiniteCanvas() throws {
        let notebook = try Self.read("rnote-0-15-infinite.rnote")
        #expect(notebook.format == "rnote")
        // The canvas is cut from the origin into A4 pieces; only the two holding ink are pages.
        #expect(notebook.pages.count == 2)
        let first = notebook.pages[0]
        #expect(first.size == Size(width: 793.701, height: 1122.52))
        // Draw order is by layer: the highlighter layer comes before user layer 0.
        #expect(first.drawing.strokes.map(\.ink.kind) == [.highlighter, .pen, .pen])
        #expect(first.drawing.strokes[0].ink.width == 20)
        #expect(first.texts.map(\.text) == ["Hello Rnote"])
        #expect(first.texts[0].bounds?.x == 120 && first.texts[0].bounds?.y == 80)
        // The pen stroke had cubic segments: approximated, still starting where the pen did,
        // with the pressure as force.
        let pen = first.drawing.strokes[1]
        let start = try #require(pen.path.controlPoints.first)
        #expect(abs(start.location.x - 100) < 1e-9 && abs(start.location.y - 200) < 1e-9)
        #expect(abs(start.force - 0.3) < 1e-9)
        #expect(pen.path.count > 12)
        // The stroke right of the first page is on the second, in that page's coordinates.
        let right = try #require(notebook.pages[1].drawing.strokes.first?.pathBounds)
        #expect(abs(right.x - (900 - 793.701)) < 1e-6)
    }

    @Test func continuousLayoutWithNineNumberTransforms() throws {
        let notebook = try Self.read("rnote-0-9-continuous.rnote")
        #expect(notebook.pages.count == 2)
        #expect(notebook.pages.map(\.drawing.strokes.count) == [1, 1])
        #expect(notebook.pages[1].texts.map(\.text) == ["Second page"])
        let text = try #require(notebook.pages[1].texts.first?.bounds)
        #expect(abs(text.y - (1200 - 1122.52)) < 1e-6 && text.x == 80)
    }

    @Test func oldestLayoutSkipsTrashedStrokes() throws {
        let notebook = try Self.read("rnote-0-5-5.rnote")
        #expect(notebook.pages.count == 1)
        let strokes = notebook.pages[0].drawing.strokes
        #expect(strokes.count == 1)
        // The leading dot and the line segments give one control point per pen sample.
        #expect(strokes.first?.path.count == 12)
    }

    @Test func strokeIDsAreStableAndDistinct() throws {
        let a = try Self.read("rnote-0-15-infinite.rnote"), b = try Self.read("rnote-0-15-infinite.rnote")
        let ids = a.pages.flatMap { $0.drawing.strokes.map(\.id) }
        #expect(ids == b.pages.flatMap { $0.drawing.strokes.map(\.id) })
        #expect(Set(ids).count == ids.count)
    }

    @Test(arguments: [
        ("{}", "not an Rnote file (no \"version\" and \"data\")"),
        ("{\"version\":\"0.15.0\",\"data\":{}}", "Rnote 0.15.0 file has no engine snapshot and document"),
        (
            "{\"version\":\"0.15.0\",\"data\":{\"engine_snapshot\":{\"document\":{}}}}",
            "document format has no page size"
        ),
        ("{\"version\":\"0.15.0\",\"data\":", "invalid JSON at byte 27: unexpected end of file"),
    ])
    func refusesWhatIsNotRnote(_ json: String, _ reason: String) {
        #expect(throws: ReadError(reason)) {
            try RnoteReader.notebook(json: Array(json.utf8), ids: StableStrokeID(fileContents: []))
        }
    }

    @Test func refusesWhatIsNeitherGzipNorJSON() {
        #expect(throws: ReadError("not an Rnote file (neither gzip nor JSON)")) {
            try RnoteReader.read(contents: Array("PK\u{3}\u{4}".utf8), fileExtension: "rnote")
        }
    }

    @Test func refusesDamagedDocuments() throws {
        let bytes = try FormatFixtures.bytes("rnote-0-15-infinite.rnote")
        #expect(throws: ReadError.self) {
            try RnoteReader.read(contents: Array(bytes.prefix(bytes.count / 2)), fileExtension: "rnote")
        }
        let json = try Gzip.decompress(bytes)
        let text = String(decoding: json, as: UTF8.self)
        for (broken, reason) in [
            (
                text.replacingOccurrences(of: "\"lineto\"", with: "\"spiral\""),
                "stroke slot 2: unknown path segment 'spiral'"
            ),
            (
                text.replacingOccurrences(of: "\"version\":\"0.15.0\"", with: "\"version\":\"1.0.0\""),
                "unsupported Rnote file version 1.0.0 (this build reads 0.5 to 0.15)"
            ),
        ] {
            #expect(throws: ReadError(reason)) {
                try RnoteReader.notebook(json: Array(broken.utf8), ids: StableStrokeID(fileContents: bytes))
            }
        }
    }

    @Test(arguments: [(1_000, 16 << 20), (1 << 20, 100 << 20), (10 << 20, 256 << 20), (Int.max, 256 << 20)])
    func expansionIsBoundedByRatioAndCap(_ compressed: Int, _ limit: Int) {
        #expect(ReadLimits.expansionLimit(compressedSize: compressed, cap: RnoteReader.maxDocumentSize) == limit)
    }
}
