import Foundation

/// Stroke IDs as text without `snprintf`/`sscanf`: Foundation's `uuidString` and
/// `UUID(uuidString:)` go through them, and a query prints and parses thousands of stroke IDs
/// (through them, a large share of a query's time).
extension UUID {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The same text as `uuidString`: upper-case hex in the 8-4-4-4-12 form.
    package var canonicalString: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var i = 0
                for (k, byte) in bytes.enumerated() {
                    if k == 4 || k == 6 || k == 8 || k == 10 {
                        out[i] = UInt8(ascii: "-")
                        i += 1
                    }
                    out[i] = Self.hexDigits[Int(byte >> 4)]
                    out[i + 1] = Self.hexDigits[Int(byte & 0xF)]
                    i += 2
                }
                return i
            }
        }
    }

    /// Parses what `UUID(uuidString:)` accepts (the 8-4-4-4-12 hex form, either case).
    package init?(canonical text: some StringProtocol) {
        var text = String(text)
        guard let parsed = text.withUTF8({ Self.parse($0) }) else { return nil }
        self = parsed
    }

    /// Parses the 36 bytes of the 8-4-4-4-12 hex form.
    package static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard utf8.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let ok = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var i = 0
            for k in 0..<16 {
                if k == 4 || k == 6 || k == 8 || k == 10 {
                    guard utf8[i] == UInt8(ascii: "-") else { return false }
                    i += 1
                }
                guard let high = nibble(utf8[i]), let low = nibble(utf8[i + 1]) else { return false }
                out[k] = high << 4 | low
                i += 2
            }
            return true
        }
        return ok ? UUID(uuid: bytes) : nil
    }

    @inline(__always)
    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// The order of `uuidString`s (upper-case hex keeps byte order), without making them.
    package static func precedesAsString(_ a: UUID, _ b: UUID) -> Bool {
        withUnsafeBytes(of: a.uuid) { x in
            withUnsafeBytes(of: b.uuid) { y in
                for k in 0..<16 where x[k] != y[k] { return x[k] < y[k] }
                return false
            }
        }
    }
}
