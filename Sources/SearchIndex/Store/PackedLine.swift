/// Schema 13's `lines`: the words of one line of a drawing in one row.
///
/// A row of schema 12's `words` paid SQLite's cell overhead (the rowid's varint, the payload's
/// length, a cell pointer) and a record header of a byte a column for every word, about as much
/// as the word's values; a line holds five or six words, so one row a line pays it once for them.
/// A line row holds consecutive words of one drawing (by `WordID`) of one source and one line
/// number (`PackedPlace`); its ID is its first word's, so a word is its line's ID plus its index
/// there, and every word and reading keeps the ID it had (`readings_fts` is unchanged). The
/// columns, each the line's words' values together, in word order:
///
///     source        0 handwriting, 1 typed text (the same for every word of the row)
///     candidates    each word's readings (one per line, as `words.candidates`), words separated
///                   by U+001F (no reading holds a control character: `IndexStore.oneLine`)
///     folded        the same for the folded readings; NULL where it is `candidates` lowercased
///                   (`ImpliedColumns`): so only when no word's is implied does it hold them all
///     scores        each word's packed scores (`PackedColumns`), one after the other where every
///                   word's are Float32s, one for each of its readings (the length is then four
///                   times the line's count of readings, and the readings give each word's);
///                   else each behind its length, a varint, and a zero byte after them where the
///                   length would be four times the count of readings
///     confidences   the confidences stored (`ImpliedColumns`): the word's index, a varint, then
///                   the Float64's 8 bytes little-endian; NULL where every one is implied
///     reading_buckets  each word's list of buckets (`ReadingID`, space-separated) separated by
///                   U+001F, empty for the top bucket alone; NULL where every word's is that
///     place         the line number (zigzag varint) once, then each word's place behind its
///                   length, a varint (`PackedPlace.wordBytes`: position, bounds, strokes)
///
/// Decoding never traps: a column shorter than the candidates say reads as empty values.
enum PackedLine {
    /// Separates the words' values in the text columns.
    static let separator: UInt8 = 0x1F
    static let separatorString = "\u{1F}"

    /// What a writer stores of a line's words.
    struct Columns {
        var candidates: String
        var folded: String?
        var scores: [UInt8]
        var confidences: [UInt8]?
        var buckets: String?
        var place: [UInt8]

        /// The columns of `words` (what is stored of each one's readings, and its place), on line `line`.
        init(line: Int, words: [(readings: StoredReadings, place: PackedPlace)]) {
            candidates = words.map(\.readings.candidates).joined(separator: separatorString)
            if words.contains(where: { $0.readings.folded != nil }) {
                folded = words.map { word in
                    var candidates = word.readings.candidates
                    return word.readings.folded
                        ?? candidates.withUTF8 { ImpliedColumns.lowered(UnsafeRawBufferPointer($0)) }
                }.joined(separator: separatorString)
            }
            scores = PackedLine.scores(words.map(\.readings))
            var confidences: [UInt8] = []
            place = PackedLine.place(line: line, places: words.map(\.place))
            for (index, word) in words.enumerated() {
                if let confidence = word.readings.confidence {
                    PackedColumns.appendVarint(UInt64(index), to: &confidences)
                    withUnsafeBytes(of: confidence.bitPattern.littleEndian) { confidences.append(contentsOf: $0) }
                }
            }
            self.confidences = confidences.isEmpty ? nil : confidences
            if words.contains(where: { $0.readings.buckets != nil }) {
                buckets = words.map { $0.readings.buckets ?? "" }.joined(separator: separatorString)
            }
        }
    }

    /// The `scores` column of words read `readings`: plain where every word's scores are a
    /// Float32 for each of its readings, else with lengths.
    static func scores(_ readings: [StoredReadings]) -> [UInt8] {
        let counts = readings.map { $0.candidates.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
        if zip(readings, counts).allSatisfy({ $0.scores.count == 4 * $1 }) {
            return readings.flatMap(\.scores)
        }
        var bytes: [UInt8] = []
        for word in readings {
            PackedColumns.appendVarint(UInt64(word.scores.count), to: &bytes)
            bytes.append(contentsOf: word.scores)
        }
        // so that the length never says plain
        if bytes.count == 4 * counts.reduce(0, +) { bytes.append(0) }
        return bytes
    }

    /// The `place` column of the words at `places`, on line `line`.
    static func place(line: Int, places: [PackedPlace]) -> [UInt8] {
        var bytes: [UInt8] = []
        PackedColumns.appendVarint(PackedColumns.zigzag(line), to: &bytes)
        for place in places {
            let word = place.wordBytes
            PackedColumns.appendVarint(UInt64(word.count), to: &bytes)
            bytes.append(contentsOf: word)
        }
        return bytes
    }

    /// The stored confidences: (word index, confidence) pairs.
    static func confidences(_ bytes: UnsafeRawBufferPointer) -> [(index: Int, confidence: Double)] {
        var pairs: [(index: Int, confidence: Double)] = []
        var offset = 0
        while let index = PackedColumns.readVarint(bytes, at: &offset), offset + 8 <= bytes.count {
            var bits: UInt64 = 0
            for byte in (0..<8).reversed() { bits = bits << 8 | UInt64(bytes[offset + byte]) }
            offset += 8
            pairs.append((Int(truncatingIfNeeded: index), Double(bitPattern: bits)))
        }
        return pairs
    }
}
