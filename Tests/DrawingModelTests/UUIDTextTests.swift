import DrawingModel
import Foundation
import SeededRandom
import Testing

/// The fast stroke-ID text helpers agree with Foundation's `uuidString` and `UUID(uuidString:)`.
struct UUIDTextTests {
    static func randomUUID(_ random: inout SplitMix64) -> UUID {
        let a = random.next(), b = random.next()
        var bytes = (
            UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0),
            UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0)
        )
        withUnsafeMutableBytes(of: &bytes) { raw in
            for k in 0..<8 { raw[k] = UInt8(truncatingIfNeeded: a >> (8 * k)) }
            for k in 0..<8 { raw[8 + k] = UInt8(truncatingIfNeeded: b >> (8 * k)) }
        }
        return UUID(uuid: bytes)
    }

    @Test func textRoundTripsLikeFoundation() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<2000 {
            let id = Self.randomUUID(&random)
            #expect(id.canonicalString == id.uuidString)
            #expect(UUID(canonical: id.uuidString) == id)
            #expect(UUID(canonical: id.uuidString.lowercased()) == id)
        }
    }

    @Test func orderIsTheOrderOfTheStrings() {
        var random = SplitMix64(seed: 6)
        let ids = (0..<500).map { _ in Self.randomUUID(&random) }
        #expect(ids.sorted(by: UUID.precedesAsString) == ids.sorted { $0.uuidString < $1.uuidString })
        #expect(!UUID.precedesAsString(ids[0], ids[0]))
    }

    @Test(arguments: [
        "", "6B0D5C1E-3A8F-4E52-9C61-2F7A1D4B8E9", "6B0D5C1E-3A8F-4E52-9C61-2F7A1D4B8E900",
        "6B0D5C1E03A8F-4E52-9C61-2F7A1D4B8E90", "6B0D5C1E-3A8F-4E52-9C61-2F7A1D4B8EG0",
        "{6B0D5C1E-3A8F-4E52-9C61-2F7A1D4B8E90}", "6B0D5C1E-3A8F-4E52-9C612-F7A1D4B8E90",
        "ü6B0D5C1E-3A8F-4E52-9C61-2F7A1D4B8E9",
    ])
    func malformedTextIsRefusedLikeFoundation(text: String) {
        #expect(UUID(canonical: text) == nil)
        #expect(UUID(uuidString: text) == nil)
    }
}
