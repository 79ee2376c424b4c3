import DrawingModel
import TextMatching

/// A page as its file holds it now, to check hits from the index against before drawing them: the
/// index keeps text and boxes, not ink, so a file edited since the last build can put a hit's box
/// over other words.
package struct CurrentPage: Sendable {
    package let page: Page
    /// Computed once for all of the page's hits: hashing the ink is the costly part.
    private let drawingKey: String
    private let typedWords: [IndexedWord]

    package init(_ page: Page) {
        self.page = page
        drawingKey = DrawingKey.of(page.drawing)
        typedWords = IndexedWord.typedText(page.texts)
    }

    /// Whether the page still has `hit` where the index put it: for handwriting, the same ink as
    /// when it was recognized (`SearchHit.drawing` is its key); for typed text, the same words at
    /// the hit's line and position, in the same box (the ink may have changed around them).
    package func shows(_ hit: SearchHit) -> Bool {
        switch hit.source {
        case .handwriting:
            return hit.drawing == drawingKey
        case .typedText:
            // the consecutive words from the hit's position whose text, joined as a hit's is, is the hit's
            var words: [IndexedWord] = []
            for word in typedWords.filter({ $0.line == hit.line && $0.position >= hit.position })
                .sorted(by: { $0.position < $1.position })
            {
                guard word.position == hit.position + words.count else { break }
                words.append(word)
                if CJKText.joined(words.map(\.text)).count >= hit.text.count { break }
            }
            guard !words.isEmpty, CJKText.joined(words.map(\.text)) == hit.text else { return false }
            let boxes = words.compactMap(\.bounds)
            guard let first = boxes.first, boxes.count == words.count, let bounds = hit.bounds else {
                return boxes.isEmpty && hit.bounds == nil
            }
            return Self.close(boxes.dropFirst().reduce(first) { $0.union($1) }, bounds)
        }
    }

    /// Equal but for the rounding of a box stored and read back.
    private static func close(_ a: Rect, _ b: Rect) -> Bool {
        [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < 1e-6 }
    }
}
