import DrawingModel
import Foundation
import SeededRandom
import Testing

@testable import NotebookFormats

/// Generated notebooks for the round-trip and fuzz tests.
extension SplitMix64 {
    mutating func double() -> Double {
        // Mostly ordinary values, sometimes the awkward ones a lossless writer must keep.
        switch Int.random(in: 0..<12, using: &self) {
        case 0:
            return [0.1, -0.0, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e15, 123456789.123456789][
                Int.random(in: 0..<7, using: &self)]
        case 1: return Double(Int.random(in: -1000...1000, using: &self))
        default: return Double.random(in: -1000...1000, using: &self)
        }
    }

    mutating func text() -> String {
        let pieces = [
            "agenda", "Ünïcödé", "\"quoted\"", "back\\slash", "tab\tnew\nline", "\u{1}\u{1F}", "日本語", "🙂", "", " ",
        ]
        return (0..<Int.random(in: 0...3, using: &self)).map { _ in pieces.randomElement(using: &self)! }.joined(
            separator: " ")
    }

    mutating func notebook(pages: ClosedRange<Int> = 0...3, strokes: ClosedRange<Int> = 0...6) -> Notebook {
        Notebook(
            format: "json", title: Bool.random(using: &self) ? text() : nil,
            pages: (0..<Int.random(in: pages, using: &self)).map { _ in page(strokes: strokes) })
    }

    private mutating func page(strokes: ClosedRange<Int>) -> Page {
        let texts = (0..<Int.random(in: 0...2, using: &self)).map { _ in
            TextElement(
                text: text(),
                bounds: Bool.random(using: &self)
                    ? Rect(x: double(), y: double(), width: abs(double()), height: abs(double())) : nil)
        }
        return Page(
            drawing: Drawing(strokes: (0..<Int.random(in: strokes, using: &self)).map { _ in stroke() }), texts: texts,
            size: Bool.random(using: &self) ? Size(width: 595.2756, height: 841.8898) : nil)
    }

    private mutating func stroke() -> Stroke {
        let points = (0..<Int.random(in: 0...12, using: &self)).map { _ -> StrokePoint in
            if Bool.random(using: &self) { return StrokePoint(location: Point(x: double(), y: double())) }
            return StrokePoint(
                location: Point(x: double(), y: double()), timeOffset: abs(double()),
                size: Size(width: double(), height: double()),
                opacity: double(), force: double(), azimuth: double(), altitude: double())
        }
        var mask: StrokeMask?
        if Int.random(in: 0..<3, using: &self) == 0 {
            mask = StrokeMask(
                sweeps: (0..<Int.random(in: 0...2, using: &self)).map { _ in
                    StrokeMask.Sweep(
                        points: (0..<Int.random(in: 1...4, using: &self)).map { _ in Point(x: double(), y: double()) },
                        radius: abs(double()))
                },
                polygons: (0..<Int.random(in: 0...2, using: &self)).map { _ in
                    (0..<Int.random(in: 3...5, using: &self)).map { _ in Point(x: double(), y: double()) }
                })
        }
        let kind = Ink.Kind.allCases.randomElement(using: &self)!
        let uuid = UUID(
            uuid: (0..<16).map { _ in UInt8.random(in: 0...255, using: &self) }.withUnsafeBytes {
                $0.load(as: uuid_t.self)
            })
        return Stroke(
            id: uuid,
            ink: Ink(
                kind: kind, color: Ink.Color(red: double(), green: double(), blue: double(), alpha: double()),
                width: abs(double())),
            transform: Bool.random(using: &self)
                ? .identity
                : DrawingModel.AffineTransform(
                    a: double(), b: double(), c: double(), d: double(), tx: double(), ty: double()),
            path: StrokePath(
                controlPoints: points,
                creationDate: Bool.random(using: &self)
                    ? Date(timeIntervalSinceReferenceDate: Double.random(in: -1e9...1e9, using: &self)) : nil),
            mask: mask)
    }
}

@Suite struct NativeJSONRoundTripTests {
    @Test func generatedNotebooksSurviveEncodeAndDecode() throws {
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<60 {
            let notebook = rng.notebook()
            let bytes = try NativeJSONWriter.encode(notebook)
            let back = try NativeJSONReader.read(bytes)
            #expect(back == notebook)
            // Writing again gives the same bytes.
            #expect(try NativeJSONWriter.encode(back) == bytes)
        }
    }

    @Test func readsThroughTheRegistryByExtensionAndByContent() throws {
        var rng = SplitMix64(seed: 5)
        let notebook = rng.notebook(pages: 1...2, strokes: 1...3)
        let bytes = try NativeJSONWriter.encode(notebook)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "native-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("week1.json")
        try NativeJSONWriter.write(notebook, to: file)
        #expect(try NativeJSONReader.read(at: file) == notebook)
        let probe = NotebookFormats.probe(contents: bytes, fileExtension: "")
        #expect(NativeJSONReader.canRead(probe))
        #expect(!NativeJSONReader.canRead(NotebookFormats.probe(contents: Array("{\"a\":1}".utf8), fileExtension: "")))
    }

    @Test func shortPointsTakeDefaultsAndUnknownKeysAreIgnored() throws {
        let json = """
            {"version": 1, "format": "notebook-index", "future": {"x": [1, 2]},
             "pages": [{"strokes": [{"id": "6F1C0D2E-0000-4000-8000-000000000001", "extra": null,
                                     "points": [[1, 2], [3.5, 4, 0.25]]}]}, {}]}
            """
        let notebook = try NativeJSONReader.read(Array(json.utf8))
        #expect(notebook.format == "json" && notebook.title == nil && notebook.pages.count == 2)
        let stroke = try #require(notebook.pages.first?.drawing.strokes.first)
        #expect(stroke.ink == Ink() && stroke.transform == .identity && stroke.mask == nil)
        #expect(
            stroke.path.controlPoints == [
                StrokePoint(location: Point(x: 1, y: 2)), StrokePoint(location: Point(x: 3.5, y: 4), timeOffset: 0.25),
            ])
    }

    /// The example in docs/native-json.md reads as documented.
    @Test func documentedExampleReads() throws {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../docs/native-json.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        let example = try #require(
            text.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let notebook = try NativeJSONReader.read(Array(example.utf8))
        #expect(notebook.title == "Week 1" && notebook.pages.count == 1)
        let strokes = notebook.pages[0].drawing.strokes
        #expect(strokes.count == 2 && strokes[0].path.count == 3 && strokes[1].mask?.sweeps.count == 1)
        #expect(strokes[1].transform.ty == 40 && strokes[1].ink.kind == .highlighter)
        #expect(strokes[0].path.controlPoints[2].force == 0.42)
    }

    @Test(arguments: [
        ("[1, 2]", "not a notebook-index JSON file"),
        ("{\"name\": \"package\", \"pages\": 3}", "not a notebook-index JSON file"),
        (
            "{\"format\": \"notebook-index\", \"version\": 2, \"pages\": []}",
            "unsupported notebook-index JSON version 2 (this build reads version 1)"
        ),
        ("{\"format\": \"notebook-index\", \"pages\": []}", "missing \"version\""),
        ("{\"format\": \"notebook-index\", \"version\": 1}", "missing \"pages\""),
        (
            "{\"format\": \"notebook-index\", \"version\": 1, \"pages\": [{\"strokes\": [{\"id\": \"x\", \"points\": []}]}]}",
            "page 1: stroke 1: \"id\" is not a UUID: \"x\""
        ),
        (
            "{\"format\": \"notebook-index\", \"version\": 1, \"pages\": [{}, {\"strokes\": [{\"id\": \"6F1C0D2E-0000-4000-8000-000000000001\", \"points\": [[1, 2], [3]]}]}]}",
            "page 2: stroke 1: point 2: point has 1 numbers, expected 2 to 9"
        ),
        (
            "{\"format\": \"notebook-index\", \"version\": 1, \"pages\": [{\"strokes\": [{\"id\": \"6F1C0D2E-0000-4000-8000-000000000001\", \"ink\": {\"kind\": \"quill\"}, \"points\": []}]}]}",
            "page 1: stroke 1: unknown ink kind \"quill\""
        ),
        (
            "{\"format\": \"notebook-index\", \"version\": 1, \"pages\": [{\"strokes\": [{\"points\": []}]}]}",
            "page 1: stroke 1: missing \"id\""
        ),
        (
            "{\"format\": \"notebook-index\", \"version\": 1, \"pages\": [{\"texts\": [{\"text\": 3}]}]}",
            "page 1: text 1: \"text\" is not a string"
        ),
        (
            "{\"format\": \"notebook-index\", \"version\": 1, \"pages\": [1e999]}",
            "invalid JSON at byte 53: number out of range"
        ),
        (
            "{\"format\": \"notebook-index\", \"version\": 1, \"pages\": []} x",
            "invalid JSON at byte 56: unexpected data after the end of the document"
        ),
    ])
    func refusesWithAClearReason(json: String, reason: String) {
        #expect(throws: ReadError(reason)) { try NativeJSONReader.read(Array(json.utf8)) }
    }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/corpus").standardized

    /// Notebooks the other readers make from the shared corpus survive the native format.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: corpus.path), "../shared/corpus is absent"))
    func corpusNotebooksSurviveTheNativeFormat() throws {
        let walker = try #require(
            FileManager.default.enumerator(at: Self.corpus, includingPropertiesForKeys: [.fileSizeKey]))
        var checked = 0
        var perFormat: [String: Int] = [:]
        for case let url as URL in walker {
            let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            guard size > 0, size < 300_000, !url.hasDirectoryPath,
                let notebook = try? NotebookFormats.read(at: url), perFormat[notebook.format, default: 0] < 3
            else { continue }
            perFormat[notebook.format, default: 0] += 1
            var expected = notebook
            expected.format = "json"
            #expect(
                try NativeJSONReader.read(NativeJSONWriter.encode(notebook)) == expected, "\(url.lastPathComponent)")
            checked += 1
        }
        print("native JSON: \(checked) corpus notebooks round-tripped (\(perFormat.sorted { $0.key < $1.key }))")
    }
}
