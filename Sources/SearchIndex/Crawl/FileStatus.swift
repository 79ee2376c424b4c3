import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat(2)` says about a path (following symlinks).
struct FileStatus: Sendable, Hashable {
    /// Device and inode: the identity used to detect symlink loops and the same file seen twice.
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    var identity: Identity
    var isFolder: Bool
    var isRegularFile: Bool
    var size: Int64
    /// Nanoseconds since 1970.
    var modificationTime: Int64

    /// nil when the path does not exist or cannot be examined (a broken symlink, no permission).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        let type = info.st_mode & S_IFMT
        isFolder = type == S_IFDIR
        isRegularFile = type == S_IFREG
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modificationTime = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        modificationTime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }
}
