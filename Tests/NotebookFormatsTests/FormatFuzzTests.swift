import Foundation
import SeededRandom
import Testing

@testable import NotebookFormats

/// Damaged XML-family inputs are read or refused with a `ReadError`; never a trap, a hang or an
/// unbounded allocation. A few hundred cases here; `make fuzz` runs ≥ 10,000 per format.
@Suite struct FormatFuzzTests {
    /// Small fixtures and the extension they are read with (the expanded gzip document too, so
    /// that damage reaches the XML rather than stopping at the CRC).
    static func seeds() throws -> [(name: String, fileExtension: String, bytes: [UInt8])] {
        let xopp = try FormatFixtures.bytes("pressure-eraser-text.xopp")
        return [
            ("xopp", "xopp", xopp),
            ("xopp (expanded)", "xopp", try Gzip.decompress(xopp)),
            ("packaged", "xopp", try FormatFixtures.bytes("packaged.xopp")),
            ("inkml", "inkml", try FormatFixtures.bytes("brushes-differences.inkml")),
            ("svg", "svg", try FormatFixtures.bytes("write-pages.svg")),
        ]
    }

    static func readOrRefuse(_ bytes: [UInt8], _ fileExtension: String) -> Bool {
        do {
            _ = try NotebookFormats.read(contents: bytes, fileExtension: fileExtension)
            return true
        } catch {
            #expect(!error.description.isEmpty)
            return false
        }
    }

    /// Reads every prefix of each seed whose length is a multiple of `step(seed size)`; returns
    /// the number of cases.
    static func truncate(_ seeds: [(name: String, fileExtension: String, bytes: [UInt8])], step: (Int) -> Int) -> Int {
        var cases = 0
        for seed in seeds {
            for length in stride(from: 0, to: seed.bytes.count, by: max(1, step(seed.bytes.count))) {
                _ = readOrRefuse(Array(seed.bytes.prefix(length)), seed.fileExtension)
                cases += 1
            }
        }
        return cases
    }

    /// Reads `perSeed` copies of each seed with one to six seeded changes: a random byte, an
    /// inserted byte from `inserted`, or (where `absurdSizes`) four bytes of a huge little-endian size.
    static func flip(
        _ seeds: [(name: String, fileExtension: String, bytes: [UInt8])], seed: UInt64, perSeed: Int,
        inserted: String, absurdSizes: Bool = false
    ) {
        var generator = SplitMix64(seed: seed)
        for seed in seeds {
            for _ in 0..<perSeed {
                var bytes = seed.bytes
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    let i = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<(absurdSizes ? 3 : 2), using: &generator) {
                    case 0: bytes[i] = UInt8.random(in: 0...255, using: &generator)
                    case 1: bytes.insert(Array(inserted.utf8).randomElement(using: &generator) ?? 0, at: i)
                    default: bytes.replaceSubrange(i..<min(i + 4, bytes.count), with: [0xff, 0xff, 0xff, 0x7f])
                    }
                }
                _ = readOrRefuse(bytes, seed.fileExtension)
            }
        }
    }

    /// Truncation at every 4th offset (every offset of the short gzip file).
    @Test func truncations() throws {
        #expect(Self.truncate(try Self.seeds()) { $0 < 600 ? 1 : 4 } > 300)
    }

    /// Seeded byte flips and insertions: 60 per seed.
    @Test func byteFlips() throws {
        Self.flip(try Self.seeds(), seed: 2024, perSeed: 60, inserted: "<>&\"'/=9-.")
    }

    /// Absurd counts and sizes are refused before anything is allocated for them.
    @Test func absurdNumbers() throws {
        let documents = [
            "<xournal><page width='1e308' height='-1e308'><layer><stroke width='nan -1 1e308'>1e308 1e308 -1e308 -1e308 nan nan</stroke></layer></page></xournal>",
            "<ink><traceFormat><channel name='X' max='0'/><channel name='Y'/><channel name='F' max='-1'/></traceFormat><trace>1e309 2 3, ?*? ,,, 4 5 99999999999999999999999</trace></ink>",
            "<svg><path stroke='black' stroke-width='1e308' transform='scale(1e308) rotate(1e308)' d='M0 0 a1e308 1e-308 1e308 1 1 1e308 1e308 A 0 0 0 0 0 1 1'/></svg>",
        ]
        for (document, fileExtension) in zip(documents, ["xopp", "inkml", "svg"]) {
            _ = Self.readOrRefuse(Array(document.utf8), fileExtension)
        }
        // A zip whose directory claims 65,535 entries at an absurd offset.
        var zip = [UInt8](repeating: 0, count: 22)
        zip[0...3] = [0x50, 0x4b, 0x05, 0x06]
        zip[10] = 0xfe
        zip[11] = 0xff
        zip[16...19] = [0xf0, 0xff, 0xff, 0x7f]
        #expect(throws: ReadError.self) { try ZipArchive(zip) }
    }
}
