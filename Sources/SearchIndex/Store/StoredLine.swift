/// A row of `lines` read back (`PackedLine`): its words' values, found but not decoded.
///
/// A search reads many rows and keeps few, and checks one word of most: so a line's columns are
/// copied into one buffer (a single allocation), and a word's part of a column is found when it
/// is asked for, by walking the column's separators or lengths (a line holds a few words), and
/// decoded only then (`WordRow`).
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
    /// How many words it holds.
    let count: Int
    /// The text and blob columns, one after the other.
    private let bytes: [UInt8]
    private let candidates: Range<Int>
    private let folded: Range<Int>?
    private let scores: Range<Int>
    private let confidences: Range<Int>
    private let buckets: Range<Int>?
    /// `place` after the line number.
    private let places: Range<Int>
    /// Whether `scores` holds them one after the other, without lengths.
    private let plainScores: Bool

    /// Reads the row `statement` is on, whose columns are `columns` from `offset` on.
    init(_ statement: Statement, offset: Int32 = 0) {
        func column(_ column: Column) -> Int32 { offset + column.rawValue }
        id = statement.int64(column(.id))
        source = statement.int(column(.source))
        // One buffer, sized once and filled in place, with no other allocation: a line is read
        // for every row a search steps through, and a phrase reads one for each candidate.
        let total = Self.copied.reduce(0) { $0 + statement.byteCount(column($1)) }
        var ranges = CopiedRanges()
        let bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, filled in
            filled = 0
            for kind in Self.copied where !statement.isNull(column(kind)) {
                let start = filled
                statement.withBytes(column(kind)) { value in
                    let count = min(value.count, total - filled)
                    guard count > 0, let from = value.baseAddress, let to = buffer.baseAddress else { return }
                    (to + filled).update(from: from.assumingMemoryBound(to: UInt8.self), count: count)
                    filled += count
                }
                ranges[kind] = start..<filled
            }
        }
        let candidates = ranges[.candidates] ?? 0..<0
        self.candidates = candidates
        folded = ranges[.folded]
        scores = ranges[.scores] ?? candidates.upperBound..<candidates.upperBound
        confidences = ranges[.confidences] ?? scores.upperBound..<scores.upperBound
        buckets = ranges[.buckets]
        let place = ranges[.place] ?? bytes.count..<bytes.count
        var words = 1
        var readings = 1
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer[candidates] {
                if byte == PackedLine.separator {
                    words += 1
                    readings += 1
                } else if byte == UInt8(ascii: "\n") {
                    readings += 1
                }
            }
        }
        count = words
        plainScores = scores.count == 4 * readings
        var start = place.lowerBound
        let head = bytes.withUnsafeBytes { PackedColumns.readVarint($0, at: &start) } ?? 0
        line = PackedColumns.unzigzag(head)
        places = min(start, place.upperBound)..<place.upperBound
        self.bytes = bytes
    }

    /// The columns copied into `bytes`, in their order there.
    private static let copied: [Column] = [.candidates, .folded, .scores, .confidences, .buckets, .place]

    /// Where each copied column lies in `bytes`; nil for NULL. Fixed fields, not an array, so
    /// that reading a line allocates nothing but its buffer.
    private struct CopiedRanges {
        private var candidates, folded, scores, confidences, buckets, place: Range<Int>?

        subscript(kind: Column) -> Range<Int>? {
            get {
                switch kind {
                case .candidates: candidates
                case .folded: folded
                case .scores: scores
                case .confidences: confidences
                case .buckets: buckets
                case .place: place
                case .id, .source: nil
                }
            }
            set {
                switch kind {
                case .candidates: candidates = newValue
                case .folded: folded = newValue
                case .scores: scores = newValue
                case .confidences: confidences = newValue
                case .buckets: buckets = newValue
                case .place: place = newValue
                case .id, .source: break
                }
            }
        }
    }

    /// The word's part of a text column: between the separators before and after it.
    private func field(_ index: Int, of column: Range<Int>) -> Range<Int>? {
        var start = column.lowerBound
        var found = 0
        for position in column where bytes[position] == PackedLine.separator {
            if found == index { return start..<position }
            found += 1
            start = position + 1
        }
        return found == index ? start..<column.upperBound : nil
    }

    /// The word's part of a column of parts behind their lengths.
    private func lengthPrefixed(_ index: Int, of column: Range<Int>) -> Range<Int>? {
        bytes.withUnsafeBytes { buffer in
            let upToItsEnd = UnsafeRawBufferPointer(rebasing: buffer[..<column.upperBound])
            var offset = column.lowerBound
            for found in 0...index {
                guard let length = PackedColumns.readVarint(upToItsEnd, at: &offset),
                    length <= UInt64(column.upperBound - offset)
                else { return nil }
                if found == index { return offset..<offset + Int(length) }
                offset += Int(length)
            }
            return nil
        }
    }

    /// The word's readings, one per line.
    func readings(_ index: Int) -> String {
        guard let range = field(index, of: candidates) else { return "" }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// The word's best reading: the first line of its readings.
    func text(_ index: Int) -> String {
        guard let range = field(index, of: candidates) else { return "" }
        let end = bytes[range].firstIndex(of: UInt8(ascii: "\n")) ?? range.upperBound
        return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
    }

    /// The word's folded readings, stored or implied (`ImpliedColumns`).
    func folded(_ index: Int) -> String {
        guard let folded else {
            guard let range = field(index, of: candidates) else { return "" }
            return bytes.withUnsafeBytes { ImpliedColumns.lowered(UnsafeRawBufferPointer(rebasing: $0[range])) }
        }
        guard let range = field(index, of: folded) else { return "" }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// The word's folded readings as stored, nil where implied (`ImpliedColumns.folded`).
    func storedFolded(_ index: Int) -> String? {
        ImpliedColumns.folded(folded(index), candidates: readings(index))
    }

    /// The range of the word's packed scores in `bytes`.
    private func scoreRange(_ index: Int) -> Range<Int>? {
        guard plainScores else { return lengthPrefixed(index, of: scores) }
        // four bytes a reading: the readings before the word's and its own
        var word = 0
        var before = 0
        var own = 1
        for byte in bytes[candidates] {
            if byte == PackedLine.separator {
                if word == index { break }
                word += 1
                before += own
                own = 1
            } else if byte == UInt8(ascii: "\n") {
                own += 1
            }
        }
        guard word == index else { return nil }
        return scores.lowerBound + 4 * before..<scores.lowerBound + 4 * (before + own)
    }

    /// Calls `body` with the word's packed scores (`PackedColumns`).
    func withScores<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        bytes.withUnsafeBytes { buffer in
            body(
                scoreRange(index).map { UnsafeRawBufferPointer(rebasing: buffer[$0]) }
                    ?? UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    /// The word's confidence as stored; nil where its scores give it (`ImpliedColumns`).
    func storedConfidence(_ index: Int) -> Double? {
        guard !confidences.isEmpty else { return nil }
        return bytes.withUnsafeBytes { PackedLine.confidences(UnsafeRawBufferPointer(rebasing: $0[confidences])) }
            .first { $0.index == index }?.confidence
    }

    /// The word's `reading_buckets` as stored; nil for the top bucket alone.
    func storedBuckets(_ index: Int) -> String? {
        guard let buckets, let range = field(index, of: buckets), !range.isEmpty else { return nil }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// Calls `body` with the word's part of the places (`PackedPlace.wordBytes`); nil when the
    /// column holds none for it.
    private func withPlace<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T? {
        guard let range = lengthPrefixed(index, of: places) else { return nil }
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// The word's place, with the line's number.
    func place(_ index: Int) -> PackedPlace {
        withPlace(index) { PackedPlace(line: line, wordBytes: $0) }
            ?? PackedPlace(line: line, position: 0, bounds: nil, strokes: [])
    }

    /// The word's position alone, which a matcher reads for every row it steps through.
    func position(_ index: Int) -> Int {
        withPlace(index, PackedPlace.position(wordBytes:)) ?? 0
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
