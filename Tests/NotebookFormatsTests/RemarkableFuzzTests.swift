import Foundation
import SeededRandom
import Testing

@testable import NotebookFormats

/// Damaged `.rm` pages must be read or refused with a `ReadError`, never trap or hang.
///
/// `make test` runs a few hundred truncations and seeded byte flips over small fixtures; set
/// `RM_FUZZ_CASES=N` to run N flip cases per fixture instead (the long fuzz run).
@Suite struct RemarkableFuzzTests {
    static let fixtures = [
        "rmscene__test-crdt-ordering.rm", "rmc__dot.stroke.rm", "rmscene__Normal_A_stroke_2_layers.rm",
        "rmscene__Wikipedia_highlighted_p1.rm", "rmscene__Lines_v2.rm",
    ]

    /// Reads or refuses; anything but a `ReadError` fails the test.
    static func readOrRefuse(_ bytes: [UInt8]) -> Bool {
        do {
            _ = try RemarkableReader.page(bytes: bytes)
            return true
        } catch is ReadError {
            return false
        } catch {
            Issue.record("unexpected error type: \(error)")
            return false
        }
    }

    @Test(arguments: fixtures)
    func truncations(fixture: String) throws {
        let bytes = try RemarkableTestFiles.bytes(fixture)
        let stride = max(1, bytes.count / 150)
        for end in Swift.stride(from: 0, to: bytes.count, by: stride) {
            _ = Self.readOrRefuse(Array(bytes[..<end]))
        }
    }

    @Test func truncatedV3V5PagesAreRefused() {
        let file = RemarkableLinesFile(version: 5, layers: [[.init(tool: 2, points: [(1, 2), (3, 4)])]]).bytes
        for end in 0..<file.count {
            #expect(!Self.readOrRefuse(Array(file[..<end])), "cut at \(end)")
        }
        #expect(Self.readOrRefuse(file))
    }

    @Test(arguments: fixtures)
    func seededByteFlips(fixture: String) throws {
        let bytes = try RemarkableTestFiles.bytes(fixture)
        let cases = ProcessInfo.processInfo.environment["RM_FUZZ_CASES"].flatMap(Int.init) ?? 60
        var rng = SplitMix64(seed: 0x5EED ^ UInt64(bytes.count))
        for _ in 0..<cases {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let i = Int.random(in: 43..<damaged.count, using: &rng)
                damaged[i] = UInt8.random(in: 0...255, using: &rng)
            }
            _ = Self.readOrRefuse(damaged)
        }
    }

    @Test func absurdLengthsEverywhereAreRefusedOrSkipped() throws {
        let bytes = try RemarkableTestFiles.bytes("rmscene__Normal_A_stroke_2_layers.rm")
        for i in Swift.stride(from: 43, to: bytes.count - 4, by: 3) {
            var damaged = bytes
            damaged.replaceSubrange(i..<(i + 4), with: [0xFF, 0xFF, 0xFF, 0x7F])
            _ = Self.readOrRefuse(damaged)
        }
    }
}
