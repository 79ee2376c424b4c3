import DrawingModel

/// Where a page layer has ink, from the layer's bitmap as the device rendered it (`RATTA_RLE`,
/// docs/formats.md#supernote-file; the run encoding learned from jya-dev/supernote-tool's decoder).
///
/// ```
/// layer block   <LAYERPROTOCOL:RATTA_RLE><LAYERBITMAP:address>…
/// bitmap        pairs of bytes (colour code, length), row by row from the top left:
///   length 0xFF          a run of 0x4000 pixels
///   length < 0x80        a run of length + 1
///   length ≥ 0x80        held: if the next pair has the same code, the two are one run of
///                        ((length & 0x7F) + 1) × 128 + next length + 1; otherwise a run of
///                        ((length & 0x7F) + 1) × 128. Held at the very end: ((length & 0x7F) + 1)
///                        shifted left by the most of 7 … 0 that still fits the page
///   codes                0x62 no ink, 0x65 white ink, anything else ink (black 0x61, greys,
///                        markers, and from 20230015 on, antialiasing greys written as their level)
/// ```
/// The runs must fill the page exactly (`width × height`, the page as it is turned); anything else
/// is refused, so a layer of another size is never read as this page's.
struct SupernoteInkMask: Sendable {
    let width: Int
    let height: Int
    /// Row-major, `true` where there is ink.
    private(set) var inked: [Bool]

    static let noInk: UInt8 = 0x62
    static let white: UInt8 = 0x65

    init(width: Int, height: Int, inked: [Bool]) {
        self.width = width
        self.height = height
        self.inked = inked
    }

    /// Decodes a `RATTA_RLE` bitmap of a `width × height` layer.
    /// - Throws: `ReadError` when the runs do not fill the layer exactly.
    init(rle: ArraySlice<UInt8>, width: Int, height: Int) throws(ReadError) {
        self.width = width
        self.height = height
        let total = width * height
        var inked = [Bool](repeating: false, count: total)
        var filled = 0
        func run(_ code: UInt8, _ length: Int) throws(ReadError) {
            guard length <= total - filled else {
                throw ReadError("layer bitmap holds more than its \(width) × \(height) pixels")
            }
            if code != Self.noInk && code != Self.white {
                for i in filled..<(filled + length) { inked[i] = true }
            }
            filled += length
        }
        var held: (code: UInt8, length: UInt8)?
        var at = rle.startIndex
        while at + 1 < rle.endIndex {
            let code = rle[at]
            let length = rle[at + 1]
            at += 2
            if let previous = held {
                held = nil
                let long = (Int(previous.length & 0x7F) + 1) << 7
                if previous.code == code {
                    try run(code, long + Int(length) + 1)
                    continue
                }
                try run(previous.code, long)
            }
            if length == 0xFF {
                try run(code, 0x4000)
            } else if length & 0x80 != 0 {
                held = (code, length)
            } else {
                try run(code, Int(length) + 1)
            }
        }
        if let last = held {
            let unit = Int(last.length & 0x7F) + 1
            if let shift = (0...7).reversed().first(where: { unit << $0 <= total - filled }) {
                try run(last.code, unit << shift)
            }
        }
        guard filled == total else {
            throw ReadError("layer bitmap holds \(filled) of its \(width) × \(height) pixels")
        }
        self.inked = inked
    }

    /// The pixel column or row `value` falls in, clamped to `-1 … size` (so that no coordinate,
    /// however far off the page, can trap on conversion).
    private static func pixel(_ value: Double, size: Int) -> Int {
        guard value.isFinite else { return -1 }
        return Int(min(max(value.rounded(), -1), Double(size)))
    }

    /// The inked pixels in the square of `radius` around `point` (clipped to the layer), and how
    /// many of them `except` does not cover.
    func count(around point: Point, radius: Int, except: SupernoteInkMask? = nil) -> (ink: Int, uncovered: Int) {
        let x = Self.pixel(point.x, size: width)
        let y = Self.pixel(point.y, size: height)
        guard x + radius >= 0, x - radius < width, y + radius >= 0, y - radius < height else { return (0, 0) }
        let columns = max(x - radius, 0)...min(x + radius, width - 1)
        let rows = max(y - radius, 0)...min(y + radius, height - 1)
        var ink = 0
        var uncovered = 0
        for row in rows {
            for i in (row * width + columns.lowerBound)...(row * width + columns.upperBound) where inked[i] {
                ink += 1
                if except?.inked[i] != true { uncovered += 1 }
            }
        }
        return (ink, uncovered)
    }

    /// Marks every pixel within `radius` of the segment from `a` to `b`; returns how many pixels it
    /// looked at, so that a caller can bound its work.
    mutating func cover(from a: Point, to b: Point, radius: Double) -> Int {
        let reach = Int(min(radius.rounded(.up), Double(width + height)))
        let minX = max(Self.pixel(min(a.x, b.x), size: width) - reach, 0)
        let maxX = min(Self.pixel(max(a.x, b.x), size: width) + reach, width - 1)
        let minY = max(Self.pixel(min(a.y, b.y), size: height) - reach, 0)
        let maxY = min(Self.pixel(max(a.y, b.y), size: height) + reach, height - 1)
        guard minX <= maxX, minY <= maxY else { return 0 }
        for row in minY...maxY {
            for column in minX...maxX
            where Point(x: Double(column), y: Double(row)).distance(toSegment: a, b) <= radius {
                inked[row * width + column] = true
            }
        }
        return (maxX - minX + 1) * (maxY - minY + 1)
    }
}
