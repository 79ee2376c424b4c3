/// Word IDs and a row ID for each, by open addressing with Fibonacci hashing: Swift's
/// Dictionary hashes with SipHash, a large share of a phrase's time over a few hundred
/// thousand IDs. A key and its value sit side by side, so a lookup touches one cache line.
struct WordIDTable {
    /// key, value, key, value, …
    private var slots: [Int64]
    private let shift: UInt64
    private let mask: Int
    private static let empty: Int64 = -1  // word IDs are never negative

    init(capacity: Int) {
        let bits = max(4, Int.bitWidth - (2 * max(capacity, 1) - 1).leadingZeroBitCount)
        slots = Array(repeating: Self.empty, count: 2 << bits)
        shift = UInt64(64 - bits)
        mask = (1 << bits) - 1
    }

    private func home(_ key: Int64) -> Int { Int((UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift) }

    /// Adds `key` with `value` unless it is there already; whether it was added.
    @discardableResult
    mutating func insert(_ key: Int64, _ value: Int64) -> Bool {
        var slot = home(key)
        while slots[2 * slot] != Self.empty {
            if slots[2 * slot] == key { return false }
            slot = (slot + 1) & mask
        }
        slots[2 * slot] = key
        slots[2 * slot + 1] = value
        return true
    }

    func value(for key: Int64) -> Int64? {
        var slot = home(key)
        while slots[2 * slot] != Self.empty {
            if slots[2 * slot] == key { return slots[2 * slot + 1] }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
