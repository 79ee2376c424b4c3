/// SHA-1 (FIPS 180-4), used only to derive stable identifiers (UUID version 5), never for security.
/// Foundation on Linux has no digest API and the package takes no outside dependencies.
struct SHA1 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0
    )
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    init() {
        buffer.reserveCapacity(64)
    }

    /// The digest of `bytes` in one call.
    static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var sha = SHA1()
        sha.update(bytes)
        return sha.finalize()
    }

    mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            buffer.append(byte)
            length &+= 1
            if buffer.count == 64 {
                compress()
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Fast path for contiguous arrays: whole blocks are compressed straight from the input.
    mutating func update(_ bytes: [UInt8]) {
        var at = 0
        if buffer.isEmpty {
            while at + 64 <= bytes.count {
                bytes.withUnsafeBufferPointer { compress(UnsafeBufferPointer(rebasing: $0[at..<(at + 64)])) }
                at += 64
                length &+= 64
            }
        }
        update(bytes[at...] as ArraySlice<UInt8>)
    }

    mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        while (buffer.count + tail.count) % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        for byte in tail {
            buffer.append(byte)
            if buffer.count == 64 {
                compress()
                buffer.removeAll(keepingCapacity: true)
            }
        }
        var digest: [UInt8] = []
        for word in [state.0, state.1, state.2, state.3, state.4] {
            digest += [
                UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word),
            ]
        }
        return digest
    }

    private mutating func compress() {
        buffer.withUnsafeBufferPointer { compress($0) }
    }

    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
        state = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
            for i in 0..<16 {
                w[i] =
                    UInt32(block[4 * i]) << 24 | UInt32(block[4 * i + 1]) << 16
                    | UInt32(block[4 * i + 2]) << 8 | UInt32(block[4 * i + 3])
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = state
            @inline(__always) func round(_ f: UInt32, _ k: UInt32, _ word: UInt32) {
                let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ word
                e = d
                d = c
                c = b << 30 | b >> 2
                b = a
                a = t
            }
            for i in 0..<20 { round((b & c) | (~b & d), 0x5a82_7999, w[i]) }
            for i in 20..<40 { round(b ^ c ^ d, 0x6ed9_eba1, w[i]) }
            for i in 40..<60 { round((b & c) | (b & d) | (c & d), 0x8f1b_bcdc, w[i]) }
            for i in 60..<80 { round(b ^ c ^ d, 0xca62_c1d6, w[i]) }
            return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
    }
}
