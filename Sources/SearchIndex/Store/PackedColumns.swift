import Foundation

/// The binary columns of schema 7 and later: a drawing's stroke IDs, a word's references to them, and a
/// word's candidate scores. Each is small and read only for the words a query keeps (or matches,
/// for scores), so it is packed rather than spelled out as text.
///
///     drawings.stroke_ids   16 bytes a stroke (the UUID's bytes), each stroke once, in the order
///                           the drawing's words (in place order) first name them; since schema
///                           9 only the IDs that are not derived (`StrokeList`)
///     words.strokes         the word's stroke IDs, in its own order, as positions in its drawing's
///                           list (`StrokeList`): each the difference from the one before (the
///                           first from 0), zigzag-encoded, as a LEB128 varint; since schema 11
///                           the tail of `words.place` (`PackedPlace`)
///     words.scores          each candidate's score, little-endian: Float32 when every score is
///                           exactly one (the network's are), 4 bytes each (a length of 4n); else a
///                           tag byte, 8, then Float64s (1 + 8n). Before schema 11 the Float32s
///                           also had a tag byte, 4 (1 + 4n), which still decodes: the length
///                           tells the formats apart
///
/// Decoding never traps: a truncated varint ends the list, a position past the drawing's strokes
/// is dropped, and scores of a bad length read as none.
enum PackedColumns {
    // MARK: Stroke IDs

    /// A drawing's stroke IDs, each once, and each word's list of positions into them.
    /// - Parameter order: puts the IDs, in the order the words first name them, in the order the
    ///   drawing keeps them (`StrokeList.order`).
    static func strokes(
        of words: [[UUID]], order: ([UUID]) -> [UUID] = { $0 }
    ) -> (drawing: [UUID], words: [[UInt8]]) {
        var seen = Set<UUID>()
        let drawing = order(words.joined().filter { seen.insert($0).inserted })
        let position = Dictionary(drawing.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let packed = words.map { ids -> [UInt8] in
            var bytes: [UInt8] = []
            var previous = 0
            for id in ids {
                guard let index = position[id] else { continue }
                appendVarint(zigzag(index - previous), to: &bytes)
                previous = index
            }
            return bytes
        }
        return (drawing, packed)
    }

    /// A word's stroke IDs: its `strokes` looked up in its drawing's IDs.
    static func strokeIDs(_ bytes: UnsafeRawBufferPointer, in drawing: StrokeList) -> [UUID] {
        var ids: [UUID] = []
        var offset = 0
        var previous = 0
        while let value = readVarint(bytes, at: &offset) {
            let (index, overflow) = previous.addingReportingOverflow(unzigzag(value))
            guard !overflow else { break }
            previous = index
            if index >= 0, index < drawing.count { ids.append(drawing[index]) }
        }
        return ids
    }

    // MARK: Scores

    /// A word's candidate scores, packed.
    static func scores(_ values: [Double]) -> [UInt8] {
        let narrow = values.allSatisfy { Double(Float($0)) == $0 || $0.isNaN }
        var bytes: [UInt8] = narrow ? [] : [8]
        for value in values {
            if narrow {
                withUnsafeBytes(of: Float(value).bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            } else {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            }
        }
        return bytes
    }

    /// The scores of a word's `scores` column; none when it is malformed.
    static func scores(_ bytes: UnsafeRawBufferPointer) -> [Double] {
        var values: [Double] = []
        forEachScore(bytes) { values.append($0) }
        return values
    }

    /// Calls `body` with each score of a word's `scores` column in order, none when it is
    /// malformed, without making an array (a query reads many rows).
    static func forEachScore(_ bytes: UnsafeRawBufferPointer, _ body: (Double) -> Void) {
        let width: Int
        let first: Int
        if bytes.count % 4 == 0 {
            (width, first) = (4, 0)
        } else if let tag = bytes.first, tag == 4 || tag == 8, (bytes.count - 1) % Int(tag) == 0 {
            (width, first) = (Int(tag), 1)
        } else {
            return
        }
        for start in stride(from: first, to: bytes.count, by: width) {
            var bits: UInt64 = 0
            for byte in (0..<width).reversed() { bits = bits << 8 | UInt64(bytes[start + byte]) }
            body(width == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits))
        }
    }

    // MARK: Varints

    static func zigzag(_ value: Int) -> UInt64 { UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63) }

    static func unzigzag(_ value: UInt64) -> Int {
        Int(truncatingIfNeeded: Int64(bitPattern: value >> 1 ^ (0 &- (value & 1))))
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// The varint at `offset`, which moves past it; nil at the end or for a truncated or
    /// overlong one.
    static func readVarint(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
