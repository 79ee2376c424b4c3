import Foundation

/// The stroke IDs `StableStrokeID` derived while reading a notebook, each with the file digest
/// and the key it was derived from, so that the index can store those two instead of the ID
/// and derive the ID again when a query shows it.
///
/// ```swift
/// let log = StrokeKeyLog()
/// let notebook = try StableStrokeID.$log.withValue(log) { try NotebookFormats.read(at: url) }
/// log.origins[notebook.pages[0].drawing.strokes[0].id]  // its digest and key, if derived
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

    func record(_ id: UUID, digest: [UInt8], key: String) {
        lock.withLock { recorded[id] = Origin(digest: digest, key: key) }
    }

    /// Every ID derived so far, with its origin.
    package var origins: [UUID: Origin] { lock.withLock { recorded } }
}
