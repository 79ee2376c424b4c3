/// Decodes one compressed block of ISF packet data: the values of one property (X, Y, pressure…)
/// for every point of a stroke, or the stroke IDs of a stream.
///
/// ```
/// block        algorithm byte, then a bit stream read most significant bit first, padded to a byte
/// 10xiiiii     Huffman with default table i (0-7): per value, n one-bits and a zero select row n;
///              row 0 is the value 0, row n < size reads bits[n] bits: magnitude (bits >> 1) +
///              base[n], sign in the lowest bit; row n = size is an escape: two values follow, the
///              high (extra) and low 32 bits of a large one. Always delta-delta coded.
/// 00dwwwww     bit packing, each value w bits two's complement (w = 0 means 32); with d set the
///              values are delta-delta coded and the first two come before the bits, as signed
///              multi-byte integers
/// 01…, 11…     not used for packet data: refused
/// delta-delta  v[k] = d[k] + 2·v[k-1] − v[k-2], starting from v[-1] = v[-2] = 0
/// ```
/// Arithmetic wraps instead of trapping, so a hostile block gives wrong numbers (which the ink
/// checks refuse), never a crash; every read is bounded by the block's bytes.
enum ISFPacketCodec {
    /// Bits per row of the eight default Huffman tables (row 0 codes the value 0).
    static let huffmanBits: [[Int]] = [
        [0, 1, 2, 4, 6, 8, 12, 16, 24, 32],
        [0, 1, 1, 2, 4, 8, 12, 16, 24, 32],
        [0, 1, 1, 1, 2, 4, 8, 14, 22, 32],
        [0, 2, 2, 3, 5, 8, 12, 16, 24, 32],
        [0, 3, 4, 5, 8, 12, 16, 24, 32],
        [0, 4, 6, 8, 12, 16, 24, 32],
        [0, 6, 8, 12, 16, 24, 32],
        [0, 7, 8, 12, 16, 24, 32],
    ]

    /// The smallest magnitude of each row: base[1] = 1, then each row starts where the one before
    /// it ends (its bits less the sign bit).
    static let huffmanBases: [[Int64]] = huffmanBits.map { bits in
        var bases: [Int64] = [0]
        var lower: Int64 = 1
        for n in 1..<bits.count {
            bases.append(lower)
            lower += 1 << Int64(bits[n] - 1)
        }
        return bases
    }

    /// Decodes `count` values from the block at the reader's position and moves past it.
    /// - Throws: `ReadError` for an unknown algorithm or table, or data that ends too soon.
    static func decode(_ reader: inout ISFByteReader, count: Int) throws(ReadError) -> [Int64] {
        let start = reader.offset
        let algorithm = try reader.byte()
        // Every value takes at least one bit (the first two of a delta-coded bit packing a byte).
        guard count <= reader.remaining * 8 + 2 else {
            throw ReadError("packet data at byte \(start) cannot hold \(count) values in \(reader.remaining) bytes")
        }
        var values: [Int64] = []
        values.reserveCapacity(count)
        switch algorithm & 0xC0 {
        case 0x80:
            let table = Int(algorithm & 0x1F)
            guard table < huffmanBits.count else {
                throw ReadError("Huffman table \(table) at byte \(start) is not one of the 8 default tables")
            }
            var bits = ISFBitReader(reader.rest)
            var delta = DeltaDelta()
            while values.count < count {
                let (data, extra) = try huffmanValue(&bits, table: table, escapes: true, count: values.count, of: count)
                values.append(delta.inverse(combine(data, extra)))
            }
            try reader.skip(bits.bytesUsed, "Huffman data")
        case 0x00:
            let width = Int(algorithm & 0x1F) == 0 ? 32 : Int(algorithm & 0x1F)
            let deltaCoded = algorithm & 0x20 != 0
            var delta = DeltaDelta()
            if deltaCoded {
                for _ in 0..<min(count, 2) { values.append(delta.inverse(try reader.signed())) }
            }
            var bits = ISFBitReader(reader.rest)
            while values.count < count {
                guard let raw = bits.read(width) else {
                    throw ReadError("bit-packed data at byte \(start) ends after \(values.count) of \(count) values")
                }
                // Sign-extend from `width` bits.
                let value = Int64(bitPattern: raw << UInt64(64 - width)) >> Int64(64 - width)
                values.append(deltaCoded ? delta.inverse(value) : value)
            }
            try reader.skip(bits.bytesUsed, "bit-packed data")
        default:
            throw ReadError("unknown packet compression \(ISFStream.hex(algorithm)) at byte \(start)")
        }
        return values
    }

    /// One Huffman-coded value: (data, extra), where extra is non-zero only after an escape.
    private static func huffmanValue(
        _ bits: inout ISFBitReader, table: Int, escapes: Bool, count: Int, of total: Int
    ) throws(ReadError) -> (Int64, Int64) {
        let widths = huffmanBits[table]
        var row = 0
        while true {
            guard let bit = bits.read(1) else {
                throw ReadError("Huffman data ends after \(count) of \(total) values")
            }
            if bit == 0 { break }
            row += 1
            guard row <= widths.count else {
                throw ReadError("Huffman code longer than table \(table) allows (value \(count + 1))")
            }
        }
        if row == 0 { return (0, 0) }
        if row < widths.count {
            guard let raw = bits.read(widths[row]) else {
                throw ReadError("Huffman data ends after \(count) of \(total) values")
            }
            let magnitude = Int64(bitPattern: raw >> 1) &+ huffmanBases[table][row]
            return (raw & 1 == 0 ? magnitude : 0 &- magnitude, 0)
        }
        // The escape: the high part, then the low 32 bits, each an ordinary code.
        guard escapes else { throw ReadError("Huffman escape inside an escape (value \(count + 1))") }
        let (extra, _) = try huffmanValue(&bits, table: table, escapes: false, count: count, of: total)
        let (data, _) = try huffmanValue(&bits, table: table, escapes: false, count: count, of: total)
        return (data, extra)
    }

    /// The delta-delta value an escape codes: |value| = (extra >> 1) · 2³² + low 32 bits of data,
    /// negative when the lowest bit of extra is set.
    private static func combine(_ data: Int64, _ extra: Int64) -> Int64 {
        guard extra != 0 else { return data }
        let magnitude = ((extra >> 1) &<< 32) | (data & 0xFFFF_FFFF)
        return extra & 1 == 0 ? magnitude : 0 &- magnitude
    }

    /// The inverse of the delta-delta transform, one value at a time.
    struct DeltaDelta {
        private var previous: Int64 = 0
        private var beforePrevious: Int64 = 0

        mutating func inverse(_ delta: Int64) -> Int64 {
            let value = delta &+ (previous &<< 1) &- beforePrevious
            beforePrevious = previous
            previous = value
            return value
        }
    }
}

/// Reads bits most significant first from a byte slice.
struct ISFBitReader {
    private let bytes: ArraySlice<UInt8>
    private var bitOffset = 0

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    /// Whole bytes touched so far (a partly read byte counts).
    var bytesUsed: Int { (bitOffset + 7) / 8 }

    /// The next `count` bits (1…64) as an unsigned number, or nil when fewer are left.
    mutating func read(_ count: Int) -> UInt64? {
        guard count > 0, count <= 64, bitOffset + count <= bytes.count * 8 else { return nil }
        var value: UInt64 = 0
        for _ in 0..<count {
            let byte = bytes[bytes.startIndex + bitOffset >> 3]
            value = value << 1 | UInt64(byte >> (7 - UInt8(bitOffset & 7)) & 1)
            bitOffset += 1
        }
        return value
    }
}
