import Foundation

/// Opening files: the size cap on disk, and unwrapping the gzip or zip container around a document,
/// decided by magic bytes (never by extension).
enum Containers {
    /// Reads a whole file, refusing one larger than `ReadLimits.maxFileSize` before reading it.
    /// Only regular files are read: a FIFO or a device (`/dev/zero` behind a link) never ends.
    static func readFile(at url: URL) throws(ReadError) -> [UInt8] {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            throw ReadError("cannot read the file (\(String(cString: strerror(errno)).lowercased()))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ReadError("is a folder, not a notebook file")
        default: throw ReadError(ReadLimits.notRegular)
        }
        if let reason = ReadLimits.sizeRefusal(Int64(info.st_size)) { throw ReadError(reason) }
        do {
            let data = try Data(contentsOf: url)
            guard data.count <= ReadLimits.maxFileSize else {
                throw ReadError("file is over the \(describeByteCount(ReadLimits.maxFileSize)) limit")
            }
            return [UInt8](data)
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError("cannot read the file (\(describe(error)))")
        }
    }

    /// The document inside `bytes`: gzip is inflated, a zip archive gives the entry `pickEntry`
    /// chooses, anything else is returned as is.
    static func unwrap(
        _ bytes: [UInt8], pickEntry: (ZipArchive) -> ZipArchive.Entry?
    ) throws(ReadError) -> (document: [UInt8], container: FormatProbe.Container) {
        if Gzip.hasMagic(bytes) { return (try Gzip.decompress(bytes), .gzip) }
        if ZipArchive.hasMagic(bytes) {
            let archive = try ZipArchive(bytes)
            guard let entry = pickEntry(archive) else {
                throw ReadError(ZipArchive.notANotebook(archive.entries))
            }
            return (try archive.contents(of: entry), .zip)
        }
        return (bytes, .none)
    }

    /// A short reason for a Foundation error (no paths: the caller names the file).
    private static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
            case NSFileReadNoPermissionError: return "permission denied"
            default: break
            }
        }
        return ns.localizedDescription
    }
}
