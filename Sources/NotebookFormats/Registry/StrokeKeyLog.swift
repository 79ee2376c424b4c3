import Foundation

/// The stroke IDs `StableStrokeID` derived while reading a notebook, each with the file digest
/// and the key it was derived from, so that the index can store those two instead of the ID
/// and derive the ID again when a query shows it.
///
/// ```swift
/// let (notebook, origins) = try StrokeKeyLog.recording { try NotebookFormats.read(at: url) }
/// origins[notebook.pages[0].drawing.strokes[0].id]  // its digest and key, if derived
/// ```
package final class StrokeKeyLog: @unchecked Sendable {
    /// What a derived stroke ID was derived from: `StableStrokeID(fileDigest: digest).id(key: key)`.
    package struct Origin: Hashable, Sendable {
        package var digest: [UInt8]
        package var key: String

        package init(digest: [UInt8], key: String) {
            self.digest = digest
            self.key = key
        }

        /// The stroke ID it gives.
        package var id: UUID { StableStrokeID(fileDigest: digest).id(key: key) }
    }

    private let lock = NSLock()
    private var recorded: [UUID: Origin] = [:]

    package init() {}

    /// What `read` returns, with the origin of every stroke ID derived while it ran.
    package static func recording<Value>(_ read: () throws -> Value) rethrows -> (Value, [UUID: Origin]) {
        let log = StrokeKeyLog()
        let value = try StableStrokeID.$log.withValue(log) { try read() }
        return (value, log.origins)
    }

    func record(_ id: UUID, digest: [UInt8], key: String) {
        lock.withLock { recorded[id] = Origin(digest: digest, key: key) }
    }

    /// Every ID derived so far, with its origin.
    package var origins: [UUID: Origin] { lock.withLock { recorded } }
}
