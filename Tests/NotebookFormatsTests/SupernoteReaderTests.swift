import DrawingModel
import Foundation
import Testing

@testable import NotebookFormats

/// Supernote notes: the device's recognised words with their boxes and the keywords as text;
/// broken containers refused with one line.
@Suite struct SupernoteReaderTests {
    /// A note of our own: signature, a header, one page whose RECOGNTEXT holds `jiix`, a keyword,
    /// the footer and its address after "tail".
    static func note(jiix: String, equipment: String = "A5X", orientation: String = "1000") -> [UInt8] {
        var w = TestSupernoteWriter()
        let header = w.block("<FILE_TYPE:NOTE><APPLY_EQUIPMENT:\(equipment)>")
        let text = w.block(Array(Data(jiix.utf8).base64EncodedString().utf8))
        let page = w.block("<PAGESTYLE:style_white><ORIENTATION:\(orientation)><TOTALPATH:0><RECOGNTEXT:\(text)>")
        let keyword = w.block("<KEYWORDPAGE:1><KEYWORDRECT:10,20,30,40><KEYWORD:groceries>")
        return w.finish(footer: "<FILE_FEATURE:\(header)><PAGE1:\(page)><KEYWORD_00010020:\(keyword)>")
    }

    static let jiix = #"""
        {"type": "Raw Content", "elements": [{"type": "Text", "label": "Buy milk.", "words": [
          {"label": "Buy", "bounding-box": {"x": 10, "y": 20, "width": 5, "height": 4}}, {"label": " "},
          {"label": "milk", "bounding-box": {"x": 16, "y": 20, "width": 6, "height": 4}}, {"label": "."}]}]}
        """#

    @Test func recognisedWordsInPixelsAndKeywords() throws {
        let notebook = try NotebookFormats.read(contents: Self.note(jiix: Self.jiix), fileExtension: "note")
        #expect(notebook.format == "supernote")
        let page = try #require(notebook.pages.first)
        #expect(page.drawing.isEmpty)
        #expect(page.size == Size(width: 1404, height: 1872))
        #expect(page.texts.map(\.text) == ["Buy", "milk", "groceries"])
        let scale = 226 / 25.4
        #expect(page.texts[0].bounds == Rect(x: 10 * scale, y: 20 * scale, width: 5 * scale, height: 4 * scale))
        #expect(page.texts[2].bounds == Rect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test func landscapeAndDensityFollowTheDevice() throws {
        let notebook = try NotebookFormats.read(
            contents: Self.note(jiix: Self.jiix, equipment: "A6X", orientation: "1270"), fileExtension: "note")
        #expect(notebook.pages.first?.size == Size(width: 1872, height: 1404))
        #expect(notebook.pages.first?.texts.first?.bounds?.minX == 10 * 300 / 25.4)
    }

    @Test func refusals() throws {
        #expect(throws: ReadError("not a Supernote note (no \"noteSN_FILE_VER_\" signature)")) {
            try NotebookFormats.read(contents: Array("noteXX".utf8), fileExtension: "note")
        }
        var moved = Self.note(jiix: Self.jiix)
        moved.replaceSubrange((moved.count - 4)..., with: [0xFF, 0xFF, 0xFF, 0x7F])
        #expect(throws: ReadError("footer address 2147483647 is outside the file")) {
            try NotebookFormats.read(contents: moved, fileExtension: "note")
        }
        #expect(throws: ReadError.self) {
            try NotebookFormats.read(contents: Self.note(jiix: "{\"elements\": [}"), fileExtension: "note")
        }
        #expect(NotebookFormats.detect(contents: Self.note(jiix: "{}"), fileExtension: "") == SupernoteReader.self)
    }

    @Test func truncationsAndFlips() throws {
        let seeds = [("note", "note", Self.note(jiix: Self.jiix))]
        #expect(FormatFuzzTests.truncate(seeds) { _ in 1 } > 300)
        FormatFuzzTests.flip(seeds, seed: 14, perSeed: 200, inserted: "<>:0-9A=", absurdSizes: true)
    }
}

/// The notes of `../shared/corpus/supernote` against their RECOGNTEXT and keyword blocks read with
/// Python (base64 JIIX words with a letter or digit; KEYWORD blocks), and the A6X note's boxes
/// against the ink of the device's own PDF export of it (`pdftoppm -r 72`: ink at x 107…1254,
/// y 113…1220 pixels, the page's 1404 × 1872 points being its pixels).
@Suite(.enabled(if: FormatFixtures.corpus != nil, "../shared/corpus is absent"))
struct SupernoteCorpusTests {
    static let words: [String: [Int]] = [
        "supernote-typescript__blank-a6x-3.26.40-two-pages.note": [0, 0],
        "supernote-typescript__erase-n6-20230015-horizontal-1270.note": [0],
        "supernote-typescript__ink-a5x-2.14.28-old-pen-width.note": [27],
        "supernote-typescript__rtr-n5-20230015-recognition.note": [43],
        "supernote-typescript__test-a5x-20220011-old-pen-ids.note": [1, 1],  // the keywords
        "supernote-typescript__turkish-a6x-20230015-handwriting-erase.note": [20],
    ]

    @Test func notesReadWithTheirWords() throws {
        let corpus = try #require(FormatFixtures.corpus).appendingPathComponent("supernote")
        for (file, counts) in Self.words {
            let url = corpus.appendingPathComponent(file)
            #expect(NotebookFormats.isNotebookFile(url), "\(file)")
            let notebook = try NotebookFormats.read(at: url)
            #expect(notebook.pages.map(\.texts.count) == counts, "\(file)")
        }
        let old = try NotebookFormats.read(
            at: corpus.appendingPathComponent("supernote-typescript__test-a5x-20220011-old-pen-ids.note"))
        #expect(old.pages.map { $0.texts.map(\.text) } == [["dummy"], ["Different"]])
        let landscape = try NotebookFormats.read(
            at: corpus.appendingPathComponent("supernote-typescript__erase-n6-20230015-horizontal-1270.note"))
        #expect(landscape.pages.first?.size == Size(width: 1872, height: 1404))
        let turkish = try NotebookFormats.read(
            at: corpus.appendingPathComponent("supernote-typescript__turkish-a6x-20230015-handwriting-erase.note"))
        let texts = try #require(turkish.pages.first).texts
        #expect(texts.prefix(5).map(\.text) == ["Şimdi", "ben", "buraya", "neden", "çıktım"])
        let box = try #require(texts.compactMap(\.bounds).reduce(nil as Rect?) { $0?.union($1) ?? $1 })
        // The words start where the ink does and end within it (the last ink is a full stop).
        #expect(abs(box.minX - 107) < 12 && abs(box.minY - 113) < 12, "\(box)")
        #expect(box.maxX < 1254 + 12 && box.maxY < 1220 + 12 && box.maxX > 1100 && box.maxY > 1100, "\(box)")
    }

    /// Strokes and points of each page. The references: the records walked by an independent
    /// decoder in Python (the record count read from supernotelib's TOTALPATH bytes; 86, 146, 227,
    /// 58 + 30, 190 records) and cut to the layer bitmaps (decoded as supernotelib does) by the same
    /// rule. The landscape page's 61 are the strokes the device's own PDF export draws
    /// (supernote-typescript's count); the A5X page's 146 likewise.
    static let ink: [String: [(strokes: Int, points: Int)]] = [
        "supernote-typescript__blank-a6x-3.26.40-two-pages.note": [(0, 0), (0, 0)],
        "supernote-typescript__erase-n6-20230015-horizontal-1270.note": [(61, 4994)],
        "supernote-typescript__ink-a5x-2.14.28-old-pen-width.note": [(146, 9132)],
        "supernote-typescript__rtr-n5-20230015-recognition.note": [(225, 14596)],
        "supernote-typescript__test-a5x-20220011-old-pen-ids.note": [(57, 4353), (29, 1529)],
        "supernote-typescript__turkish-a6x-20230015-handwriting-erase.note": [(152, 10068)],
    ]

    @Test func strokesOfEveryPage() throws {
        let corpus = try #require(FormatFixtures.corpus).appendingPathComponent("supernote")
        for (file, pages) in Self.ink {
            let notebook = try NotebookFormats.read(at: corpus.appendingPathComponent(file))
            let got = notebook.pages.map {
                ($0.drawing.strokes.count, $0.drawing.strokes.reduce(0) { $0 + $1.path.count })
            }
            #expect(got.map(\.0) == pages.map(\.strokes) && got.map(\.1) == pages.map(\.points), "\(file)")
            for page in notebook.pages {
                let bounds = page.drawing.strokes.compactMap(\.pathBounds).reduce(nil as Rect?) { $0?.union($1) ?? $1 }
                if let bounds, let size = page.size {
                    #expect(bounds.minX >= 0 && bounds.minY >= 0, "\(file)")
                    #expect(bounds.maxX <= size.width && bounds.maxY <= size.height, "\(file)")
                }
            }
            let ids = notebook.pages.flatMap(\.drawing.strokes).map(\.id)
            #expect(Set(ids).count == ids.count, "\(file)")
        }
        // The A5X page's marker strokes over "Dummy" are highlighter, its layer-1 line dark grey.
        let old = try NotebookFormats.read(
            at: corpus.appendingPathComponent("supernote-typescript__test-a5x-20220011-old-pen-ids.note"))
        let strokes = try #require(old.pages.first).drawing.strokes
        #expect(strokes.filter { $0.ink.kind == .highlighter }.count == 3)
        #expect(strokes.filter { $0.ink.color.red == 157.0 / 255 }.count == 21)
    }

    /// The trails an eraser touched on these pages were all erased (the landscape page's 21 are
    /// what the device's own export leaves out; the Turkish page's 37 were erased with one eraser
    /// path and written again in the same place), and erasers are never ink: no stroke is made of
    /// their points (one point of an erased Turkish trail is also, by chance, a point of the word
    /// written over it).
    @Test(arguments: [
        ("supernote-typescript__erase-n6-20230015-horizontal-1270.note", 21, 4),
        ("supernote-typescript__turkish-a6x-20230015-handwriting-erase.note", 37, 1),
    ])
    func erasedStrokesAreAbsent(file: String, touched: Int, erasers: Int) throws {
        let url = try #require(FormatFixtures.corpus).appendingPathComponent("supernote/\(file)")
        let bytes = try Containers.readFile(at: url)
        let page = try #require(try NotebookFormats.read(contents: bytes, fileExtension: "note").pages.first)
        let drawn = page.drawing.strokes.map { $0.path.controlPoints.map(\.location) }
        let size = try #require(page.size)
        let note = try SupernoteFile(bytes)
        let meta = try note.metadata(at: try #require(note.footer[first: "PAGE1"].flatMap(Int.init)), what: "page")
        let address = try #require(meta[first: "TOTALPATH"].flatMap(Int.init))
        let trails = try SupernoteTrail.records(of: note.block(at: address, what: "TOTALPATH")).compactMap { $0 }
        let erased = trails.filter { $0.status != 0 || $0.color == SupernoteInk.eraserColor }
        #expect(erased.count == touched + erasers)
        for trail in erased {
            let scale = Double(trail.digitizerHeight) / size.height
            let points = trail.points.map { Point(x: size.width - Double($0.x) / scale, y: Double($0.y) / scale) }
            let erasedPoints = Set(points)
            #expect(!drawn.contains { $0.allSatisfy(erasedPoints.contains) })
        }
    }

    /// The Manta's recognised words end where its ink ends (300 ppi on a 1920 × 2560 page).
    @Test func mantaWordsSitOnTheInk() throws {
        let url = try #require(FormatFixtures.corpus).appendingPathComponent(
            "supernote/supernote-typescript__rtr-n5-20230015-recognition.note")
        let page = try #require(try NotebookFormats.read(at: url).pages.first)
        #expect(page.size == Size(width: 1920, height: 2560))
        let words = try #require(page.texts.compactMap(\.bounds).reduce(nil as Rect?) { $0?.union($1) ?? $1 })
        let ink = try #require(
            page.drawing.strokes.compactMap(\.pathBounds).reduce(nil as Rect?) { $0?.union($1) ?? $1 })
        #expect(abs(words.maxX - ink.maxX) < 15 && abs(words.maxY - ink.maxY) < 15, "\(words) \(ink)")
    }
}
