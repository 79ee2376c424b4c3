/// A row of `lines` read back (`PackedLine`): its words' values, found but not decoded.
///
/// A search reads many rows and keeps few, so a line's columns are copied and split into each
/// word's part once, and a word's readings, scores or place are decoded only when asked for
/// (`WordRow`).
struct StoredLine {
    /// Every column, from a table aliased `l`.
    static let columns = "l.id, l.source, l.candidates, l.folded, l.scores, l.confidences, l.reading_buckets, l.place"

    private enum Column: Int32 {
        case id, source, candidates, folded, scores, confidences, buckets, place
    }

    /// The ID of its first word (`WordID`).
    let id: Int64
    let source: Int
    /// The line number of every word in it.
    let line: Int
    private let candidates: [UInt8]
    private let candidateRanges: [Range<Int>]
    private let folded: [UInt8]?
    private let foldedRanges: [Range<Int>]
    private let scores: [UInt8]
    private let scoreRanges: [Range<Int>]
    private let confidences: [(index: Int, confidence: Double)]
    private let buckets: [UInt8]?
    private let place: [UInt8]
    private let placeRanges: [Range<Int>]

    /// Reads the row `statement` is on, whose columns are `columns` from `offset` on.
    init(_ statement: Statement, offset: Int32 = 0) {
        func column(_ column: Column) -> Int32 { offset + column.rawValue }
        id = statement.int64(column(.id))
        source = statement.int(column(.source))
        let candidates = statement.withBytes(column(.candidates)) { [UInt8]($0) }
        let candidateRanges = candidates.withUnsafeBytes(PackedLine.fields)
        self.candidates = candidates
        self.candidateRanges = candidateRanges
        let count = candidateRanges.count
        if statement.isNull(column(.folded)) {
            folded = nil
            foldedRanges = []
        } else {
            let bytes = statement.withBytes(column(.folded)) { [UInt8]($0) }
            folded = bytes
            foldedRanges = bytes.withUnsafeBytes(PackedLine.fields)
        }
        scores = statement.withBytes(column(.scores)) { [UInt8]($0) }
        let readingCounts = candidateRanges.map { range in
            candidates[range].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        }
        scoreRanges = scores.withUnsafeBytes { PackedLine.scoreRanges($0, readingCounts: readingCounts) }
        confidences =
            statement.isNull(column(.confidences))
            ? [] : statement.withBytes(column(.confidences), PackedLine.confidences)
        buckets = statement.isNull(column(.buckets)) ? nil : statement.withBytes(column(.buckets)) { [UInt8]($0) }
        place = statement.withBytes(column(.place)) { [UInt8]($0) }
        var start = 0
        let head = place.withUnsafeBytes { PackedColumns.readVarint($0, at: &start) } ?? 0
        line = PackedColumns.unzigzag(head)
        placeRanges = place.withUnsafeBytes { PackedLine.lengthPrefixed($0, from: start, count: count) }
    }

    /// How many words it holds.
    var count: Int { candidateRanges.count }

    /// The word's readings, one per line.
    func readings(_ index: Int) -> String { String(decoding: candidates[candidateRanges[index]], as: UTF8.self) }

    /// The word's best reading: the first line of its readings.
    func text(_ index: Int) -> String {
        let range = candidateRanges[index]
        let end = candidates[range].firstIndex(of: UInt8(ascii: "\n")) ?? range.upperBound
        return String(decoding: candidates[range.lowerBound..<end], as: UTF8.self)
    }

    /// The word's folded readings, stored or implied (`ImpliedColumns`).
    func folded(_ index: Int) -> String {
        guard let folded else {
            return candidates.withUnsafeBytes {
                ImpliedColumns.lowered(UnsafeRawBufferPointer(rebasing: $0[candidateRanges[index]]))
            }
        }
        return index < foldedRanges.count ? String(decoding: folded[foldedRanges[index]], as: UTF8.self) : ""
    }

    /// The word's folded readings as stored, nil where implied (`ImpliedColumns.folded`).
    func storedFolded(_ index: Int) -> String? {
        ImpliedColumns.folded(folded(index), candidates: readings(index))
    }

    /// Calls `body` with the word's packed scores (`PackedColumns`).
    func withScores<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        scores.withUnsafeBytes { bytes in
            body(
                index < scoreRanges.count
                    ? UnsafeRawBufferPointer(rebasing: bytes[scoreRanges[index]])
                    : UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    /// The word's confidence as stored; nil where its scores give it (`ImpliedColumns`).
    func storedConfidence(_ index: Int) -> Double? {
        confidences.first { $0.index == index }?.confidence
    }

    /// The word's `reading_buckets` as stored; nil for the top bucket alone.
    func storedBuckets(_ index: Int) -> String? {
        guard let buckets else { return nil }
        let ranges = buckets.withUnsafeBytes(PackedLine.fields)
        guard index < ranges.count, !ranges[index].isEmpty else { return nil }
        return String(decoding: buckets[ranges[index]], as: UTF8.self)
    }

    /// The word's place, with the line's number.
    func place(_ index: Int) -> PackedPlace {
        guard index < placeRanges.count else { return PackedPlace(line: line, position: 0, bounds: nil, strokes: []) }
        return place.withUnsafeBytes {
            PackedPlace(line: line, wordBytes: UnsafeRawBufferPointer(rebasing: $0[placeRanges[index]]))
        }
    }

    /// The word's position alone, which a matcher reads for every row it steps through.
    func position(_ index: Int) -> Int {
        guard index < placeRanges.count else { return 0 }
        return place.withUnsafeBytes {
            PackedPlace.position(wordBytes: UnsafeRawBufferPointer(rebasing: $0[placeRanges[index]]))
        }
    }

    /// The word's values as a writer stores them, for writing the line again with one word changed.
    func stored(_ index: Int) -> (readings: StoredReadings, place: PackedPlace) {
        (
            StoredReadings(
                candidates: readings(index), folded: storedFolded(index),
                scores: withScores(index) { [UInt8]($0) }, confidence: storedConfidence(index),
                buckets: storedBuckets(index)),
            place(index)
        )
    }
}
