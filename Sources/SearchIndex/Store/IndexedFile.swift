import DrawingModel
import Foundation
import NotebookFormats
import Recognition
import TextMatching

/// How a file looked when it was indexed: enough to tell, cheaply, whether it changed.
package struct FileFingerprint: Sendable, Hashable {
    /// Bytes (for a notebook folder: the sum over its files).
    package var size: Int64
    /// Modification time in nanoseconds since 1970 (for a folder: the newest of its files).
    package var modificationTime: Int64
    /// SHA-256 of the content, hex; empty until computed.
    package var contentHash: String

    package init(size: Int64, modificationTime: Int64, contentHash: String = "") {
        self.size = size
        self.modificationTime = modificationTime
        self.contentHash = contentHash
    }
}

/// One word as the index stores it: handwriting from the recognizer, or a word of typed text.
package struct IndexedWord: Sendable, Hashable {
    package enum Source: Int, Sendable {
        case handwriting = 0
        case typedText = 1
    }

    package var source: Source
    /// Line number within its source on the page (handwriting lines top to bottom; typed lines in
    /// element order).
    package var line: Int
    /// Word number within the line, from 0.
    package var position: Int
    /// Best first; never empty.
    package var candidates: [WordCandidate]
    package var confidence: Double
    /// Sorted, so that stored rows compare equal across builds.
    package var strokeIDs: [UUID]
    /// Drawing coordinates; nil for typed text the format gives no box for.
    package var bounds: Rect?

    package init(
        source: Source, line: Int, position: Int, candidates: [WordCandidate], confidence: Double,
        strokeIDs: [UUID], bounds: Rect?
    ) {
        self.source = source
        self.line = line
        self.position = position
        self.candidates = candidates
        self.confidence = confidence
        self.strokeIDs = strokeIDs
        self.bounds = bounds
    }

    /// The best reading.
    package var text: String { candidates.first?.text ?? "" }
}

/// One page's drawing as stored, with its words.
package struct IndexedDrawing: Sendable, Hashable {
    package var page: Int
    /// `DrawingKey` of the drawing: equal keys mean equal ink, so recognition can be reused.
    package var key: String
    package var strokeCount: Int
    /// The recognizer version that produced the handwriting words.
    package var recognitionVersion: Int
    package var words: [IndexedWord]

    package init(page: Int, key: String, strokeCount: Int, recognitionVersion: Int, words: [IndexedWord]) {
        self.page = page
        self.key = key
        self.strokeCount = strokeCount
        self.recognitionVersion = recognitionVersion
        self.words = words
    }

    /// The best reading of the handwriting, one line per line.
    package var text: String { lines(of: .handwriting).joined(separator: "\n") }

    /// The lines of one source, top to bottom (typed text in element order): each the best
    /// readings of its words, in position order, joined by spaces (`CJKText.joined`: none
    /// between CJK characters).
    package func lines(of source: IndexedWord.Source) -> [String] {
        var lines: [Int: [(position: Int, text: String)]] = [:]
        for word in words where word.source == source {
            lines[word.line, default: []].append((word.position, word.text))
        }
        return lines.keys.sorted().compactMap { line in
            lines[line].map { CJKText.joined($0.sorted { $0.position < $1.position }.map(\.text)) }
        }
    }
}

/// Everything the index stores for one file; written in one transaction.
package struct IndexedFile: Sendable {
    /// Absolute path.
    package var path: String
    package var fingerprint: FileFingerprint
    package var format: String
    package var title: String?
    package var drawings: [IndexedDrawing]
    /// What the reader derived each derived stroke ID from (`StrokeKeyLog`), so the index stores
    /// that instead of the ID (`StrokeList`).
    package var strokeOrigins: [UUID: StrokeKeyLog.Origin]

    package init(
        path: String, fingerprint: FileFingerprint, format: String, title: String?, drawings: [IndexedDrawing],
        strokeOrigins: [UUID: StrokeKeyLog.Origin] = [:]
    ) {
        self.path = path
        self.fingerprint = fingerprint
        self.format = format
        self.title = title
        self.drawings = drawings
        self.strokeOrigins = strokeOrigins
    }
}

/// A file as the last build left it in the index (`export --markdown`).
package struct StoredNotebook: Sendable, Hashable {
    /// Absolute path.
    package var path: String
    /// Nil for a file that could not be read.
    package var format: String?
    package var title: String?
    package var pages: Int
    /// The reason the last build could not read it; nil when it is indexed.
    package var error: String?
}

/// What the index remembers of a file, for deciding what a build must do.
package struct FileRecord: Sendable, Hashable {
    package var id: Int64
    package var path: String
    package var fingerprint: FileFingerprint
    package var format: String?
    /// The reason the last attempt failed; nil when the file is indexed.
    package var error: String?
    /// True when some drawing was recognized by another recognizer version than the current one.
    package var hasStaleDrawings: Bool
}

extension IndexedWord {
    /// The words of a transcript, in reading order, CJK characters one word each
    /// (`handwriting(_:line:position:)`).
    package static func handwriting(_ transcript: Transcript) -> [IndexedWord] {
        var words: [IndexedWord] = []
        for (lineNumber, line) in transcript.lines.enumerated() {
            for (position, word) in line.words.enumerated() {
                words += handwriting(word, line: lineNumber, position: position)
            }
        }
        return numberedInLines(words)
    }

    /// The words of a page's typed text: each element's lines, split at white space, and CJK
    /// characters one word each. A word's box is estimated from the element's box: lines share
    /// its height evenly, words its width by characters.
    package static func typedText(_ texts: [TextElement]) -> [IndexedWord] {
        var words: [IndexedWord] = []
        var lineNumber = 0
        for element in texts {
            let lines = element.text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
            for (row, line) in lines.enumerated() {
                let length = Double(max(line.count, 1))
                var position = 0
                var offset = 0
                var index = line.startIndex
                while index < line.endIndex {
                    guard !line[index].isWhitespace else {
                        index = line.index(after: index)
                        offset += 1
                        continue
                    }
                    let end = line[index...].firstIndex(where: \.isWhitespace) ?? line.endIndex
                    let word = line[index..<end]
                    let bounds = element.bounds.map { box in
                        Rect(
                            x: box.x + box.width * Double(offset) / length,
                            y: box.y + box.height * Double(row) / Double(lines.count),
                            width: box.width * Double(word.count) / length, height: box.height / Double(lines.count))
                    }
                    words += IndexedWord(
                        source: .typedText, line: lineNumber, position: position,
                        candidates: [WordCandidate(text: String(word), score: 0)], confidence: 1, strokeIDs: [],
                        bounds: bounds
                    ).splitAtCJKCharacters(estimatingBoxes: true)
                    position += 1
                    offset += word.count
                    index = end
                }
                lineNumber += 1
            }
        }
        return numberedInLines(words)
    }
}

extension IndexedWord {
    /// The readings the index searches (the first `ReadingID.indexedReadings` candidates), each
    /// with the score a query ranks it by (`ReadingID.score`): what `export --ndjson` writes.
    package var searchedReadings: [(text: String, score: Double)] {
        let best = candidates.first?.score ?? 0
        return candidates.prefix(ReadingID.indexedReadings).map { candidate in
            (
                IndexStore.oneLine(candidate.text),
                ReadingID.score(confidence: confidence, best: best, chosen: candidate.score)
            )
        }
    }
}
