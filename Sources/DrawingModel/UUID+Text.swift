import Foundation

/// Stroke IDs as text without `snprintf`/`sscanf`: Foundation's `uuidString` and
/// `UUID(uuidString:)` go through them, and a query prints and parses thousands of stroke IDs
/// (they were a third of a query's time).
extension UUID {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The same text as `uuidString`: upper-case hex in the 8-4-4-4-12 form.
    public var canonicalString: String {
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
    public init?(canonical text: some StringProtocol) {
        var bytes = [UInt8](repeating: 0, count: 16)
        var count = 0
        var high: UInt8?
        for (i, c) in text.utf8.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard c == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = c - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = c - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = c - UInt8(ascii: "a") + 10
            default: return nil
            }
            if let h = high {
                guard count < 16 else { return nil }
                bytes[count] = h << 4 | nibble
                count += 1
                high = nil
            } else {
                high = nibble
            }
        }
        guard count == 16, high == nil, text.utf8.count == 36 else { return nil }
        self.init(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                         bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// The order of `uuidString`s (upper-case hex keeps byte order), without making them.
    public static func precedesAsString(_ a: UUID, _ b: UUID) -> Bool {
        withUnsafeBytes(of: a.uuid) { x in
            withUnsafeBytes(of: b.uuid) { y in
                for k in 0..<16 where x[k] != y[k] { return x[k] < y[k] }
                return false
            }
        }
    }
}
