import DrawingModel

/// Schema 11's and 12's `words.place`, and a word's part of schema 13's `lines.place`: where a word sits (its line and position), which of its drawing's
/// strokes it is made of, and its bounds, in one blob.
///
/// A query reads these only for the words it keeps (the line and position also for a phrase's
/// neighbours), so they need no columns of their own: each column costs a byte of the row's
/// header, and seven of them cost seven bytes a word where one blob costs one. The format:
///
///     line      zigzag(line) << 1 | 1 when bounds follow, a LEB128 varint (`PackedColumns`)
///     position  zigzag(position), a varint
///     bounds    when flagged: one byte of four 2-bit size codes (x in bits 0-1, y 2-3, width
///               4-5, height 6-7; code 0, 1, 2, 3: 1, 2, 3 or 8 bytes), then each of x, y,
///               width and height in hundredths of a point (`StoredBounds`), zigzag-encoded,
///               little-endian, in that many bytes: as many as SQLite's own integers take
///     strokes   the rest: the word's stroke positions as `words.strokes` stored them
///               (`PackedColumns.strokes`)
///
/// Decoding never traps: a truncated blob reads as line and position 0, no bounds and no strokes
/// past what is there.
struct PackedPlace: Equatable {
    var line: Int
    var position: Int
    /// The four bounds values (`StoredBounds.columns`); nil for a word without a box.
    var bounds: (x: Int64, y: Int64, width: Int64, height: Int64)?
    /// The word's stroke positions, packed (`PackedColumns.strokes`).
    var strokes: [UInt8]

    private static let sizes = [1, 2, 3, 8]

    /// The bounds in points.
    var rect: Rect? { bounds.map { StoredBounds.rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } }

    static func == (a: PackedPlace, b: PackedPlace) -> Bool {
        a.line == b.line && a.position == b.position && a.strokes == b.strokes
            && a.bounds.map { [$0.x, $0.y, $0.width, $0.height] } == b.bounds.map { [$0.x, $0.y, $0.width, $0.height] }
    }

    /// The blob schema 12's `words.place` stored.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + strokes.count)
        PackedColumns.appendVarint(PackedColumns.zigzag(line) << 1 | (bounds == nil ? 0 : 1), to: &bytes)
        PackedColumns.appendVarint(PackedColumns.zigzag(position), to: &bytes)
        appendBoundsAndStrokes(to: &bytes)
        return bytes
    }

    /// The word's part of schema 13's `lines.place` (`PackedLine`), which holds the line number
    /// once: as `bytes`, but the position where the line was, flagged for bounds.
    var wordBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + strokes.count)
        PackedColumns.appendVarint(PackedColumns.zigzag(position) << 1 | (bounds == nil ? 0 : 1), to: &bytes)
        appendBoundsAndStrokes(to: &bytes)
        return bytes
    }

    private func appendBoundsAndStrokes(to bytes: inout [UInt8]) {
        if let bounds {
            let values = [bounds.x, bounds.y, bounds.width, bounds.height].map {
                UInt64(bitPattern: $0 << 1 ^ $0 >> 63)
            }
            let codes = values.map { value in Self.sizes.firstIndex { value >> (8 * $0) == 0 } ?? Self.sizes.count - 1 }
            bytes.append(codes.enumerated().reduce(0) { $0 | UInt8($1.element) << (2 * $1.offset) })
            for (value, code) in zip(values, codes) {
                for byte in 0..<Self.sizes[code] { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
            }
        }
        bytes.append(contentsOf: strokes)
    }

    init(line: Int, position: Int, bounds: (x: Int64, y: Int64, width: Int64, height: Int64)?, strokes: [UInt8]) {
        self.line = line
        self.position = position
        self.bounds = bounds
        self.strokes = strokes
    }

    /// Decodes a stored blob.
    init(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        let head = PackedColumns.readVarint(bytes, at: &offset) ?? 0
        line = PackedColumns.unzigzag(head >> 1)
        position = PackedColumns.readVarint(bytes, at: &offset).map(PackedColumns.unzigzag) ?? 0
        bounds = head & 1 == 1 ? Self.readBounds(bytes, at: &offset) : nil
        strokes = offset < bytes.count ? [UInt8](bytes[offset...]) : []
    }

    /// Decodes a word's part of a line's places (`wordBytes`), on line `line`.
    init(line: Int, wordBytes bytes: UnsafeRawBufferPointer) {
        var offset = 0
        let head = PackedColumns.readVarint(bytes, at: &offset) ?? 0
        self.line = line
        position = PackedColumns.unzigzag(head >> 1)
        bounds = head & 1 == 1 ? Self.readBounds(bytes, at: &offset) : nil
        strokes = offset < bytes.count ? [UInt8](bytes[offset...]) : []
    }

    /// The position alone of a word's part of a line's places (`wordBytes`).
    static func position(wordBytes bytes: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        return PackedColumns.unzigzag((PackedColumns.readVarint(bytes, at: &offset) ?? 0) >> 1)
    }

    private static func readBounds(
        _ bytes: UnsafeRawBufferPointer, at offset: inout Int
    ) -> (x: Int64, y: Int64, width: Int64, height: Int64)? {
        guard offset < bytes.count else { return nil }
        let codes = bytes[offset]
        offset += 1
        var values: [Int64] = []
        for index in 0..<4 {
            let size = sizes[Int(codes >> (2 * index) & 3)]
            guard offset + size <= bytes.count else {
                offset = bytes.count
                return nil
            }
            var value: UInt64 = 0
            for byte in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + byte]) }
            offset += size
            values.append(Int64(bitPattern: value >> 1 ^ (0 &- (value & 1))))
        }
        return (values[0], values[1], values[2], values[3])
    }
}
