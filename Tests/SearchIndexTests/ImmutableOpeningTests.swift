import Foundation
import Testing

@testable import SearchIndex

/// Below the command: the immutable opening used for indexes this
/// process may not write reads an index whose path needs URI escaping (the command-line test
/// runs as whoever runs the tests, often root, for whom nothing is read-only).
@Suite struct ImmutableOpeningTests {
    @Test func anIndexIsReadWithoutWritingAnythingBesideIt() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        folder.write("notes/a.tnb", "apple\n")
        _ = try await build(folder)
        let odd = folder.path + "/index/odd name?#%.sqlite"
        try FileManager.default.moveItem(atPath: folder.index, toPath: odd)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: folder.index + suffix) }
        let database = try Database(path: odd, mode: .immutable)
        #expect(try database.integer("SELECT count(*) FROM files") == 1)
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/index").sorted()
        #expect(beside == ["odd name?#%.sqlite"])
    }
}
