import Foundation
import NotebookFormats

/// A drawing's stroke IDs as schema 9 stores them: the IDs a notebook gives its strokes in 16
/// bytes each (`drawings.stroke_ids`), the IDs a reader derived from the file's digest and a key
/// (`StableStrokeID`: Xournal++, InkML, SVG, Rnote …) as that digest and key (`stroke_keys`),
/// from which they are derived again when a query shows them. Words name strokes by their
/// position in this list (`PackedColumns`), so the two columns together keep its order.
///
///     stroke_keys   NULL when every stroke of the list is stored and no build has looked at it
///                   since an upgrade from schema 8 (`IndexStore.deriveStrokeIDs`); empty when
///                   every stroke is stored; else a varint count S of sources, each a varint
///                   length and the file digest, a varint length and a key prefix (UTF-8); then
///                   runs of strokes, in list order, each a varint h: h mod (S + 1) is 0 for the
///                   next of `stroke_ids`' IDs, or s for strokes derived from source s, and the
///                   run is h / (S + 1) + 1 strokes long; a run of source s is followed by its
///                   first key's number (the key is the prefix and that number in decimal) less
///                   the last number of that source before it, as a zigzag varint, and numbers
///                   its strokes from there on by one
///
/// Words name their strokes in place order, so a drawing's strokes mostly come in runs of
/// consecutive keys: a page of a few hundred strokes takes a few dozen bytes. A key is stored so
/// only when it ends in a number written without leading zeros; other IDs are stored whole.
/// Writing checks that every derived ID is the one the reader gave, and stores the drawing's IDs
/// whole otherwise. Decoding never traps and never holds more than the runs: a malformed list
/// ends where it stops making sense.
struct StrokeList {
    private struct Run {
        /// The list position of its first stroke.
        var start: Int
        var length: Int
        /// Nil for stored IDs.
        var source: Int?
        /// The first stored ID's index in `stored`, or the first key's number.
        var first: Int
    }

    /// The IDs of `stroke_ids`, 16 bytes each, as read: a hit names a few strokes of a drawing
    /// that may hold hundreds, so each is made a `UUID` only when looked up.
    private var stored: [UInt8] = []
    private var storedCount: Int { stored.count / 16 }
    private var sources: [(ids: StableStrokeID, prefix: String)] = []
    private var runs: [Run] = []

    /// How many strokes the list holds.
    private(set) var count = 0

    /// At most this many strokes a list (a damaged one claims no more).
    private static let maxCount = 1 << 24

    /// The stroke ID at `index`; derived ones are derived here, one SHA-1 each.
    subscript(index: Int) -> UUID {
        var low = 0
        var high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].start <= index { low = middle } else { high = middle - 1 }
        }
        let run = runs[low]
        let offset = index - run.start
        guard let source = run.source else { return storedID(run.first + offset) }
        return sources[source].ids.id(key: sources[source].prefix + String(run.first + offset))
    }

    private func storedID(_ index: Int) -> UUID {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: stored[index * 16..<index * 16 + 16]) }
        return UUID(uuid: uuid)
    }

    /// Every ID, in list order.
    var ids: [UUID] { (0..<count).map { self[$0] } }

    /// What each derived ID is derived from, as a reader reports it (`StrokeKeyLog`), so that
    /// rows copied to another index (`merge`) keep them derived.
    var origins: [UUID: StrokeKeyLog.Origin] {
        var origins: [UUID: StrokeKeyLog.Origin] = [:]
        for run in runs {
            guard let source = run.source else { continue }
            for number in run.first..<run.first + run.length {
                let origin = StrokeKeyLog.Origin(
                    digest: sources[source].ids.fileDigest, key: sources[source].prefix + String(number))
                origins[origin.id] = origin
            }
        }
        return origins
    }

    /// The list of a drawing's `stroke_ids` and `stroke_keys` (nil or empty: every ID stored).
    init(ids: UnsafeRawBufferPointer, keys: UnsafeRawBufferPointer?) {
        stored = Array(UnsafeRawBufferPointer(rebasing: ids[0..<ids.count / 16 * 16]))
        guard let keys, !keys.isEmpty else {
            if storedCount > 0 { runs = [Run(start: 0, length: storedCount, source: nil, first: 0)] }
            count = storedCount
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
        let kinds = UInt64(sources.count + 1)
        var numbers = [Int](repeating: 0, count: sources.count)
        var nextStored = 0
        while let head = PackedColumns.readVarint(keys, at: &offset) {
            let (tag, extra) = (Int(head % kinds), head / kinds)
            guard extra < UInt64(Self.maxCount - count) else { return }
            let length = Int(extra) + 1
            guard tag > 0 else {
                guard length <= storedCount - nextStored else { return }
                runs.append(Run(start: count, length: length, source: nil, first: nextStored))
                nextStored += length
                count += length
                continue
            }
            guard let delta = PackedColumns.readVarint(keys, at: &offset) else { return }
            let source = tag - 1
            let (first, overflow) = numbers[source].addingReportingOverflow(PackedColumns.unzigzag(delta))
            guard !overflow, first >= 0, first <= Int.max - length else { return }
            numbers[source] = first + length - 1
            runs.append(Run(start: count, length: length, source: source, first: first))
            count += length
        }
    }

    /// The two columns of a list of IDs: `keys` nil when none of them can be derived (or a
    /// derived one would not be the same ID).
    /// - Parameter origins: what a reader derived each of its IDs from (`StrokeKeyLog`).
    static func columns(of ids: [UUID], origins: [UUID: StrokeKeyLog.Origin]) -> (ids: [UInt8], keys: [UInt8]?) {
        var stored: [UInt8] = []
        var sourceIndex: [Source: Int] = [:]
        var header: [UInt8] = []
        // each stroke stored (nil) or derived (source, number), runs made once the sources are known
        var strokes: [(source: Int, number: Int)?] = []
        for id in ids {
            guard let origin = origins[id], let (prefix, number) = split(origin.key) else {
                withUnsafeBytes(of: id.uuid) { stored.append(contentsOf: $0) }
                strokes.append(nil)
                continue
            }
            let source = Source(digest: origin.digest, prefix: prefix)
            let index: Int
            if let known = sourceIndex[source] {
                index = known
            } else {
                index = sourceIndex.count
                sourceIndex[source] = index
                PackedColumns.appendVarint(UInt64(source.digest.count), to: &header)
                header += source.digest
                PackedColumns.appendVarint(UInt64(prefix.utf8.count), to: &header)
                header += Array(prefix.utf8)
            }
            strokes.append((index, number))
        }
        guard !sourceIndex.isEmpty else { return (stored, nil) }
        var keys: [UInt8] = []
        PackedColumns.appendVarint(UInt64(sourceIndex.count), to: &keys)
        keys += header
        let kinds = UInt64(sourceIndex.count + 1)
        var numbers = [Int](repeating: 0, count: sourceIndex.count)
        var start = 0
        while start < strokes.count {
            var end = start + 1
            if let first = strokes[start] {
                while end < strokes.count, let next = strokes[end], next.source == first.source,
                    next.number == first.number + (end - start)
                {
                    end += 1
                }
                PackedColumns.appendVarint(UInt64(end - start - 1) * kinds + UInt64(first.source + 1), to: &keys)
                PackedColumns.appendVarint(PackedColumns.zigzag(first.number - numbers[first.source]), to: &keys)
                numbers[first.source] = first.number + (end - start - 1)
            } else {
                while end < strokes.count, strokes[end] == nil { end += 1 }
                PackedColumns.appendVarint(UInt64(end - start - 1) * kinds, to: &keys)
            }
            start = end
        }
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

    /// The order a drawing keeps its stroke IDs in: the stored ones as given, then the derived
    /// ones by source and number, so that they make long runs.
    static func order(_ ids: [UUID], origins: [UUID: StrokeKeyLog.Origin]) -> [UUID] {
        var sourceIndex: [Source: Int] = [:]
        var stored: [UUID] = []
        var derived: [(source: Int, number: Int, id: UUID)] = []
        for id in ids {
            guard let origin = origins[id], let (prefix, number) = split(origin.key) else {
                stored.append(id)
                continue
            }
            let source = Source(digest: origin.digest, prefix: prefix)
            let index = sourceIndex[source] ?? sourceIndex.count
            sourceIndex[source] = index
            derived.append((index, number, id))
        }
        derived.sort { ($0.source, $0.number) < ($1.source, $1.number) }
        return stored + derived.map(\.id)
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
