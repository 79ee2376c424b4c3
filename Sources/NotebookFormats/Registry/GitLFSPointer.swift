import Foundation

/// A Git LFS pointer file: what a clone holds in place of a large file until `git lfs pull`
/// fetches it. Recognised so that it is refused with that advice instead of a parser's error.
///
/// ```
/// version https://git-lfs.github.com/spec/v1
/// oid sha256:4d7a2146…
/// size 12345
/// ```
/// The specification keeps pointer files under 1,024 bytes.
enum GitLFSPointer {
    /// The first line of every pointer file.
    static let signature = Array("version https://git-lfs.github.com/spec/v1".utf8)
    /// Pointer files are smaller than this (bytes).
    static let maxSize = 1024
    /// The one-line reason a pointer is not read.
    static let refusal = "a Git LFS pointer, not the notebook: run `git lfs pull`"

    /// Whether `bytes` (a whole file) is a Git LFS pointer.
    static func matches(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count < maxSize && bytes.starts(with: signature)
    }

    /// Whether the file at `url` is a Git LFS pointer: a regular file under `maxSize` bytes that
    /// starts with the signature. Anything else (folders, pipes, larger files) is not read.
    static func matches(fileAt url: URL) -> Bool {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < maxSize,
            info.st_size >= signature.count,
            let data = try? Data(contentsOf: url)
        else { return false }
        return matches([UInt8](data))
    }
}
