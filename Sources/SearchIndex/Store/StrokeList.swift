import Foundation
import NotebookFormats

/// A drawing's stroke IDs as schema 9 stores them: the IDs a notebook gives its strokes in 16
/// bytes each (`drawings.stroke_ids`), the IDs a reader derived from the file's digest and a key
/// (`StableStrokeID`: Xournal++, InkML, SVG, Rnote …) as that digest and key (`stroke_keys`),
/// from which they are derived again when a query shows them. Words name strokes by their
/// position in this list (`PackedColumns`), so the two columns together keep its order.
///
///     stroke_keys   NULL when every stroke of the list is stored (schema 8's layout), else:
///                   a varint count of sources, each a varint length and the file digest, a
///                   varint length and a key prefix (UTF-8); then one entry a stroke, in list
///                   order: varint 0 for the next of `stroke_ids`' IDs, or varint s for one
///                   derived from source s, followed by its key's number (the key is the prefix
///                   and that number in decimal) less the previous number of that source, as a
///                   zigzag varint
///
/// A key is stored so only when it ends in a number written without leading zeros; other IDs
/// are stored whole. Writing checks that every derived ID is the one the reader gave, and stores
/// the drawing's IDs whole otherwise. Decoding never traps: a malformed list ends where it
/// stops making sense.
struct StrokeList {
    private enum Entry {
        case stored(UUID)
        case derived(source: Int, number: Int)
    }

    private var sources: [(ids: StableStrokeID, prefix: String)] = []
    private var entries: [Entry] = []

    /// How many strokes the list holds.
    var count: Int { entries.count }

    /// The stroke ID at `index`; derived ones are derived here, one SHA-1 each.
    subscript(index: Int) -> UUID {
        switch entries[index] {
        case .stored(let id): return id
        case .derived(let source, let number):
            return sources[source].ids.id(key: sources[source].prefix + String(number))
        }
    }

    /// Every ID, in list order.
    var ids: [UUID] { (0..<count).map { self[$0] } }

    /// What each derived ID is derived from, as a reader reports it (`StrokeKeyLog`), so that
    /// rows copied to another index (`merge`) keep them derived.
    var origins: [UUID: StrokeKeyLog.Origin] {
        var origins: [UUID: StrokeKeyLog.Origin] = [:]
        for (index, entry) in entries.enumerated() {
            guard case .derived(let source, let number) = entry else { continue }
            origins[self[index]] = StrokeKeyLog.Origin(
                digest: sources[source].ids.fileDigest, key: sources[source].prefix + String(number))
        }
        return origins
    }

    /// The list of a drawing's `stroke_ids` and `stroke_keys` (nil or empty: every ID stored).
    init(ids: UnsafeRawBufferPointer, keys: UnsafeRawBufferPointer?) {
        let stored = PackedColumns.strokeIDs(ids)
        guard let keys, !keys.isEmpty else {
            entries = stored.map(Entry.stored)
            return
        }
        var offset = 0
        func bytes() -> UnsafeRawBufferPointer? {
            guard let length = PackedColumns.readVarint(keys, at: &offset), length <= UInt64(keys.count - offset)
            else { return nil }
            defer { offset += Int(length) }
            return UnsafeRawBufferPointer(rebasing: keys[offset..<offset + Int(length)])
        }
        guard let sourceCount = PackedColumns.readVarint(keys, at: &offset), sourceCount <= UInt64(keys.count) else {
            return
        }
        for _ in 0..<sourceCount {
            guard let digest = bytes(), let prefix = bytes() else { return }
            sources.append((StableStrokeID(fileDigest: Array(digest)), String(decoding: prefix, as: UTF8.self)))
        }
        var numbers = [Int](repeating: 0, count: sources.count)
        var next = stored.makeIterator()
        while let tag = PackedColumns.readVarint(keys, at: &offset) {
            if tag == 0 {
                guard let id = next.next() else { return }
                entries.append(.stored(id))
                continue
            }
            guard tag <= UInt64(sources.count), let delta = PackedColumns.readVarint(keys, at: &offset) else { return }
            let source = Int(tag) - 1
            let (number, overflow) = numbers[source].addingReportingOverflow(PackedColumns.unzigzag(delta))
            guard !overflow, number >= 0 else { return }
            numbers[source] = number
            entries.append(.derived(source: source, number: number))
        }
    }

    /// The two columns of a list of IDs: `keys` nil when none of them can be derived (or a
    /// derived one would not be the same ID).
    /// - Parameter origins: what a reader derived each of its IDs from (`StrokeKeyLog`).
    static func columns(of ids: [UUID], origins: [UUID: StrokeKeyLog.Origin]) -> (ids: [UInt8], keys: [UInt8]?) {
        var stored: [UInt8] = []
        var sourceIndex: [Source: Int] = [:]
        var header: [UInt8] = []
        var body: [UInt8] = []
        var numbers: [Int] = []
        for id in ids {
            guard let origin = origins[id], let (prefix, number) = split(origin.key) else {
                withUnsafeBytes(of: id.uuid) { stored.append(contentsOf: $0) }
                body.append(0)
                continue
            }
            let source = Source(digest: origin.digest, prefix: prefix)
            let index: Int
            if let known = sourceIndex[source] {
                index = known
            } else {
                index = sourceIndex.count
                sourceIndex[source] = index
                numbers.append(0)
                PackedColumns.appendVarint(UInt64(source.digest.count), to: &header)
                header += source.digest
                PackedColumns.appendVarint(UInt64(prefix.utf8.count), to: &header)
                header += Array(prefix.utf8)
            }
            PackedColumns.appendVarint(UInt64(index + 1), to: &body)
            PackedColumns.appendVarint(PackedColumns.zigzag(number - numbers[index]), to: &body)
            numbers[index] = number
        }
        guard !sourceIndex.isEmpty else { return (stored, nil) }
        var keys: [UInt8] = []
        PackedColumns.appendVarint(UInt64(sourceIndex.count), to: &keys)
        keys += header + body
        // the IDs derived again must be the reader's, or none is derived
        let same = stored.withUnsafeBytes { stored in
            keys.withUnsafeBytes { StrokeList(ids: stored, keys: $0).ids == ids }
        }
        guard same else {
            var whole: [UInt8] = []
            for id in ids { withUnsafeBytes(of: id.uuid) { whole.append(contentsOf: $0) } }
            return (whole, nil)
        }
        return (stored, keys)
    }

    private struct Source: Hashable {
        var digest: [UInt8]
        var prefix: String
    }

    /// A key as a prefix and the number it ends in, when that number is written as `String(n)`
    /// writes it (no leading zeros, at most 18 digits).
    static func split(_ key: String) -> (prefix: String, number: Int)? {
        let utf8 = Array(key.utf8)
        var start = utf8.count
        while start > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[start - 1]) { start -= 1 }
        let digits = utf8[start...]
        guard !digits.isEmpty, digits.count <= 18, digits.count == 1 || digits.first != UInt8(ascii: "0"),
            let number = Int(String(decoding: digits, as: UTF8.self))
        else { return nil }
        return (String(decoding: utf8[..<start], as: UTF8.self), number)
    }
}

extension Statement {
    /// The stroke list of the current row's `stroke_ids` and `stroke_keys` columns.
    func strokeList(ids: Int32, keys: Int32) -> StrokeList {
        withBytes(ids) { ids in
            isNull(keys) ? StrokeList(ids: ids, keys: nil) : withBytes(keys) { StrokeList(ids: ids, keys: $0) }
        }
    }
}
