import Foundation

@testable import NotebookFormats

/// Writes small Ink Serialized Format streams for the reader tests: tags as `ISFReader` describes
/// them, packet data Huffman-coded with a default table or bit-packed, with or without delta-delta.
struct TestISFWriter {
    enum Packing {
        case huffman(table: Int)
        case bits(width: Int, delta: Bool)
    }

    private var tags: [UInt8] = []

    /// The whole stream: version 0, size, tags.
    var bytes: [UInt8] { [0] + Self.unsigned(UInt64(tags.count)) + tags }

    static func unsigned(_ value: UInt64) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return out + [UInt8(value)]
    }

    static func signed(_ value: Int64) -> [UInt8] {
        unsigned(value < 0 ? value.magnitude << 1 | 1 : UInt64(value) << 1)
    }

    static func float(_ value: Float) -> [UInt8] {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) }
    }

    /// A tag followed by raw bytes (no size).
    mutating func raw(_ tag: UInt64, _ bytes: [UInt8] = []) {
        tags += Self.unsigned(tag) + bytes
    }

    /// A tag followed by a size and its payload.
    mutating func sized(_ tag: UInt64, _ payload: [UInt8]) {
        raw(tag, Self.unsigned(UInt64(payload.count)) + payload)
    }

    /// The payload of a drawing-attributes block (tag 3 takes one, tag 2 a list of sized ones).
    static func attributes(
        width: UInt64? = nil, color: UInt64? = nil, transparency: UInt64? = nil, rop: UInt8? = nil
    )
        -> [UInt8]
    {
        var out: [UInt8] = []
        if let width { out += unsigned(69) + unsigned(width) }
        if let color { out += unsigned(68) + unsigned(color) }
        if let transparency { out += unsigned(80) + unsigned(transparency) }
        if let rop { out += unsigned(87) + [rop, 0, 0, 0] }
        return out
    }

    mutating func scaleAndTranslate(_ sx: Float, _ sy: Float, _ tx: Float, _ ty: Float) {
        raw(21, [sx, sy, tx, ty].flatMap(Self.float))
    }

    /// A stroke: point count, then a block per column (X, Y, then the descriptor's properties).
    mutating func stroke(_ columns: [[Int64]], packing: Packing = .huffman(table: 2)) {
        let count = columns.first?.count ?? 0
        sized(10, Self.unsigned(UInt64(count)) + columns.flatMap { Self.packed($0, packing) })
    }

    /// One compressed block of packet data.
    static func packed(_ values: [Int64], _ packing: Packing) -> [UInt8] {
        var bits = BitWriter()
        switch packing {
        case .huffman(let table):
            for delta in deltaDelta(values) { bits.huffman(delta, table: table) }
            return [0x80 | UInt8(table)] + bits.bytes
        case .bits(let width, let delta):
            var head: [UInt8] = []
            var rest = values
            if delta {
                let deltas = deltaDelta(values)
                head = deltas.prefix(2).flatMap(signed)
                rest = Array(deltas.dropFirst(2))
            }
            for value in rest { bits.write(UInt64(bitPattern: value), width) }
            return [UInt8(width & 0x1F) | (delta ? 0x20 : 0)] + head + bits.bytes
        }
    }

    static func deltaDelta(_ values: [Int64]) -> [Int64] {
        values.indices.map { k in
            values[k] - 2 * (k >= 1 ? values[k - 1] : 0) + (k >= 2 ? values[k - 2] : 0)
        }
    }

    /// Bits, most significant first.
    struct BitWriter {
        private(set) var bytes: [UInt8] = []
        private var used = 8

        mutating func write(_ value: UInt64, _ count: Int) {
            for k in stride(from: count - 1, through: 0, by: -1) {
                if used == 8 {
                    bytes.append(0)
                    used = 0
                }
                bytes[bytes.count - 1] |= UInt8((value >> UInt64(k)) & 1) << UInt8(7 - used)
                used += 1
            }
        }

        /// `value` in default table `table`: n one-bits and a zero pick row n, whose width holds
        /// the magnitude above the row's base and the sign.
        mutating func huffman(_ value: Int64, table: Int) {
            guard value != 0 else { return write(0, 1) }
            let widths = ISFPacketCodec.huffmanBits[table], bases = ISFPacketCodec.huffmanBases[table]
            let magnitude = value.magnitude
            let row = (1..<widths.count).last { UInt64(bases[$0]) <= magnitude } ?? 1
            write((1 << UInt64(row + 1)) - 2, row + 1)
            write((magnitude - UInt64(bases[row])) << 1 | (value < 0 ? 1 : 0), widths[row])
        }
    }
}
