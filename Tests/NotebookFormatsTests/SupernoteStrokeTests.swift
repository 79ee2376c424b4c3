import DrawingModel
import Foundation
import SeededRandom
import Testing

@testable import NotebookFormats

/// Supernote strokes from notes of our own (`TestSupernoteWriter`): where the points land, which
/// trails are ink, what erasing leaves, the layer bitmap's decoding, damaged records.
@Suite struct SupernoteStrokeTests {
    typealias Trail = TestSupernoteWriter.Trail
    static let portrait = Size(width: 1404, height: 1872)

    /// A one-page note holding `trails`, with a main layer inked along `ink` (2.5 pixels either
    /// side) unless `ink` is nil.
    static func note(
        _ trails: [Trail], ink: [[Point]]?, orientation: String = "1000", version: String = "20230015"
    ) -> [UInt8] {
        var w = TestSupernoteWriter(version: version)
        let landscape = orientation == "1270" || orientation == "1090"
        let size = landscape ? Size(width: portrait.height, height: portrait.width) : portrait
        let header = w.block("<FILE_TYPE:NOTE><APPLY_EQUIPMENT:A5X>")
        var layer = ""
        if let ink {
            let (width, height) = (Int(size.width), Int(size.height))
            let mask = TestSupernoteWriter.ink(width: width, height: height, along: ink, radius: 2.5)
            let bitmap = w.block(TestSupernoteWriter.rle(width: width, height: height, inked: mask))
            let meta = w.block("<LAYERTYPE:NOTE><LAYERPROTOCOL:RATTA_RLE><LAYERNAME:MAINLAYER><LAYERBITMAP:\(bitmap)>")
            layer = "<MAINLAYER:\(meta)>"
        }
        let path = w.block(TestSupernoteWriter.totalPath(trails, pageSize: size))
        let page = w.block("<PAGESTYLE:style_white>\(layer)<TOTALPATH:\(path)><ORIENTATION:\(orientation)>")
        return w.finish(footer: "<FILE_FEATURE:\(header)><PAGE1:\(page)>")
    }

    /// Points every 3 pixels from `a` to `b`.
    static func line(_ a: Point, _ b: Point) -> [Point] {
        let n = max(Int(a.distance(to: b) / 3), 1)
        return (0...n).map { a + (b - a) * (Double($0) / Double(n)) }
    }

    static func strokes(_ bytes: [UInt8]) throws -> [Stroke] {
        try #require(NotebookFormats.read(contents: bytes, fileExtension: "note").pages.first).drawing.strokes
    }

    @Test func pointsLandOnThePageWithTheirPressure() throws {
        let points = [Point(x: 100, y: 200), Point(x: 110, y: 205), Point(x: 120, y: 215)]
        let strokes = try Self.strokes(Self.note([Trail(points: points, pressures: [0, 2048, 4095])], ink: [points]))
        let stroke = try #require(strokes.first)
        #expect(strokes.count == 1)
        for (got, want) in zip(stroke.path.controlPoints.map(\.location), points) {
            #expect(abs(got.x - want.x) < 0.1 && abs(got.y - want.y) < 0.1, "\(got) \(want)")
        }
        #expect(stroke.path.controlPoints.map(\.force) == [0, 2048 / 4095, 1])
        #expect(stroke.ink == Ink(kind: .monoline, color: .black, width: 4))
        #expect(stroke.path.controlPoints.allSatisfy { $0.size == Size(width: 4, height: 4) })
    }

    @Test func landscapePagesAreTurned() throws {
        let points = [Point(x: 1700, y: 100), Point(x: 1750, y: 1300)]
        let bytes = Self.note([Trail(points: points)], ink: [points], orientation: "1270")
        let notebook = try NotebookFormats.read(contents: bytes, fileExtension: "note")
        #expect(notebook.pages.first?.size == Size(width: 1872, height: 1404))
        let got = try #require(notebook.pages.first?.drawing.strokes.first).path.controlPoints.map(\.location)
        #expect(abs(got[1].x - 1750) < 0.1 && abs(got[1].y - 1300) < 0.1, "\(got)")
    }

    @Test func onlyInkBecomesStrokes() throws {
        let a = Self.line(Point(x: 100, y: 100), Point(x: 300, y: 100))
        let b = Self.line(Point(x: 100, y: 200), Point(x: 300, y: 200))
        let trails = [
            Trail(pen: 3, color: 255, points: a),  // the drag eraser's path
            Trail(pen: 9, color: 255, recordClass: -2, points: b),  // another eraser
            Trail(pen: 4, points: a),  // a lasso loop
            Trail(pen: 16, color: 254, points: b),  // white ink
            // a heading's background box
            Trail(pen: 0, thickness: 1500, recordClass: 0, kind: "0001", points: [a[0], b[b.count - 1]]),
            Trail(pen: 10, recordClass: 0, kind: "straightLine", points: [a[0], a[a.count - 1]]),  // ruler line
            Trail(pen: 11, color: 158, thickness: 3800, points: b),  // marker
            Trail(pen: 16, color: 201, thickness: 300, points: a),  // ink pen
            Trail(pen: 15, points: b),  // calligraphy
        ]
        let strokes = try Self.strokes(Self.note(trails, ink: [a, b]))
        #expect(strokes.map(\.ink.kind) == [.monoline, .highlighter, .pen, .fountainPen])
        #expect(strokes[0].path.count == 2)
        let grey = 158.0 / 255
        #expect(
            strokes[1].ink
                == Ink(kind: .highlighter, color: Ink.Color(red: grey, green: grey, blue: grey, alpha: 0.5), width: 38))
        #expect(strokes[2].ink.color.red == 201.0 / 255 && strokes[2].ink.width == 3)
    }

    @Test func oldFilesStorePaletteIDs() throws {
        let a = Self.line(Point(x: 100, y: 100), Point(x: 300, y: 100))
        let trails = [Trail(pen: 1, color: 48, points: a), Trail(pen: 5, color: 81, thickness: 1500, points: a)]
        let strokes = try Self.strokes(Self.note(trails, ink: [a], version: "20220011"))
        let greys: [Double] = [157.0 / 255, 201.0 / 255]
        #expect(strokes.map(\.ink.color.red) == greys)
        #expect(strokes.map(\.ink.kind) == [.pen, .highlighter])
    }

    @Test func erasedInkIsLeftOut() throws {
        let clipped = Self.line(Point(x: 100, y: 300), Point(x: 400, y: 300))
        let gone = Self.line(Point(x: 100, y: 400), Point(x: 400, y: 400))
        let rewritten = Self.line(Point(x: 100, y: 500), Point(x: 400, y: 520))
        let untouched = Self.line(Point(x: 100, y: 600), Point(x: 400, y: 600))
        let trails = [
            Trail(points: clipped, status: -99),  // an eraser took its right half
            Trail(points: gone, status: -99),  // all of it
            Trail(points: rewritten, status: -99),  // erased, then written again in the same place:
            Trail(points: rewritten.map { $0 + Point(x: 1, y: 1) }),
            Trail(points: untouched, status: -4),  // firmware 3.26: erased (its pieces are records of their own)
        ]
        let ink = [clipped.filter { $0.x < 250 }, rewritten, untouched]
        let strokes = try Self.strokes(Self.note(trails, ink: ink))
        #expect(strokes.count == 2)
        let kept = try #require(strokes.first).path.controlPoints.map(\.location)
        #expect(kept.first.map { abs($0.x - 100) < 0.1 } == true)
        #expect(kept.allSatisfy { $0.x < 256 } && kept.contains { $0.x > 240 }, "\(kept.map(\.x))")
        #expect(strokes[1].path.controlPoints.first.map { abs($0.location.x - 101) < 0.1 } == true)
    }

    @Test func untouchedInkUnderWhiteIsLeftOut() throws {
        let covered = Self.line(Point(x: 100, y: 300), Point(x: 400, y: 300))
        let shown = Self.line(Point(x: 100, y: 400), Point(x: 400, y: 400))
        let strokes = try Self.strokes(Self.note([Trail(points: covered), Trail(points: shown)], ink: [shown]))
        #expect(strokes.count == 1)
        #expect(strokes.first?.path.controlPoints.first.map { abs($0.location.y - 400) < 0.1 } == true)
    }

    @Test func withoutABitmapTouchedTrailsAreDropped() throws {
        let a = Self.line(Point(x: 100, y: 300), Point(x: 400, y: 300))
        let strokes = try Self.strokes(Self.note([Trail(points: a, status: -99), Trail(points: a)], ink: nil))
        #expect(strokes.count == 1)
        #expect(strokes.first?.path.count == a.count)
    }

    @Test func outlinePiecesBecomeStrokes() throws {
        let ring = [Point(x: 100, y: 100), Point(x: 140, y: 100), Point(x: 140, y: 104), Point(x: 100, y: 104)]
        let strokes = try Self.strokes(Self.note([Trail(outline: [ring])], ink: [ring + [ring[0]]]))
        #expect(strokes.count == 1)
        #expect(strokes.first?.path.controlPoints.map(\.location) == ring + [ring[0]])
    }

    @Test func strokeIDsAreStableAndDistinct() throws {
        let a = Self.line(Point(x: 100, y: 300), Point(x: 400, y: 300))
        let b = Self.line(Point(x: 100, y: 400), Point(x: 400, y: 400))
        let bytes = Self.note([Trail(points: a), Trail(points: b)], ink: [a, b])
        let first = try Self.strokes(bytes).map(\.id)
        #expect(first == (try Self.strokes(bytes).map(\.id)))
        #expect(Set(first).count == 2)
    }

    @Test func layerBitmapsDecodeExactly() throws {
        var generator = SplitMix64(seed: 7)
        let (width, height) = (300, 200)
        var mask = [Bool](repeating: false, count: width * height)
        var k = 0
        while k < mask.count {
            let run = Int.random(in: 1...40_000, using: &generator)
            let value = Bool.random(using: &generator)
            for i in k..<min(k + run, mask.count) { mask[i] = value }
            k += run
        }
        let rle = TestSupernoteWriter.rle(width: width, height: height, inked: mask)
        #expect(try SupernoteInkMask(rle: rle[...], width: width, height: height).inked == mask)
        // A held length at the very end fills what is left: 128 × 2^k, the most that fits.
        let tail = try SupernoteInkMask(rle: [0x61, 0x7F, 0x62, 0x80][...], width: 64, height: 4)
        #expect(tail.inked == [Bool](repeating: true, count: 128) + [Bool](repeating: false, count: 128))
        #expect(throws: ReadError("layer bitmap holds more than its 10 × 10 pixels")) {
            try SupernoteInkMask(rle: [0x61, 0x7F][...], width: 10, height: 10)
        }
        #expect(throws: ReadError("layer bitmap holds 2 of its 10 × 10 pixels")) {
            try SupernoteInkMask(rle: [0x61, 0x01][...], width: 10, height: 10)
        }
    }

    @Test func damagedRecords() throws {
        let a = Self.line(Point(x: 100, y: 300), Point(x: 400, y: 300))
        var w = TestSupernoteWriter()
        let record = TestSupernoteWriter.record(Trail(points: a), pageSize: Self.portrait)
        let path = w.block(TestSupernoteWriter.le(1) + TestSupernoteWriter.le(UInt32(record.count + 1)) + record)
        let page = w.block("<TOTALPATH:\(path)>")
        let long = w.finish(footer: "<PAGE1:\(page)>")
        #expect(throws: ReadError("page 1: TOTALPATH record 1 of 1 runs past the end of its block")) {
            try NotebookFormats.read(contents: long, fileExtension: "note")
        }
        // A record whose point count does not fit it: the page is read without that record.
        var broken = record
        broken.replaceSubrange(212..<216, with: TestSupernoteWriter.le(1_000_000))
        let good = TestSupernoteWriter.record(Trail(points: a), pageSize: Self.portrait)
        var v = TestSupernoteWriter()
        let block =
            TestSupernoteWriter.le(2) + TestSupernoteWriter.le(UInt32(broken.count)) + broken
            + TestSupernoteWriter.le(UInt32(good.count)) + good
        let p = v.block("<TOTALPATH:\(v.block(block))>")
        let notebook = try NotebookFormats.read(contents: v.finish(footer: "<PAGE1:\(p)>"), fileExtension: "note")
        #expect(notebook.pages.first?.drawing.strokes.count == 1)
    }

    /// `tools/make_supernote_fixture.py`'s note: a word, a marker stroke, a stroke an eraser cut in
    /// half, one erased and written over; the eraser's path and a lasso loop are not ink.
    @Test func fixtureOfOurOwn() throws {
        let notebook = try NotebookFormats.read(at: FormatFixtures.url("supernote-strokes.note"))
        let page = try #require(notebook.pages.first)
        #expect(page.drawing.strokes.map(\.ink.kind) == [.monoline, .highlighter, .monoline, .monoline])
        #expect(page.drawing.strokes.map(\.path.count) == [60, 50, 31, 60])
        #expect(page.texts.map(\.text) == ["wave", "wave"])
    }

    @Test func truncationsAndFlips() throws {
        let a = Self.line(Point(x: 100, y: 300), Point(x: 400, y: 300))
        let b = Self.line(Point(x: 100, y: 400), Point(x: 400, y: 400))
        let bytes = Self.note([Trail(points: a, status: -99), Trail(points: b), Trail(outline: [a])], ink: [a, b])
        let seeds = [("note", "note", bytes)]
        #expect(FormatFuzzTests.truncate(seeds) { $0 / 300 } >= 300)
        FormatFuzzTests.flip(seeds, seed: 26, perSeed: 200, inserted: "\u{0}\u{1}\u{FF}<>:0-9", absurdSizes: true)
    }
}
