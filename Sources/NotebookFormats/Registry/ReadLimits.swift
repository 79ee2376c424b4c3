import DrawingModel

/// Hard caps every reader in this module applies before it allocates, so that no file (broken,
/// hostile or merely huge) can make a reader run out of memory or time.
///
/// The numbers are far above anything a real notebook reaches: the largest corpus file expands to
/// about 2 MB, the longest stroke has a few thousand points.
package enum ReadLimits {
    /// Largest file read from disk (bytes). With the document it expands to and its points,
    /// one read then stays well under 1 GB.
    package static let maxFileSize = 256 << 20
    /// Largest document a gzip stream or zip entry may expand to (bytes).
    package static let maxExpandedSize = 256 << 20
    /// Largest number of entries a zip central directory may list.
    package static let maxZipEntries = 65_535
    /// Deepest element nesting accepted in XML.
    package static let maxXMLDepth = 256
    /// Most attributes accepted on one XML element.
    package static let maxXMLAttributes = 1_024
    /// Longest element or attribute name accepted in XML (bytes).
    package static let maxXMLNameLength = 1_024
    /// Most pages accepted in one notebook.
    package static let maxPages = 100_000
    /// Most strokes accepted on one page.
    package static let maxStrokesPerPage = 1_000_000
    /// Most points accepted in one stroke (72 MB of `StrokePoint`s).
    package static let maxPointsPerStroke = 1_000_000
    /// Most channel values decoded from one InkML trace (defaults of omitted channels included).
    package static let maxValuesPerTrace = 1 << 23
}

/// The points one file may bring, counted across its pages while readers make strokes, so that a
/// small compressed file of millions of points is refused before its points take gigabytes
/// (`checkedInk()` counts again afterwards, for readers that do not charge).
///
/// The registry gives every read its own budget through a task local; readers call `charge(_:)`
/// as they make each stroke. A reader runs on one thread, so the count needs no lock.
final class PointBudget: @unchecked Sendable {
    @TaskLocal static var current: PointBudget?
    let limit: Int
    private var used = 0

    init(limit: Int = InkLimits.maxPointsPerFile) {
        self.limit = limit
    }

    /// Adds `count` points to the current read's total.
    /// - Throws: `ReadError` once the file has more than the budget's `limit`.
    static func charge(_ count: Int) throws(ReadError) {
        guard let budget = current else { return }
        budget.used += count
        guard budget.used <= budget.limit else { throw ReadError(InkLimits.tooManyPoints(budget.limit)) }
    }
}

extension ReadLimits {
    /// Why a file that is not a regular file (a FIFO, a device, a socket) is not read.
    package static let notRegular = "not a regular file (a pipe, device or socket); only regular files are read"

    /// Why a file of `size` bytes is not read; nil when its size is within the limit. Checked
    /// before the file is hashed or read.
    package static func sizeRefusal(_ size: Int64) -> String? {
        guard size > maxFileSize else { return nil }
        return "file is \(describeByteCount(Int(clamping: size))), over the \(describeByteCount(maxFileSize)) limit"
    }
}

/// Formats a byte count for messages: "512 MB", "3.2 KB".
func describeByteCount(_ count: Int) -> String {
    let units = ["bytes", "KB", "MB", "GB", "TB"]
    var value = Double(count)
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
        value /= 1024
        unit += 1
    }
    if unit == 0 { return "\(count) bytes" }
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? "\(Int(rounded)) \(units[unit])" : "\(rounded) \(units[unit])"
}
