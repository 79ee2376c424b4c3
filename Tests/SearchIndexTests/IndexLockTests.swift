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
        let saidSo = Flag()
        let waited = Task.detached { () -> Bool in
            _ = try IndexLock(indexPath: path, wait: true) { saidSo.set() }
            return saidSo.isSet
        }
        // the first lock is released only once the second writer has said that it waits
        while !saidSo.isSet { await Task.yield() }
        withExtendedLifetime(first) {}
        _ = consume first
        #expect(try await waited.value)
    }
}

/// A flag one thread sets and another reads.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
