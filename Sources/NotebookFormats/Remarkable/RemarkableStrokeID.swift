import Foundation

/// Stroke identities for reMarkable v6 lines, from their CRDT ids.
///
/// The UUID is a name-based UUID (`StableStrokeID.uuidV5`) of the author's UUID (from the AuthorIds
/// block, or the author index when the block is absent) and the line's counter, so a stroke keeps
/// its UUID across edits and re-syncs of the page. v3/v5 pages have no ids and use
/// `StableStrokeID` (file digest, layer, index) directly.
enum RemarkableStrokeID {
    static func v6(_ id: RemarkableCrdtID, authors: [UInt16: UUID]) -> UUID {
        var name = Array("reMarkable-v6-line:".utf8)
        if let author = authors[UInt16(id.author)] {
            name.append(contentsOf: author.uuidString.utf8)
        } else {
            name.append(contentsOf: "author-\(id.author)".utf8)
        }
        name.append(contentsOf: ":\(id.counter)".utf8)
        return StableStrokeID.uuidV5(namespace: StableStrokeID.namespace, name: name)
    }
}
