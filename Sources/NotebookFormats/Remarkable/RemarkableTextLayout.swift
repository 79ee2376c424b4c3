import DrawingModel

/// Orders the characters of a reMarkable root text and splits them into paragraphs.
///
/// Characters take consecutive CRDT ids within their item, and other items may point at any one of
/// them. Instead of expanding every character (a deleted item can stand for billions of them), each
/// item is kept as a run and cut only around the characters something points at, so the work is
/// proportional to the items, not to the characters they stand for. The pieces are then ordered by
/// `RemarkableCrdtSequence` (neighbours first; ties by higher author, then lower counter); deleted
/// characters and inline formatting codes take no place in the text, so it comes out plain.
///
/// Paragraphs start at each newline (the text before the first newline is the first paragraph, with
/// style key (0, 0)). Their boxes are estimates: the text box starts at (x, y) with the stored
/// width, and each paragraph takes one line whose height depends on its style; the tablet's own
/// layout (wrapping included) is not stored.
struct RemarkableTextLayout {
    /// One paragraph with its estimated box (file coordinates: x = 0 at the page's centre).
    struct Paragraph {
        var text: String
        var bounds: Rect
    }

    private struct Run {
        var id: RemarkableCrdtID
        var length: UInt64
        var left: RemarkableCrdtID
        var right: RemarkableCrdtID
        /// The characters, or nil for deleted characters and formatting codes.
        var characters: [Character]?
        var cuts: Set<UInt64> = []
    }

    private struct Piece {
        var run: Int
        var start: UInt64
        var end: UInt64
    }

    private(set) var paragraphs: [Paragraph] = []
    /// The top of the text box.
    let top: Double
    /// Logical positions (characters and hidden places) where each paragraph starts.
    private var paragraphStarts: [UInt64] = [0]
    /// Where each id-bearing run's pieces sit in the logical order.
    private var runs: [Run] = []
    private var runsByAuthor: [UInt8: [(start: UInt64, run: Int)]] = [:]
    private var pieceStarts: [[(offset: UInt64, logical: UInt64)]] = []

    init(_ root: RemarkableRootText) {
        top = root.y
        for item in root.items {
            var run = Run(id: item.id, length: 0, left: item.left, right: item.right, characters: nil)
            if item.deletedLength > 0 {
                run.length = UInt64(item.deletedLength)
            } else {
                switch item.value {
                case .text(let text)?:
                    run.characters = text.unicodeScalars.map(Character.init)
                    run.length = UInt64(run.characters?.count ?? 0)
                case .format?:
                    run.length = 1
                case nil:
                    break
                }
            }
            // Skip empty runs and runs whose ids would wrap around.
            guard run.length > 0, run.id != .end, run.id.counter <= UInt64.max - run.length else { continue }
            runsByAuthor[run.id.author, default: []].append((run.id.counter, runs.count))
            runs.append(run)
        }
        for author in runsByAuthor.keys { runsByAuthor[author]?.sort { $0.start < $1.start } }

        // Cut each run around every character another run points at.
        for i in runs.indices {
            for reference in [runs[i].left, runs[i].right] {
                guard let (r, offset) = locate(reference) else { continue }
                if offset > 0 { runs[r].cuts.insert(offset) }
                if offset + 1 < runs[r].length { runs[r].cuts.insert(offset + 1) }
            }
        }
        var pieces: [Piece] = []
        var firstPiece: [Int] = []
        for (r, run) in runs.enumerated() {
            firstPiece.append(pieces.count)
            let bounds = [0] + run.cuts.sorted() + [run.length]
            for (a, b) in zip(bounds, bounds.dropFirst()) { pieces.append(Piece(run: r, start: a, end: b)) }
        }
        func pieceIndex(containing id: RemarkableCrdtID) -> Int? {
            guard let (r, offset) = locate(id) else { return nil }
            let last = r + 1 < firstPiece.count ? firstPiece[r + 1] : pieces.count
            var lo = firstPiece[r], hi = last - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if pieces[mid].start <= offset { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        var keys: [RemarkableCrdtID] = [], lefts: [Int?] = [], rights: [Int?] = []
        for (p, piece) in pieces.enumerated() {
            let run = runs[piece.run]
            keys.append(RemarkableCrdtID(author: run.id.author, counter: run.id.counter + piece.start))
            lefts.append(piece.start == 0 ? pieceIndex(containing: run.left) : p - 1)
            rights.append(piece.end == run.length ? pieceIndex(containing: run.right) : p + 1)
        }

        // Walk the pieces in order, building paragraphs and logical positions.
        pieceStarts = runs.map { _ in [] }
        var text = "", startStyle = RemarkableCrdtID.end, logical: UInt64 = 0, y = root.y
        func close() {
            let height = RemarkableV6Text.lineHeight(style: root.styles[startStyle] ?? 1)
            paragraphs.append(
                Paragraph(text: text, bounds: Rect(x: root.x, y: y, width: max(root.width, 0), height: height)))
            y += height
        }
        for index in RemarkableCrdtSequence.order(keys: keys, lefts: lefts, rights: rights) {
            let piece = pieces[index]
            let run = runs[piece.run]
            pieceStarts[piece.run].append((piece.start, logical))
            guard let characters = run.characters else {
                logical &+= piece.end - piece.start
                continue
            }
            for offset in piece.start..<piece.end {
                let c = characters[Int(offset)]
                if c == "\n" {
                    if logical > 0 { close() }
                    text = ""
                    startStyle = RemarkableCrdtID(author: run.id.author, counter: run.id.counter + offset)
                    if logical > 0 { paragraphStarts.append(logical) }
                } else {
                    text.append(c)
                }
                logical &+= 1
            }
        }
        if logical > 0 { close() }
        for r in pieceStarts.indices { pieceStarts[r].sort { $0.offset < $1.offset } }
    }

    /// The run holding character `id` and the character's offset in it.
    private func locate(_ id: RemarkableCrdtID) -> (Int, UInt64)? {
        guard id != .end, let list = runsByAuthor[id.author], !list.isEmpty else { return nil }
        var lo = 0, hi = list.count - 1
        guard list[0].start <= id.counter else { return nil }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if list[mid].start <= id.counter { lo = mid } else { hi = mid - 1 }
        }
        let r = list[lo].run
        let offset = id.counter - runs[r].id.counter
        return offset < runs[r].length ? (r, offset) : nil
    }

    /// Anchor ids that stand for the start and the end of the text rather than a character.
    static let textStartAnchor = RemarkableCrdtID(author: 0, counter: (1 << 48) - 2)
    static let textEndAnchor = RemarkableCrdtID(author: 0, counter: (1 << 48) - 1)

    /// The estimated top of the paragraph holding character `id`, for text-anchored groups; the two
    /// special anchors give the top of the text box and the bottom of its last paragraph.
    func top(of id: RemarkableCrdtID) -> Double? {
        if id == Self.textStartAnchor { return top }
        if id == Self.textEndAnchor { return paragraphs.last?.bounds.maxY ?? top }
        guard let (r, offset) = locate(id), let entry = pieceStarts[r].last(where: { $0.offset <= offset }) else {
            return nil
        }
        let position = entry.logical &+ (offset - entry.offset)
        guard let paragraph = paragraphStarts.lastIndex(where: { $0 <= position }), paragraph < paragraphs.count else {
            return nil
        }
        return paragraphs[paragraph].bounds.minY
    }
}
