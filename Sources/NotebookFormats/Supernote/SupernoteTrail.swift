import DrawingModel
import Foundation

/// One record of a Supernote page's `TOTALPATH` block: what the device calls a trail, a pen stroke
/// or the path of an eraser or lasso (docs/formats.md#supernote-file; field meanings learned from
/// philips/supernote-typescript's `plans/vector-format-spec.md` and checked on the corpus).
///
/// ```
/// TOTALPATH block  u32 count, then count × (u32 length, record of that length)
/// record           little-endian; the fixed part is 208 bytes:
///   0  u32 pen                 1/16 ink pen, 10 needle point, 15 calligraphy, 5/11 marker, 4 lasso …
///   4  u32 colour              grey level (0 black … 254 white, 255 eraser); palette ids in 20220011
///   8  u32 thickness           hundredths of a page pixel (the tool's setting)
///  40  i32 record class        5000 ink, 0 geometry from two points, < 0 eraser and lasso gestures
///  44  u32 layer               0 main layer, 1 … 3 LAYER1 … LAYER3
///  48  52-byte C string kind   "others" (freehand), "straightLine", "0001" heading box, "0000" link box …
/// 128  u32 digitizer height    the digitizer's maximum along the page's height (its scale)
/// 208  arrays, each u32 n then n elements:
///      disabled areas (24 bytes), points (u32 y, u32 x in digitizer units), pressures (u16),
///      tilts (4), draw flags (1), EPA points (8), EPA greys (4)
///      52 bytes: i32 trail status (0 untouched, otherwise what an eraser did to it), …
///      control numbers (u32 n, 4 bytes each), 10 bytes,
///      outline: u32 rings, each u32 n + n × (f32 x, f32 y) in page pixels
///      … more the reader leaves to the record's length
/// ```
/// Only the record's length says where the next one starts: the tail after the outline differs
/// between firmware versions.
struct SupernoteTrail: Sendable {
    var pen: UInt32
    var color: UInt32
    var thickness: UInt32
    var recordClass: Int32
    var layer: UInt32
    /// The record's kind string ("others" for freehand ink).
    var kind: String
    /// The digitizer's maximum along the page's height: points divided by it times the page's
    /// height are page pixels.
    var digitizerHeight: UInt32
    /// (y, x) in digitizer units, as stored; x runs from the page's right edge.
    var points: [(y: UInt32, x: UInt32)]
    /// One per point where the device stored them; otherwise empty.
    var pressures: [UInt16]
    /// 0 when no eraser touched the trail (`m_trailStatus`).
    var status: Int32
    /// The device's outline of what it drew, in page pixels; read only for records without points
    /// (the pieces firmware 3.26 leaves of an erased stroke).
    var outline: [[Point]]

    static let fixedSize = 208
    /// Most outline rings read from one record.
    static let maxRings = 100_000

    /// The records of a TOTALPATH block, in file order; nil for a record whose inside does not hold
    /// together (the page is read without it).
    /// - Throws: `ReadError` when the block's count or a record's length does not fit the block.
    static func records(of block: ArraySlice<UInt8>) throws(ReadError) -> [SupernoteTrail?] {
        var r = LittleEndianBytes(block, what: "TOTALPATH")
        let count = try r.count(UInt64(try r.u32()), minimumElementSize: 4, of: "records")
        guard count <= ReadLimits.maxStrokesPerPage else {
            throw ReadError("TOTALPATH holds more than \(ReadLimits.maxStrokesPerPage) records")
        }
        var records: [SupernoteTrail?] = []
        records.reserveCapacity(count)
        for k in 0..<count {
            let length = Int(try r.u32())
            guard length <= r.remaining else {
                throw ReadError("TOTALPATH record \(k + 1) of \(count) runs past the end of its block")
            }
            records.append(try? parse(try r.take(length)))
        }
        return records
    }

    /// One record's fields (see the type's overview).
    static func parse(_ record: ArraySlice<UInt8>) throws(ReadError) -> SupernoteTrail {
        var r = LittleEndianBytes(record, what: "TOTALPATH record")
        let fixed = try r.take(fixedSize)
        func u32(_ at: Int) -> UInt32 {
            let i = fixed.startIndex + at
            return UInt32(fixed[i]) | UInt32(fixed[i + 1]) << 8 | UInt32(fixed[i + 2]) << 16 | UInt32(fixed[i + 3])
                << 24
        }
        let kindBytes = fixed[(fixed.startIndex + 48)..<(fixed.startIndex + 100)]
        var trail = SupernoteTrail(
            pen: u32(0), color: u32(4), thickness: u32(8), recordClass: Int32(bitPattern: u32(40)), layer: u32(44),
            kind: String(decoding: kindBytes.prefix { $0 != 0 }, as: UTF8.self), digitizerHeight: u32(128),
            points: [], pressures: [], status: 0, outline: [])
        try skipArray(&r, elementSize: 24)
        let pointCount = try arrayCount(&r, elementSize: 8)
        guard pointCount <= ReadLimits.maxPointsPerStroke else {
            throw ReadError("more than \(ReadLimits.maxPointsPerStroke) points")
        }
        trail.points.reserveCapacity(pointCount)
        for _ in 0..<pointCount { trail.points.append((try r.u32(), try r.u32())) }
        let pressureCount = try arrayCount(&r, elementSize: 2)
        for _ in 0..<pressureCount { trail.pressures.append(try r.u16()) }
        if pressureCount != pointCount { trail.pressures = [] }
        for size in [4, 1, 8, 4] { try skipArray(&r, elementSize: size) }
        trail.status = Int32(bitPattern: try r.u32())
        try r.skip(48)
        try skipArray(&r, elementSize: 4)
        try r.skip(10)
        if pointCount == 0 { trail.outline = try rings(&r) }
        return trail
    }

    private static func arrayCount(_ r: inout LittleEndianBytes, elementSize: Int) throws(ReadError) -> Int {
        try r.count(UInt64(try r.u32()), minimumElementSize: elementSize, of: "elements")
    }

    private static func skipArray(_ r: inout LittleEndianBytes, elementSize: Int) throws(ReadError) {
        try r.skip(try arrayCount(&r, elementSize: elementSize) * elementSize)
    }

    private static func rings(_ r: inout LittleEndianBytes) throws(ReadError) -> [[Point]] {
        let count = try arrayCount(&r, elementSize: 4)
        guard count <= maxRings else { throw ReadError("more than \(maxRings) outline rings") }
        var rings: [[Point]] = []
        for _ in 0..<count {
            let n = try arrayCount(&r, elementSize: 8)
            var ring: [Point] = []
            ring.reserveCapacity(n)
            for _ in 0..<n {
                let x = Double(Float(bitPattern: try r.u32()))
                let y = Double(Float(bitPattern: try r.u32()))
                guard x.isFinite, y.isFinite else { throw ReadError("outline point is not a number") }
                ring.append(Point(x: x, y: y))
            }
            rings.append(ring)
        }
        return rings
    }
}
