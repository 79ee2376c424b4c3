import Foundation
import SearchIndex
import Testing

@Suite struct IndexLockTests {
    @Test func secondWriterIsRefusedWithoutWaitingAndAdmittedAfterRelease() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        var first: IndexLock? = try IndexLock(indexPath: folder.index, wait: false)
        #expect(first != nil)
        #expect(throws: IndexLock.Failure.self) { try IndexLock(indexPath: folder.index, wait: false) }
        first = nil
        #expect(throws: Never.self) { try IndexLock(indexPath: folder.index, wait: false) }
    }

    @Test func waitingWriterSaysSoAndProceedsWhenTheFirstFinishes() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.index
        let first = try IndexLock(indexPath: path, wait: false)
        let waited = Task.detached { () -> Bool in
            var saidSo = false
            _ = try IndexLock(indexPath: path, wait: true) { saidSo = true }
            return saidSo
        }
        try await Task.sleep(for: .milliseconds(200))
        withExtendedLifetime(first) {}
        _ = consume first
        #expect(try await waited.value)
    }
}
