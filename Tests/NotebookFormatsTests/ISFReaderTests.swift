import DrawingModel
import Foundation
import SeededRandom
import Testing

@testable import NotebookFormats

/// Windows Ink Serialized Format: the four libisf-qt files of `../shared/corpus/other` against
/// their SOURCES.md counts and shapes (skipped when the corpus is absent; they are LGPL-2.1 and
/// partly of unstated origin, so none is copied into the fixtures), and streams of our own from
/// `TestISFWriter` for every codec, tag and refusal.
@Suite struct ISFReaderTests {
    static var corpus: URL? { FormatFixtures.corpus?.appendingPathComponent("other") }

    /// Strokes and points per file (SOURCES.md).
    static let expected: [String: (strokes: Int, points: Int)] = [
        "libisf-qt__test3.isf": (4, 129),
        "libisf-qt__test5.isf": (7, 157),
        "libisf-qt__test6.isf": (6, 393),
        "libisf-qt__test9.isf": (12, 773),
    ]

    static func corpusFile(_ name: String) throws -> (bytes: [UInt8], strokes: [Stroke]) {
        let url = try #require(corpus).appendingPathComponent(name)
        let notebook = try NotebookFormats.read(at: url)
        #expect(notebook.format == "isf")
        #expect(notebook.pages.count == 1)
        return ([UInt8](try Data(contentsOf: url)), notebook.pages.first?.drawing.strokes ?? [])
    }

    @Test(.enabled(if: ISFReaderTests.corpus != nil, "../shared/corpus is absent"))
    func everyCorpusFileReadsWithItsCounts() throws {
        for (name, expected) in Self.expected {
            let (bytes, strokes) = try Self.corpusFile(name)
            #expect(strokes.count == expected.strokes, "\(name)")
            #expect(strokes.reduce(0) { $0 + $1.path.controlPoints.count } == expected.points, "\(name)")
            // Found by content too, whatever the name.
            #expect(NotebookFormats.detect(contents: bytes, fileExtension: "") == ISFReader.self, "\(name)")
        }
    }

    /// The box of a stroke's points.
    static func box(_ stroke: Stroke) -> Rect {
        let xs = stroke.path.controlPoints.map(\.location.x), ys = stroke.path.controlPoints.map(\.location.y)
        return Rect(
            x: xs.min() ?? 0, y: ys.min() ?? 0, width: (xs.max() ?? 0) - (xs.min() ?? 0),
            height: (ys.max() ?? 0) - (ys.min() ?? 0))
    }

    /// Strokes grouped where their ink (points and pen width) overlaps along one axis (letters
    /// along x, rows along y), as stroke counts from left to right or top to bottom.
    static func groups(_ strokes: [Stroke], vertical: Bool) -> [Int] {
        let spans = strokes.compactMap(\.renderBounds).map { vertical ? ($0.minY, $0.maxY) : ($0.minX, $0.maxX) }.sorted
        { $0.0 < $1.0 }
        var groups: [(end: Double, count: Int)] = []
        for span in spans {
            if let last = groups.last, span.0 <= last.end {
                groups[groups.count - 1] = (max(last.end, span.1), last.count + 1)
            } else {
                groups.append((span.1, 1))
            }
        }
        return groups.map(\.count)
    }

    @Test(.enabled(if: ISFReaderTests.corpus != nil, "../shared/corpus is absent"))
    func theInkHasTheShapesOfItsWords() throws {
        // "NO": two letters side by side, about half as high as wide, in points (5.7 pt pens).
        let no = try Self.corpusFile("libisf-qt__test3.isf").strokes
        #expect(Self.groups(no, vertical: false).count == 2)
        #expect(Self.groups(no, vertical: true) == [4])
        #expect(no.allSatisfy { abs($0.ink.width - 200 * 72 / 2540) < 1e-9 })
        // "TEST": four letters in one row, much wider than high.
        let test = try Self.corpusFile("libisf-qt__test5.isf").strokes
        #expect(Self.groups(test, vertical: false).count == 4)
        let all = test.map(Self.box).reduce(Self.box(test[0])) { $0.union($1) }
        #expect(all.width > 4 * all.height)
        // A red heart around the black "Ryan".
        let heart = try Self.corpusFile("libisf-qt__test6.isf").strokes
        let outline = try #require(heart.max { Self.box($0).width < Self.box($1).width })
        #expect(outline.ink.color == Ink.Color(red: 1, green: 0, blue: 0))
        let inside = heart.filter { $0 != outline }
        #expect(inside.count == 5)
        #expect(
            inside.allSatisfy { Self.box(outline).union(Self.box($0)) == Self.box(outline) && $0.ink.color == .black })
        // "KMess ROCKS": two rows, the second in five colours, one a letter.
        let kmess = try Self.corpusFile("libisf-qt__test9.isf").strokes
        #expect(Self.groups(kmess, vertical: true).count == 2)
        let bottom = kmess.filter { Self.box($0).minY > Self.box(kmess[0]).maxY }
        #expect(Set(bottom.map(\.ink.color)).count == 5)
    }

    @Test(.enabled(if: ISFReaderTests.corpus != nil, "../shared/corpus is absent"))
    func theStreamsOwnStrokeIDsNameTheStrokes() throws {
        let (bytes, strokes) = try Self.corpusFile("libisf-qt__test9.isf")
        let ids = StableStrokeID(fileContents: bytes)
        #expect(strokes.map(\.id) == (28...39).map { ids.id(key: "isf/\($0)") })
    }

    /// Seeded strokes through every codec come back as written: stored units times the scale.
    @Test func everyCodecRoundTrips() throws {
        var rng = SplitMix64(seed: 28)
        let packings: [TestISFWriter.Packing] =
            (0..<8).map { .huffman(table: $0) } + [.bits(width: 17, delta: false), .bits(width: 12, delta: true)]
        for packing in packings {
            var writer = TestISFWriter()
            var written: [[Int64]] = []
            for _ in 0..<5 {
                let count = Int.random(in: 1...60, using: &rng)
                var x = Int64.random(in: -2000...2000, using: &rng), y = Int64.random(in: 0...3000, using: &rng)
                var xs: [Int64] = [], ys: [Int64] = []
                for _ in 0..<count {
                    x += Int64.random(in: -40...40, using: &rng)
                    y += Int64.random(in: -40...40, using: &rng)
                    xs.append(x)
                    ys.append(y)
                }
                writer.stroke([xs, ys], packing: packing)
                written += [xs, ys]
            }
            let strokes = try NotebookFormats.read(contents: writer.bytes, fileExtension: "isf").pages[0].drawing
                .strokes
            let read = strokes.flatMap { stroke in
                [stroke.path.controlPoints.map(\.location.x), stroke.path.controlPoints.map(\.location.y)]
            }
            #expect(read.count == written.count, "\(packing)")
            for (got, want) in zip(read, written) {
                #expect(zip(got, want).allSatisfy { abs($0 - Double($1) * 72 / 2540) < 1e-9 }, "\(packing)")
            }
        }
    }

    /// Large deltas take the Huffman escape: a value past 32 bits in two codes.
    @Test func theHuffmanEscapeCarriesLargeValues() throws {
        // Table 0's escape (ten 1-bits, a 0), then extra 3 (high part 3 >> 1 = 1, lowest bit set:
        // negative) and data 5 (the low 32 bits): −(2³² + 5), the first value, so no delta.
        var bits = TestISFWriter.BitWriter()
        bits.write(0x7FE, 11)
        bits.huffman(3, table: 0)
        bits.huffman(5, table: 0)
        var reader = ISFByteReader(([0x80] + bits.bytes)[...])
        #expect(try ISFPacketCodec.decode(&reader, count: 1) == [-(1 << 32 | 5)])
    }

    @Test func transformsAttributesAndPressureAreApplied() throws {
        var writer = TestISFWriter()
        writer.sized(1, [UInt8](repeating: 7, count: 16))  // one custom GUID: tag 100
        writer.sized(
            2,
            [TestISFWriter.attributes(width: 100), TestISFWriter.attributes(color: 0x0000FF, rop: 9)]
                .flatMap { TestISFWriter.unsigned(UInt64($0.count)) + $0 })
        writer.sized(5, TestISFWriter.unsigned(56))  // X, Y, pressure
        let pressureRange = TestISFWriter.signed(0) + TestISFWriter.signed(255) + [0]  // minimum, maximum, units
        writer.sized(
            25, TestISFWriter.unsigned(56) + TestISFWriter.unsigned(UInt64(pressureRange.count)) + pressureRange)
        writer.raw(100, [1, 0x00, 0xAA])  // a custom property: size 1, compression byte, one byte
        writer.scaleAndTranslate(10, 20, 254, 0)
        writer.stroke([[0, 10], [0, 5], [0, 255]], packing: .bits(width: 9, delta: false))
        writer.raw(9, [1])  // the second drawing attributes
        writer.raw(19, TestISFWriter.unsigned(9000))  // a quarter turn
        writer.stroke([[10, 10], [0, 0], [51, 51]], packing: .huffman(table: 3))
        let strokes = try NotebookFormats.read(contents: writer.bytes, fileExtension: "isf").pages[0].drawing.strokes
        #expect(strokes.count == 2)
        let k = 72.0 / 2540
        let first = strokes[0].path.controlPoints
        #expect(first.map(\.location) == [Point(x: 254 * k, y: 0), Point(x: (100 + 254) * k, y: 100 * k)])
        #expect(first.map(\.force) == [0, 1])
        #expect(abs(strokes[0].ink.width - 100 * k) < 1e-12 && strokes[0].ink.kind == .pen)
        let second = strokes[1]
        #expect(second.ink.kind == .highlighter && second.ink.color == Ink.Color(red: 1, green: 0, blue: 0))
        #expect(abs(second.path.controlPoints[0].location.x) < 1e-9)
        #expect(abs(second.path.controlPoints[0].location.y - 10 * k) < 1e-9)
        #expect(second.path.controlPoints.map(\.force) == [0.2, 0.2])
    }

    @Test func base64InkReadsAsTheStreamItHolds() throws {
        var writer = TestISFWriter()
        writer.stroke([[1, 2, 3], [4, 5, 6]])
        let text = Data(writer.bytes).base64EncodedString()
        for form in [text, "base64:" + text, "\n  base64:" + text + "\n"] {
            let notebook = try NotebookFormats.read(contents: Array(form.utf8), fileExtension: "isf")
            #expect(notebook.pages[0].drawing.strokes.first?.path.controlPoints.count == 3)
        }
        // MSN's prefix is enough to find it by content.
        #expect(NotebookFormats.detect(contents: Array(("base64:" + text).utf8), fileExtension: "") == ISFReader.self)
        #expect(NotebookFormats.detect(contents: writer.bytes, fileExtension: "bin") == ISFReader.self)
    }

    @Test func brokenStreamsSayWhatIsWrongAndWhere() {
        func reason(_ bytes: [UInt8]) -> String? {
            do {
                _ = try NotebookFormats.read(contents: bytes, fileExtension: "isf")
                return nil
            } catch {
                return error.description
            }
        }
        func stream(_ build: (inout TestISFWriter) -> Void) -> [UInt8] {
            var writer = TestISFWriter()
            build(&writer)
            return writer.bytes
        }
        #expect(
            reason([0x47, 0x49, 0x46])
                == "not an Ink Serialized Format stream (it starts with byte 0x47, not version 0)")
        #expect(reason([]) == "empty file")
        #expect(
            reason(Array("GIF89a".utf8))
                == "a GIF image, not an ISF stream (ISF inside a GIF, a \"fortified GIF\", is not read)")
        #expect(
            reason([0x00, 0x20, 0x0a])
                == "the ISF header declares a stream of 32 bytes, but only 1 follow (truncated file?)")
        #expect(
            reason(stream { $0.sized(10, [3, 0xC5, 0, 0]) })
                == "stroke 1 (byte 2): X: unknown packet compression 0xC5 at byte 5")
        #expect(
            reason(stream { $0.sized(10, [3, 0x89, 0, 0]) })
                == "stroke 1 (byte 2): X: Huffman table 9 at byte 5 is not one of the 8 default tables")
        #expect(
            reason(stream { $0.sized(10, [40, 0x82, 0, 0]) })
                == "stroke 1 (byte 2): X: packet data at byte 5 cannot hold 40 values in 2 bytes")
        #expect(
            reason(stream { $0.sized(10, [3, 0x82, 0xFF]) })
                == "stroke 1 (byte 2): X: Huffman data ends after 0 of 3 values")
        #expect(
            reason(stream { $0.sized(10, TestISFWriter.unsigned(2_000_000) + [0x82]) })
                == "stroke 1 (byte 2): point count 2000000 at byte 4 is over 1000000")
        #expect(
            reason(stream { $0.raw(101, [0, 0]) })
                == "custom tag 101 at byte 2 has no entry in the GUID table (0 GUIDs)")
        #expect(
            reason(
                stream {
                    $0.sized(3, TestISFWriter.attributes(width: 10))
                    $0.raw(9, [2])
                    $0.stroke([[1], [1]])
                }) == "stroke 1 (byte 8): uses drawing attributes 2, but the table has 1")
        #expect(
            reason(
                stream {
                    $0.sized(5, [7])
                    $0.stroke([[1], [1]])
                }) == "stroke 1 (byte 5): its descriptor has no X or no Y coordinates")
        #expect(
            reason(stream { $0.sized(1, [1, 2, 3]) })
                == "GUID table at byte 2 of 3 bytes is not a whole number of GUIDs")
        #expect(
            reason(stream { $0.raw(21, [0, 0, 0xC0, 0x7F]) })
                == "transform at byte 3 has a value that is not finite")
    }

    /// Every prefix of each corpus file and of a stream of our own, and seeded damage: read or
    /// refused with a reason, never a trap or a hang.
    @Test func damagedStreamsAreReadOrRefused() throws {
        var writer = TestISFWriter()
        writer.sized(3, TestISFWriter.attributes(width: 30, color: 0xFF))
        writer.sized(5, TestISFWriter.unsigned(56))
        writer.stroke([[1, 5, 9, 14], [2, 2, 3, 3], [100, 200, 300, 400]], packing: .bits(width: 10, delta: true))
        var seeds: [(name: String, fileExtension: String, bytes: [UInt8])] = [("ours", "isf", writer.bytes)]
        if let corpus = Self.corpus {
            for name in Self.expected.keys.sorted() {
                seeds.append((name, "isf", [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))))
            }
        }
        #expect(FormatFuzzTests.truncate(seeds) { _ in 1 } >= writer.bytes.count)
        FormatFuzzTests.flip(seeds, seed: 36, perSeed: 150, inserted: "\u{0}\u{1}\u{80}\u{ff}", absurdSizes: true)
    }
}
