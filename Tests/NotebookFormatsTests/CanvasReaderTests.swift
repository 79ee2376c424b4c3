import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// tldraw boards and Excalidraw scenes: our fixtures (tools/make_canvas_fixtures.py, coordinates
/// exact in Float16) give the points their format notes say, and damaged files are refused with
/// one line.
@Suite struct TldrawReaderTests {
    func locations(_ stroke: Stroke) -> [Point] {
        stroke.path.controlPoints.map { $0.location.applying(stroke.transform) }
    }

    /// Draw 3: base64 Float16 triplets, absolute within the shape; pressure kept for a pen.
    @Test func float16Points() throws {
        let notebook = try NotebookFormats.read(at: FormatFixtures.url("tldraw-v3-float16.tldr"))
        #expect(notebook.format == "tldraw")
        let strokes = try #require(notebook.pages.first).drawing.strokes
        #expect(strokes.map(\.ink.kind) == [.pen, .highlighter])
        #expect(locations(strokes[0]) == [Point(x: 101, y: 202), Point(x: 103, y: 204), Point(x: 105.5, y: 206.25)])
        #expect(strokes[0].path.controlPoints.map(\.force) == [0.25, 0.5, 0.75])
        #expect(locations(strokes[1]) == [Point(x: 10, y: 20), Point(x: 50, y: 20)])
        #expect(strokes[1].ink.width == 5)
    }

    /// Draw 4: the delta `path`; pages by index; frames and a turned group carry the shape.
    @Test func deltaPathsFramesGroupsAndPages() throws {
        let notebook = try NotebookFormats.read(at: FormatFixtures.url("tldraw-v4-frames.tldr"))
        #expect(notebook.pages.count == 2)
        let first = notebook.pages[0], second = notebook.pages[1]
        #expect(first.texts.map(\.text) == ["Sketches", "Ideas", "Hello\ntldraw"])
        #expect(second.texts.isEmpty)  // "Page 2" is tldraw's default name
        let pen = try #require(first.drawing.strokes.first)
        #expect(first.drawing.strokes.count == 1)  // the orphan's parent is missing
        // (0,0) → +(5,0) → turned a quarter → +(10,20) → +(100,50)
        let expected = [Point(x: 110, y: 75), Point(x: 110, y: 79), Point(x: 106, y: 79)]
        for (point, want) in zip(locations(pen), expected) {
            #expect(point.distance(to: want) < 1e-9, "\(point)")
        }
        #expect(pen.ink.color.blue > pen.ink.color.red)
        // z-order by index: the highlighter (a0) under the scaled stroke (a1); segments joined once.
        #expect(second.drawing.strokes.map(\.ink.kind) == [.highlighter, .pen])
        #expect(
            locations(second.drawing.strokes[1]) == [Point(x: 50, y: 60), Point(x: 52, y: 61), Point(x: 56, y: 61)])
        let label = try #require(first.texts.last?.bounds)
        #expect(label.minX == 300 && label.minY == 400 && label.width == 120)
    }

    static func board(draw: Int = 2, _ shapes: String) -> [UInt8] {
        Array(
            """
            {"tldrawFileFormatVersion": 1, "schema": {"schemaVersion": 2, "sequences": {"com.tldraw.shape.draw": \(draw)}},
             "records": [{"typeName": "page", "id": "page:p", "name": "Notes", "index": "a1"}\(shapes)]}
            """.utf8)
    }

    @Test func jsonPointsAndRotation() throws {
        let shape = """
            , {"typeName": "shape", "id": "shape:s", "type": "draw", "parentId": "page:p", "x": 10, "y": 0,
               "rotation": 3.141592653589793, "index": "a1", "props": {"size": "s", "isPen": false,
               "segments": [{"type": "free", "points": [{"x": 0, "y": 0, "z": 0.5}, {"x": 2, "y": 0, "z": 0.5}]}]}}
            """
        let notebook = try NotebookFormats.read(contents: Self.board(shape), fileExtension: "tldr")
        let stroke = try #require(notebook.pages.first?.drawing.strokes.first)
        let end = locations(stroke)[1]
        #expect(abs(end.x - 8) < 1e-9 && abs(end.y) < 1e-9)
        #expect(stroke.ink.width == 2 && stroke.path.controlPoints[0].force == StrokePoint.defaultForce)
        #expect(notebook.pages.first?.texts.map(\.text) == ["Notes"])
    }

    @Test(arguments: [
        (board(draw: 5, ""), "tldraw draw shapes of version 5 are newer than this reader knows (up to 4)"),
        (Array(#"{"records": []}"#.utf8), #"not a tldraw file (no "tldrawFileFormatVersion" and "records")"#),
        (
            board(
                #", {"typeName": "shape", "id": "shape:s", "type": "draw", "parentId": "page:p", "props": {"segments": [{"path": "AAAA"}]}}"#
            ), "shape shape:s: delta path is 3 bytes (12 for the first point, then 6 per point)"
        ),
        (
            board(
                #", {"typeName": "shape", "id": "shape:s", "type": "draw", "parentId": "page:p", "props": {"segments": [{"points": "!!"}]}}"#
            ), "shape shape:s: points are not valid base64"
        ),
    ])
    func refusals(_ bytes: [UInt8], _ message: String) {
        #expect(throws: ReadError(message)) { try NotebookFormats.read(contents: bytes, fileExtension: "tldr") }
    }

    @Test func detectedByContent() throws {
        #expect(NotebookFormats.detect(contents: Self.board(""), fileExtension: "") == TldrawReader.self)
    }

    /// A parent chain that loops is dropped, not followed forever.
    @Test func cyclicParentsAreDropped() throws {
        let shapes = """
            , {"typeName": "shape", "id": "shape:a", "type": "group", "parentId": "shape:b", "props": {}},
              {"typeName": "shape", "id": "shape:b", "type": "group", "parentId": "shape:a", "props": {}},
              {"typeName": "shape", "id": "shape:c", "type": "draw", "parentId": "shape:a", "props": {"segments": [{"points": []}]}}
            """
        let notebook = try NotebookFormats.read(contents: Self.board(shapes), fileExtension: "tldr")
        #expect(notebook.pages.first?.drawing.isEmpty == true)
    }
}

@Suite struct ExcalidrawReaderTests {
    /// The same scene as a file, and in Obsidian notes compressed and plain.
    @Test(arguments: [
        "excalidraw-freedraw.excalidraw", "excalidraw-compressed.excalidraw.md", "excalidraw-json.excalidraw.md",
    ])
    func freedrawStrokes(_ name: String) throws {
        let url = FormatFixtures.url(name)
        #expect(NotebookFormats.isNotebookFile(url))
        let notebook = try NotebookFormats.read(at: url)
        #expect(notebook.format == "excalidraw")
        let page = try #require(notebook.pages.first)
        #expect(page.size == nil)
        #expect(page.texts.map(\.text) == ["Shopping list", "Ideas"])
        #expect(page.texts.first?.bounds == Rect(x: 10, y: 300, width: 120, height: 25))
        let strokes = page.drawing.strokes
        #expect(strokes.count == 2)  // the deleted one is left out
        let pen = strokes[0].path.controlPoints.map { $0.location.applying(strokes[0].transform) }
        #expect(pen == [Point(x: 100, y: 200), Point(x: 110, y: 205), Point(x: 120, y: 210)])
        #expect(strokes[0].path.controlPoints.map(\.force) == [0.2, 0.5, 0.8])
        #expect(strokes[0].ink.width == 2)
        // Half a turn about the centre (5, 0) of its box swaps the ends.
        let turned = strokes[1].path.controlPoints.map { $0.location.applying(strokes[1].transform) }
        #expect(turned[0].distance(to: Point(x: 10, y: 0)) < 1e-9 && turned[1].distance(to: Point(x: 0, y: 0)) < 1e-9)
        #expect(strokes[1].path.controlPoints[0].force == StrokePoint.defaultForce)
        #expect(strokes[1].ink.color == Ink.Color(red: 224 / 255, green: 49 / 255, blue: 49 / 255, alpha: 0.5))
    }

    /// lz-string's 16-bit literals and repeats (made with Python's lzstring 1.0.4).
    @Test func lzStringNonASCII() throws {
        let text =
            "N4IgLgngDgpiBcIYA8DGBDANgSwCYCd0B3EAGiUxgFsYA7MAZwQG1RJYFwUwyQ9Oe5MN04BxfAB+A+zAAEgIntA6tqzx0uUtnot2nbvQgAvgF0DQA==="
        let units = try LZString.decompressBase64(Array(text.utf8), limit: 1 << 20)
        #expect(
            String(decoding: units, as: UTF16.self)
                == #"{"type":"excalidraw","elements":[{"type":"text","id":"t","text":"Grüße 漢字 Grüße 漢字 aaaaaaaaaaaaaaaa"}]}"#
        )
        #expect(throws: ReadError.self) { try LZString.decompressBase64(Array(text.utf8), limit: 20) }
        #expect(throws: ReadError.self) { try LZString.decompressBase64(Array(text.utf8.prefix(20)), limit: 1 << 20) }
    }

    @Test func markdownThatIsNoDrawingIsNotANotebook() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("excalidraw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let note = directory.appendingPathComponent("note.md")
        try Data("---\ntags: [x]\n---\n# Shopping\n".utf8).write(to: note)
        #expect(!NotebookFormats.isNotebookFile(note))
        #expect(throws: ReadError("not a notebook format this tool reads")) { try NotebookFormats.read(at: note) }
    }

    @Test(arguments: [
        ("---\nexcalidraw-plugin: parsed\n---\n# Text\n", "Excalidraw note has no '## Drawing' section"),
        (
            "---\nexcalidraw-plugin: parsed\n---\n## Drawing\n```svg\n```\n",
            "Excalidraw note's drawing block is 'svg', not json or compressed-json"
        ),
        (
            "---\nexcalidraw-plugin: parsed\n---\n## Drawing\n```compressed-json\nN4Ig!\n```\n",
            "compressed drawing has a character that is not base64"
        ),
        (
            #"{"type": "excalidraw", "elements": [{"type": "freedraw", "id": "f", "points": [[0]]}]}"#,
            "element 1 (f): point 1 is not a pair of finite numbers"
        ),
    ])
    func refusals(_ text: String, _ message: String) {
        #expect(throws: ReadError(message)) {
            try NotebookFormats.read(
                contents: Array(text.utf8), fileExtension: text.hasPrefix("{") ? "excalidraw" : "md")
        }
    }
}

/// Damaged tldraw and Excalidraw files are read or refused, never a trap or a hang.
@Suite struct CanvasFuzzTests {
    static func seeds() throws -> [(name: String, fileExtension: String, bytes: [UInt8])] {
        try [
            ("tldraw v3", "tldr", FormatFixtures.bytes("tldraw-v3-float16.tldr")),
            ("tldraw v4", "tldr", FormatFixtures.bytes("tldraw-v4-frames.tldr")),
            ("excalidraw", "excalidraw", FormatFixtures.bytes("excalidraw-freedraw.excalidraw")),
            ("excalidraw.md", "md", FormatFixtures.bytes("excalidraw-compressed.excalidraw.md")),
        ]
    }

    @Test func truncationsAndFlips() throws {
        #expect(FormatFuzzTests.truncate(try Self.seeds()) { $0 / 150 } > 500)
        FormatFuzzTests.flip(
            try Self.seeds(), seed: 12, perSeed: 60, inserted: "{}[]\":,0-9e+/=A\u{0}", absurdSizes: false)
    }
}

/// The tldraw boards of `../shared/corpus/tldraw` against their JSON read with Python (draw
/// shapes, points decoded per encoding, SOURCES.md's counts; page-space bounds equal to a Python
/// walk of the parent chain, less half the pen width).
@Suite(.enabled(if: FormatFixtures.corpus != nil, "../shared/corpus is absent"))
struct TldrawCorpusTests {
    static let expected: [(file: String, strokes: [Int], points: Int, texts: [[String]])] = [
        ("tldraw-cli__2024-04-test-shape-record-version-4.tldr", [5], 2213, [[]]),
        ("tldraw-cli__2024-05-test-schema-2-from-cli.tldr", [4], 254, [[]]),
        (
            "tldraw-cli__2024-04-test-sketch-three-pages.tldr", [0, 0, 0], 0,
            [
                ["Page 1"], ["Page 2", "Page 2", "Frame 1", "Frame 2"],
                ["Page With a Name", "Page 3:\nPage With a Name"],
            ]
        ),
        (
            "tldraw-cli__2026-06-test-images.tldr", [13], 7006,
            [["https://storage.kitschpatrol.com/example-image-1.jpeg", "Emebedded image!", "Linked image!"]]
        ),
    ]

    @Test func boardsReadWithTheirCounts() throws {
        let corpus = try #require(FormatFixtures.corpus).appendingPathComponent("tldraw")
        for (file, strokes, points, texts) in Self.expected {
            let notebook = try NotebookFormats.read(at: corpus.appendingPathComponent(file))
            #expect(notebook.pages.map(\.drawing.strokes.count) == strokes, "\(file)")
            #expect(notebook.pages.flatMap(\.drawing.strokes).reduce(0) { $0 + $1.path.count } == points, "\(file)")
            #expect(notebook.pages.map { $0.texts.map(\.text) } == texts, "\(file)")
        }
        // The 2026 board's ink, walked in Python: x −498.8 … 857.04, y −265.84 … 652.21.
        let board = try NotebookFormats.read(at: corpus.appendingPathComponent("tldraw-cli__2026-06-test-images.tldr"))
        let bounds = try #require(
            board.pages[0].drawing.strokes.compactMap(\.pathBounds).reduce(nil as Rect?) { $0?.union($1) ?? $1 })
        #expect(abs(bounds.minX + 498.8) < 0.01 && abs(bounds.minY + 265.84) < 0.01)
        #expect(abs(bounds.width - 1355.84) < 0.01 && abs(bounds.height - 918.05) < 0.01)
    }
}
