import DrawingModel
import Foundation

/// Reads Windows Ink Serialized Format files (`.isf`, docs/formats.md#isf-file): the ink of Tablet PC and
/// Windows Ink applications (`InkCanvas`, `Microsoft.Ink`), of MSN Messenger ink messages, as raw
/// bytes or as base64 text (with or without MSN's `base64:` prefix).
///
/// ```
/// file        unsigned version (0), unsigned size, then tags filling that size
/// tag         an unsigned number; what follows depends on it:
///   0         ink-space rectangle: 4 signed integers (left, top, right, bottom)
///   1         GUID table: size, 16 bytes per custom GUID (tags 100, 101, … name them)
///   2 / 3     drawing-attributes table (size, then size-prefixed blocks) / one block: pairs of
///             property tag and value: colour (68, COLORREF), pen width (69) and height (70) in
///             HIMETRIC, transparency (80), raster operation (87, 4 bytes; 9 = highlighter), …
///   4 / 5     stroke-descriptor table / one block: the packet properties each point carries after
///             X and Y (pressure = 56), buttons (6), no X (7), no Y (8), stroke properties (11)
///   9 13 23 26  which drawing attributes / descriptor / transform / metric block the following
///             strokes use (one unsigned each)
///   10        stroke: size, point count, then one compressed block per packet property
///             (`ISFPacketCodec`: Huffman or bit packing, delta-delta), then buttons and stroke
///             properties (not read)
///   15 / 31   transform table (entries as tags 16-21) / the same with doubles replacing them
///   16…21     one transform, 4-byte floats: matrix (a b c d tx ty) · isotropic scale · x and y
///             scale · rotation (unsigned, hundredths of a degree) · translation · scale and
///             translation; it maps stored coordinates to HIMETRIC
///   24 / 25   metric table / block: per property its minimum, maximum, units, resolution
///   30        stroke IDs: count, then one compressed block
///   14 28 29  compression header, persistent format, HIMETRIC size: size-prefixed, skipped
///   ≥ 50      a property named by a known or custom GUID: size, then a compression byte and size
///             bytes of data; skipped
/// ```
/// What becomes what: one page holding every stroke in stream order, with the colour, width and
/// transparency of its drawing attributes (a mask-pen raster operation makes a highlighter) and
/// its pressure scaled by the metric block's range (0-1023 without one). Buttons, timer ticks and
/// custom properties are not read; fortified GIFs (ISF inside a GIF comment) are not taken.
///
/// Units: the stream's transform takes stored coordinates to HIMETRIC (0.01 mm; every corpus file
/// stores 96-dpi pixels with a 26.46 scale); they become PDF points, 72 to the inch, like
/// Xournal++ and our sample pages, so writing keeps its physical size and the recognizer sees
/// lines of the height it was tuned on. Origin top left, y down; no page size.
///
/// Stroke IDs: `StableStrokeID` of the file, keyed `isf/<id>` by the stream's stroke IDs when they
/// number every stroke once, else by position.
package struct ISFReader: NotebookReader {
    package static let formatName = "isf"
    package static let displayName = "Windows Ink ISF"
    package static let fileExtensions = ["isf"]
    /// Points (1/72 inch) per HIMETRIC unit (1/2540 inch).
    static let pointsPerHimetric = 72.0 / 2540
    /// MSN Messenger's prefix to base64 ink.
    static let base64Prefix = Array("base64:".utf8)
    /// Tags a real stream starts with (detection by content).
    static let openingTags: Set<UInt64> = [0, 1, 2, 3, 4, 5, 10, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25, 28, 29, 30]

    package static func canRead(_ probe: FormatProbe) -> Bool {
        guard probe.container == .none else { return false }
        let text = probe.head.drop { $0 == 0x20 || (0x09...0x0D).contains($0) }
        if text.starts(with: base64Prefix) {
            // Decode the first whole groups of four characters only.
            let characters = text.dropFirst(base64Prefix.count).prefix(64).prefix { isBase64Character($0) }
            guard let decoded = Data(base64Encoded: Data(characters.prefix(characters.count / 4 * 4))) else {
                return false
            }
            return startsStream([UInt8](decoded)[...], whole: false)
        }
        return startsStream(probe.head[...], whole: probe.head.count < 4096)
    }

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let stream = try decodedBase64(contents) ?? contents
        let strokes = try ISFStream.strokes(
            stream, ids: StableStrokeID(fileContents: contents), scale: pointsPerHimetric)
        return Notebook(format: formatName, pages: [Page(drawing: Drawing(strokes: strokes))])
    }

    /// Whether `bytes` start like an ISF stream: version 0, a size that fits (`whole`: the bytes
    /// are the whole file, so it must fit in them) and a tag a stream starts with.
    static func startsStream(_ bytes: ArraySlice<UInt8>, whole: Bool) -> Bool {
        var reader = ISFByteReader(bytes)
        guard (try? reader.byte()) == 0, let size = try? reader.unsigned(), size > 0 else { return false }
        if whole, size > UInt64(reader.remaining) { return false }
        guard let tag = try? reader.unsigned() else { return false }
        return openingTags.contains(tag)
    }

    /// The stream inside base64 text (`base64:` prefix optional), nil when `contents` is not base64
    /// text that starts like a stream (raw ISF starts with a zero byte, never with text).
    static func decodedBase64(_ contents: [UInt8]) throws(ReadError) -> [UInt8]? {
        var text = contents.drop { $0 == 0x20 || (0x09...0x0D).contains($0) }
        if text.starts(with: base64Prefix) { text = text.dropFirst(base64Prefix.count) }
        // Version 0 in base64 starts with "A"; anything else is left to the binary reader.
        guard text.first == UInt8(ascii: "A"),
            text.allSatisfy({
                isBase64Character($0) || $0 == UInt8(ascii: "=") || $0 == 0x20 || (0x09...0x0D).contains($0)
            })
        else { return nil }
        guard let data = Data(base64Encoded: Data(text), options: .ignoreUnknownCharacters) else {
            throw ReadError("the base64 text does not decode (a character or padding out of place)")
        }
        return [UInt8](data)
    }

    private static func isBase64Character(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
            true
        default: false
        }
    }
}
