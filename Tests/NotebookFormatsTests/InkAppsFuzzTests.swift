import Foundation
import Testing

@testable import NotebookFormats

/// Damaged Rnote, Saber, UIM and WILL files are read or refused with a `ReadError`; never a
/// trap, a hang or an unbounded allocation. A few hundred cases here; `make fuzz` runs 20,000 per
/// format.
@Suite struct InkAppsFuzzTests {
    static func seeds() throws -> [(name: String, fileExtension: String, bytes: [UInt8])] {
        let rnote = try FormatFixtures.bytes("rnote-0-15-infinite.rnote")
        return [
            ("rnote", "rnote", rnote),
            ("rnote (JSON)", "rnote", try Gzip.decompress(rnote)),
            ("rnote 0.5.5 (JSON)", "rnote", try Gzip.decompress(try FormatFixtures.bytes("rnote-0-5-5.rnote"))),
            ("sbn", "sbn", try FormatFixtures.bytes("saber-v9.sbn")),
            ("sbn2", "sbn2", try FormatFixtures.bytes("saber-v19.sbn2")),
            ("uim 3.0", "uim", try FormatFixtures.bytes("uim-3-0.uim")),
            ("uim 3.1", "uim", try FormatFixtures.bytes("wacom-uim__special_ink.uim")),
            ("will", "will", try FormatFixtures.bytes("wacom-will__apple.will")),
        ]
    }

    @Test func truncations() throws {
        #expect(FormatFuzzTests.truncate(try Self.seeds()) { $0 / 150 } > 1000)
    }

    /// Seeded byte flips, insertions and absurd little-endian sizes: 50 per seed.
    @Test func byteFlips() throws {
        FormatFuzzTests.flip(
            try Self.seeds(), seed: 11, perSeed: 50, inserted: "{}[]\":,0-9e\u{0}\u{ff}", absurdSizes: true)
    }

    /// Sizes, counts and nesting far past the limits are refused.
    @Test func absurdNumbers() throws {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let big =
            "{\"version\":\"0.15.0\",\"data\":{\"engine_snapshot\":{\"document\":{\"x\":-1e300,\"y\":0,\"width\":1e308,\"height\":1e308,"
            + "\"config\":{\"format\":{\"width\":1e-300,\"height\":1e-300},\"layout\":\"fixed_size\"}},"
            + "\"stroke_components\":[{\"value\":{\"brushstroke\":{\"path\":{\"start\":{\"pos\":[1e300,1e300]},\"segments\":[]}}}}]}}}"
        for (document, fileExtension) in [(deep, "rnote"), (deep, "sbn"), (big, "rnote")] {
            #expect(throws: ReadError.self) {
                try NotebookFormats.read(contents: Array(document.utf8), fileExtension: fileExtension)
            }
        }
        // A UIM whose ink data claims a field far longer than the chunk.
        var uim = try FormatFixtures.bytes("uim-3-0.uim")
        uim.replaceSubrange(32..<36, with: [0xff, 0xff, 0xff, 0x0f])
        _ = FormatFuzzTests.readOrRefuse(uim, "uim")
    }
}
