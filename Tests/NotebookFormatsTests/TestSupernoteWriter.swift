import DrawingModel

/// Writes small Supernote notes for the tests: blocks, trails (TOTALPATH records) and RATTA_RLE
/// layer bitmaps, laid out as docs/formats.md#supernote-file and `SupernoteTrail` describe them.
struct TestSupernoteWriter {
    private(set) var bytes: [UInt8]

    init(version: String = "20230015") {
        bytes = Array("noteSN_FILE_VER_\(version)".utf8)
    }

    static func le(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    /// Appends a block (u32 length, then `content`); returns its address.
    mutating func block(_ content: [UInt8]) -> Int {
        let address = bytes.count
        bytes += Self.le(UInt32(content.count)) + content
        return address
    }

    mutating func block(_ text: String) -> Int { block(Array(text.utf8)) }

    /// The file: the footer's block, then "tail" and its address.
    mutating func finish(footer: String) -> [UInt8] {
        let address = block(footer)
        return bytes + Array("tail".utf8) + Self.le(UInt32(address))
    }

    /// A trail's fields; points in page pixels of a page `pageSize` as it is turned.
    struct Trail {
        var pen: UInt32 = 10
        var color: UInt32 = 0
        var thickness: UInt32 = 400
        var recordClass: Int32 = 5000
        var layer: UInt32 = 0
        var kind = "others"
        var points: [Point] = []
        var pressures: [UInt16]?
        var status: Int32 = 0
        var outline: [[Point]] = []
    }

    /// The digitizer's units per page pixel in the records written here.
    static let digitizerScale = 8.45

    /// One TOTALPATH record, with a few bytes after the outline that the reader must skip.
    static func record(_ trail: Trail, pageSize: Size) -> [UInt8] {
        var fixed = [UInt8](repeating: 0, count: 208)
        func put(_ value: UInt32, at offset: Int) { fixed.replaceSubrange(offset..<(offset + 4), with: le(value)) }
        put(trail.pen, at: 0)
        put(trail.color, at: 4)
        put(trail.thickness, at: 8)
        put(UInt32(bitPattern: trail.recordClass), at: 40)
        put(trail.layer, at: 44)
        fixed.replaceSubrange(48..<(48 + trail.kind.utf8.count), with: Array(trail.kind.utf8))
        put(UInt32((pageSize.height * digitizerScale).rounded()), at: 128)
        put(UInt32((pageSize.width * digitizerScale).rounded()), at: 132)
        var r = fixed + le(0)
        r += le(UInt32(trail.points.count))
        for p in trail.points {
            r +=
                le(UInt32((p.y * digitizerScale).rounded()))
                + le(UInt32(((pageSize.width - p.x) * digitizerScale).rounded()))
        }
        let pressures = trail.pressures ?? trail.points.map { _ in 2000 }
        r += le(UInt32(pressures.count))
        for p in pressures { r += [UInt8(p & 0xFF), UInt8(p >> 8)] }
        r += le(0) + le(0) + le(0) + le(0)  // tilts, draw flags, EPA points, EPA greys
        r += le(UInt32(bitPattern: trail.status)) + [UInt8](repeating: 0, count: 48)
        r += le(0) + [UInt8](repeating: 0, count: 10)  // control numbers, then the group fields
        r += le(UInt32(trail.outline.count))
        for ring in trail.outline {
            r += le(UInt32(ring.count))
            for p in ring { r += le(Float(p.x).bitPattern) + le(Float(p.y).bitPattern) }
        }
        return r + le(0) + [1, 2, 3]
    }

    /// A TOTALPATH block's content.
    static func totalPath(_ trails: [Trail], pageSize: Size) -> [UInt8] {
        var block = le(UInt32(trails.count))
        for trail in trails {
            let record = record(trail, pageSize: pageSize)
            block += le(UInt32(record.count)) + record
        }
        return block
    }

    /// A RATTA_RLE bitmap of a `width × height` layer, black where `inked` (row-major) says so.
    static func rle(width: Int, height: Int, inked: [Bool]) -> [UInt8] {
        var out: [UInt8] = []
        func emit(_ code: UInt8, _ length: Int) {
            var left = length
            while left >= 0x4000 {
                out += [code, 0xFF]
                left -= 0x4000
            }
            guard left > 0 else { return }
            var (a, b) = (left / 128, left % 128)
            if b == 0 { (a, b) = (a - 1, 128) }
            if a > 0 { out += [code, 0x80 | UInt8(a - 1)] }
            out += [code, UInt8(b - 1)]
        }
        var code: UInt8 = 0
        var run = 0
        for pixel in inked.prefix(width * height) {
            let next: UInt8 = pixel ? 0x61 : 0x62
            if next != code, run > 0 {
                emit(code, run)
                run = 0
            }
            code = next
            run += 1
        }
        emit(code, run)
        return out
    }

    /// A `width × height` mask, `true` within `radius` of the polylines `lines`.
    static func ink(width: Int, height: Int, along lines: [[Point]], radius: Double) -> [Bool] {
        var mask = [Bool](repeating: false, count: width * height)
        for line in lines {
            for (a, b) in zip(line, line.dropFirst()) {
                let xs = max(Int(min(a.x, b.x) - radius), 0)...min(Int(max(a.x, b.x) + radius) + 1, width - 1)
                let ys = max(Int(min(a.y, b.y) - radius), 0)...min(Int(max(a.y, b.y) + radius) + 1, height - 1)
                for y in ys {
                    for x in xs where Point(x: Double(x), y: Double(y)).distance(toSegment: a, b) <= radius {
                        mask[y * width + x] = true
                    }
                }
            }
        }
        return mask
    }
}
