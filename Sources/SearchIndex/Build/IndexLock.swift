import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The single-writer lock of an index: an exclusive `flock(2)` on `<index>.lock`.
///
/// The kernel drops the lock when the process ends, however it ends, so a killed build never
/// leaves a stale lock behind. Readers do not take it (WAL gives them consistent snapshots).
package final class IndexLock {
    package enum Failure: Error, Sendable, CustomStringConvertible {
        /// Another process holds the lock and we were told not to wait.
        case busy(lockPath: String)
        case cannotOpen(lockPath: String, reason: String)

        package var description: String {
            switch self {
            case .busy(let path): return "another build is updating this index (\(path) is locked)"
            case .cannotOpen(let path, let reason): return "\(path): \(reason)"
            }
        }
    }

    /// The lock file's path.
    package let path: String
    private let descriptor: Int32

    /// Takes the lock of the index at `indexPath`.
    /// - Parameters:
    ///   - wait: block until the other writer finishes; when false, throw `.busy` at once.
    ///   - willWait: called once before blocking, so the caller can say why it pauses.
    package init(indexPath: String, wait: Bool, willWait: () -> Void = {}) throws(Failure) {
        path = indexPath + ".lock"
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(lockPath: path, reason: String(cString: strerror(errno))) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK, wait else {
                let reason = String(cString: strerror(errno))
                let wasBusy = errno == EWOULDBLOCK
                close(fd)
                throw wasBusy ? .busy(lockPath: path) : .cannotOpen(lockPath: path, reason: reason)
            }
            willWait()
            var result: Int32
            repeat { result = flock(fd, LOCK_EX) } while result != 0 && errno == EINTR
            guard result == 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw .cannotOpen(lockPath: path, reason: reason)
            }
        }
        descriptor = fd
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
