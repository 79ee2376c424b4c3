import SeededRandom

/// The kinds of damage done to a fixture.
enum Mutation: CaseIterable {
    case truncate, flipBytes, insertBytes, absurdNumber, duplicateRange, deleteRange

    /// Replacements that push readers' counts and sizes to extremes.
    static let absurdNumbers = [
        "-1", "0", "99999999999999999999", "1e308", "-1e308", "nan", "inf", "4294967295", "2147483648",
        "-0", "1e-320", "18446744073709551615", "0x7fffffff",
    ]

    /// A damaged copy of `input`.
    func apply(to input: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        guard !bytes.isEmpty else { return bytes }
        switch self {
        case .truncate:
            bytes.removeLast(Int.random(in: 1...bytes.count, using: &rng))
        case .flipBytes:
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                bytes[i] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
                if Bool.random(using: &rng) { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
            }
        case .insertBytes:
            let i = Int.random(in: 0...bytes.count, using: &rng)
            let count = Int.random(in: 1...16, using: &rng)
            let interesting: [UInt8] = Array("<>&;\"'/=#!?-. 0123456789\n".utf8) + [0, 0xff, 0x80, 0x1f, 0x8b]
            bytes.insert(contentsOf: (0..<count).map { _ in interesting.randomElement(using: &rng) ?? 0 }, at: i)
        case .absurdNumber:
            // Replace a run of digits (or, in binary data, 4 bytes) with an extreme value.
            let start = Int.random(in: 0..<bytes.count, using: &rng)
            if let digit = bytes[start...].firstIndex(where: { $0 >= 0x30 && $0 <= 0x39 }) {
                var end = digit
                while end < bytes.count, bytes[end] >= 0x30 && bytes[end] <= 0x39 || bytes[end] == 0x2e { end += 1 }
                let replacement = Mutation.absurdNumbers.randomElement(using: &rng) ?? "-1"
                bytes.replaceSubrange(digit..<end, with: Array(replacement.utf8))
            } else {
                let values: [UInt32] = [.max, 0x7fff_ffff, 0x8000_0000, 0]
                let value = values.randomElement(using: &rng) ?? 0
                for k in 0..<4 where start + k < bytes.count {
                    bytes[start + k] = UInt8(truncatingIfNeeded: value >> UInt32(8 * k))
                }
            }
        case .duplicateRange:
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            let length = Int.random(in: 1...min(256, bytes.count - i), using: &rng)
            let at = Int.random(in: 0...bytes.count, using: &rng)
            bytes.insert(contentsOf: bytes[i..<(i + length)], at: at)
        case .deleteRange:
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            let length = Int.random(in: 1...min(64, bytes.count - i), using: &rng)
            bytes.removeSubrange(i..<(i + length))
        }
        return bytes
    }
}
