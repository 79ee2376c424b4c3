/// Why a reMarkable `.rm` file or notebook folder could not be read.
///
/// Thrown inside the reMarkable reader; `RemarkableReader.read(at:)` turns it into a `ReadError`
/// whose description is the one-line reason shown after `path: `.
enum RemarkableFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not start with `reMarkable .lines file, version=`.
    case notLinesFile
    /// A `.lines` version this reader does not know (pre-v3 multi-page files, future versions).
    case unsupportedVersion(String)
    /// Fewer bytes remain than the value being read needs.
    case truncated(offset: Int, needed: Int)
    /// A count or length larger than the bytes that could hold it.
    case absurdCount(what: String, count: UInt64, offset: Int)
    /// A tagged field other than the one the layout requires.
    case unexpectedTag(offset: Int, expectedIndex: Int, expectedType: UInt8, found: UInt64)
    /// Any other structural problem, with the byte offset where it was found.
    case malformed(String, offset: Int)
    /// Notebook-folder problems (missing `.content`, bad JSON, …).
    case folder(String)

    var description: String {
        switch self {
        case .notLinesFile:
            return "not a reMarkable .lines file (bad header)"
        case .unsupportedVersion(let version):
            return "unsupported reMarkable .lines version \(version)"
        case .truncated(let offset, let needed):
            return "truncated at byte \(offset) (needed \(needed) more bytes)"
        case .absurdCount(let what, let count, let offset):
            return "\(what) count \(count) at byte \(offset) exceeds the data left"
        case .unexpectedTag(let offset, let index, let type, let found):
            return "unexpected tag at byte \(offset): expected field \(index) type \(type),"
                + " found field \(found >> 4) type \(found & 0xF)"
        case .malformed(let reason, let offset):
            return "\(reason) at byte \(offset)"
        case .folder(let reason):
            return reason
        }
    }
}
