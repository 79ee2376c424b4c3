import Foundation

/// Derives stroke identifiers for formats that store none (Xournal++, InkML, SVG, reMarkable v3/v5),
/// so that the same file gives the same `UUID`s on every run and on every machine.
///
/// Each ID is a name-based UUID (RFC 4122 version 5: SHA-1, variant bits set) whose name is the
/// SHA-1 digest of the file's bytes followed by a key naming the stroke within the file, either its
/// position (`page/layer/index`) or an identifier the file gives it (InkML `xml:id`). Two different
/// files therefore never share IDs, and editing a file gives all its strokes new IDs (the index
/// re-recognizes a changed file anyway).
///
/// ```swift
/// let ids = StableStrokeID(fileContents: bytes)
/// let id = ids.id(page: 0, layer: 1, index: 12)
/// ```
package struct StableStrokeID: Sendable, Hashable {
    /// The namespace UUID of this project's stroke IDs (a fixed random value).
    package static let namespace = UUID(uuidString: "6B0D5C1E-3A8F-4E52-9C61-2F7A1D4B8E90") ?? UUID()

    /// SHA-1 of the file's bytes.
    package let fileDigest: [UInt8]

    /// Hashes the file's bytes (as stored on disk, before any decompression).
    package init(fileContents: [UInt8]) {
        self.fileDigest = SHA1.hash(fileContents)
    }

    /// Uses a digest computed elsewhere (at least 16 bytes).
    package init(fileDigest: [UInt8]) {
        self.fileDigest = fileDigest
    }

    /// The ID of the stroke at `index` in `layer` of `page` (all counted from 0, in file order).
    package func id(page: Int, layer: Int = 0, index: Int) -> UUID {
        id(key: "\(page)/\(layer)/\(index)")
    }

    /// The ID of the stroke the file names `key` (for example an InkML trace's `xml:id`).
    package func id(key: String) -> UUID {
        var name = fileDigest
        name.append(contentsOf: key.utf8)
        let id = StableStrokeID.uuidV5(namespace: StableStrokeID.namespace, name: name)
        Self.log?.record(id, digest: fileDigest, key: key)
        return id
    }

    /// Where the IDs derived while it is set are written down (`StrokeKeyLog`): the index stores
    /// a derived ID as its digest and key, from which it derives the ID again, instead of its 16
    /// bytes. Task-local, so a reader run under it needs no parameter for it.
    @TaskLocal package static var log: StrokeKeyLog?

    /// RFC 4122 §4.3: SHA-1 of namespace bytes + name, version 5, variant 10.
    package static func uuidV5(namespace: UUID, name: [UInt8]) -> UUID {
        let ns = namespace.uuid
        var sha = SHA1()
        sha.update([
            ns.0, ns.1, ns.2, ns.3, ns.4, ns.5, ns.6, ns.7, ns.8, ns.9, ns.10, ns.11, ns.12, ns.13, ns.14, ns.15,
        ])
        sha.update(name)
        let h = sha.finalize()
        return UUID(
            uuid: (
                h[0], h[1], h[2], h[3], h[4], h[5], (h[6] & 0x0f) | 0x50, h[7],
                (h[8] & 0x3f) | 0x80, h[9], h[10], h[11], h[12], h[13], h[14], h[15]
            ))
    }
}
