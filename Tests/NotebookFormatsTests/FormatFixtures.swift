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
}
