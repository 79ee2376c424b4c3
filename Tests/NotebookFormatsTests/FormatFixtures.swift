import Foundation

/// Where the XML-family fixtures and the shared corpus live, found from this file's path.
enum FormatFixtures {
    /// `Tests/Fixtures/formats`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/formats")

    /// `../shared/corpus` from the repository root; nil when it is not there (CI without it).
    static let corpus: URL? = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(name)))
    }

    /// A seeded generator (SplitMix64): the same sequence on every machine.
    struct Generator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }
}
