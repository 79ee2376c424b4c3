import Foundation

/// What the reader's verdict sees of a read word: its reading, its ink against its line's writing
/// size, the stroke classifier's probabilities of its traces, and its line and page around it.
extension ReaderVerdict {
    /// How many values `features` gives each word.
    package static let featureCount = 19

    /// Each word's values, line by line, in the order of `featureCount`'s list:
    ///
    ///  0. confidence of the best reading;
    ///  1. whether the best reading, stripped of marks at its ends, is a listed word;
    ///  2-4. its share of letters, digits and other characters;
    ///  5. log(1 + its characters);
    ///  6. log(1 + the word's traces); 7. log(traces per character);
    ///  8-9. the mean and the least probability of writing of the word's traces;
    ///  10. log(the word's height / the line's writing size);
    ///  11. log(ink length per character / writing size); 18. log(width per character / writing size);
    ///  12. the line's `textLikelihood`; 13. the line's mean confidence; 14. the line's share of
    ///  listed words; 15. log(1 + the line's words);
    ///  16. log(the line's writing size / the median of the page's lines);
    ///  17. log(1 + the word's readings).
    ///
    /// Nil for a line without the classifier's probabilities.
    package static func features(of read: [(TextLine, [DecodedWord])], reader: any LineReading) -> [[[Double]]?] {
        let sizes = read.map(\.0.writingSize).filter { $0 > 0 }.sorted()
        let pageSize = sizes.isEmpty ? 1 : sizes[sizes.count / 2]
        return read.map { line, words -> [[Double]]? in
            guard !line.traceWriting.isEmpty, line.writingSize > 0 else { return nil }
            let size = line.writingSize
            let known = words.map { word in
                let core = (word.candidates.first?.text ?? "").trimmingCharacters(in: .alphanumerics.inverted)
                return !core.isEmpty && reader.knows(core) ? 1.0 : 0.0
            }
            let lineConfidence = words.map(\.confidence).reduce(0, +) / Double(max(words.count, 1))
            let lineKnown = known.reduce(0, +) / Double(max(words.count, 1))
            let ranges = line.ink.traceRanges
            return words.indices.map { w -> [Double] in
                let word = words[w]
                let text = word.candidates.first?.text ?? ""
                let characters = Double(max(text.count, 1))
                let letters = Double(text.filter(\.isLetter).count)
                let digits = Double(text.filter(\.isNumber).count)
                let indices = word.pointIndices ?? Array(word.pointRange)
                let points = indices.filter { line.ink.points.indices.contains($0) }
                let pointSet = Set(points)
                let traces = ranges.indices.filter { t in
                    word.pointIndices == nil
                        ? ranges[t].overlaps(word.pointRange) : ranges[t].contains { pointSet.contains($0) }
                }
                let writing = traces.map { line.traceWriting[min($0, line.traceWriting.count - 1)] }
                var length = 0.0
                for (a, b) in zip(points, points.dropFirst()) where b == a + 1 && !line.ink.points[b].startsTrace {
                    length += line.ink.points[a].location.distance(to: line.ink.points[b].location)
                }
                let xs = points.map { line.ink.points[$0].location.x },
                    ys = points.map { line.ink.points[$0].location.y }
                let height = (ys.max() ?? 0) - (ys.min() ?? 0), width = (xs.max() ?? 0) - (xs.min() ?? 0)
                let floor = 0.01
                return [
                    word.confidence, known[w],
                    letters / characters, digits / characters, (characters - letters - digits) / characters,
                    log(1 + characters),
                    log(1 + Double(traces.count)), log(Double(max(traces.count, 1)) / characters),
                    writing.isEmpty ? 1 : writing.reduce(0, +) / Double(writing.count), writing.min() ?? 1,
                    log(max(height / size, floor)),
                    log(max(length / size / characters, floor)),
                    line.textLikelihood, lineConfidence, lineKnown, log(1 + Double(words.count)),
                    log(size / pageSize),
                    log(1 + Double(word.candidates.count)),
                    log(max(width / size / characters, floor)),
                ]
            }
        }
    }
}
