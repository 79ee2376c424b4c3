/// CTC prefix beam search guided by a character language model and a word list.
///
/// Every hypothesis is a node of a prefix tree (so equal prefixes merge, as CTC requires) carrying
/// the probability of its frames ending in a blank and in its last character. Its rank adds, per
/// character, `lmWeight ×` the character model's log-probability and `insertionBonus`, and once per
/// word `oovPenalty` when the letters of that word leave the word list or stop short of a word, and
/// `mixedCasePenalty` when their case fits no usual shape. A line's reading that is one listed word
/// (and a reading of a word alone in its line) adds `commonWordWeight ×` the log-prior of its
/// commonness class (`WordCommonness`).
/// Words outside the list are penalized, never forbidden, so names and codes are still read. Inside
/// a listed word, a marked letter gains a bonus, taken back if the word leaves the list (`MarkedLetterLift`).
struct CTCBeamSearch: Sendable {
    typealias Settings = DecoderSettings

    /// One finished reading: characters as class indices (1...), CTC log-likelihood, total rank,
    /// and how much of that rank is word-list penalty (`oovPenalty` charges).
    struct Hypothesis: Sendable {
        var classes: [Int]
        var acousticScore: Float
        var score: Float
        var penalty: Float
    }

    /// Where in a word the last character left a hypothesis.
    enum WordState: Hashable, Sendable {
        /// Between words, or only punctuation so far.
        case start
        /// Letters that are so far a prefix of a listed word.
        case inLexicon(Lexicon.Node)
        /// Letters followed by punctuation (e.g. "word,"); the word-list check was made at the punctuation.
        case closed
        /// Letters outside the list, or digits: no further word-list penalty in this word.
        case free
    }

    /// The case of a word's letters so far, for `mixedCasePenalty`.
    enum CaseShape: Sendable {
        case noLetters, lower, oneCapital, capitals
        /// A capital, then lower-case letters.
        case capitalized
        /// Already charged: no further penalty in this word.
        case mixed
    }

    /// Each class's character as a `DecoderAlphabet` byte (class c is `alphabet[c - 1]`).
    let alphabet: [UInt8]
    let languageModel: CharacterLanguageModel
    var lexicon: Lexicon {
        didSet {
            tried = Self.triedClasses(alphabet: alphabet, lexicon: lexicon)
            markLift = MarkedLetterLift(alphabet: alphabet, tried: tried, bonus: settings.markBonus)
            sameInk = SameInkLetters(alphabet: alphabet, tried: tried)
        }
    }
    let settings: Settings
    /// Per class (the blank's is index 0): whether the search tries it. A letter with a diacritic
    /// is tried only where a word of the list has it: the network writes the letters of every
    /// Latin-script language, and read for Danish its Polish, Turkish and Hungarian ones took the
    /// beam's and the n-best list's places from the Danish ones and from other words.
    private var tried: [Bool]
    private var markLift: MarkedLetterLift
    private var sameInk: SameInkLetters

    init(alphabet: [UInt8], languageModel: CharacterLanguageModel, lexicon: Lexicon, settings: Settings) {
        self.alphabet = alphabet
        self.languageModel = languageModel
        self.lexicon = lexicon
        self.settings = settings
        tried = Self.triedClasses(alphabet: alphabet, lexicon: lexicon)
        markLift = MarkedLetterLift(alphabet: alphabet, tried: tried, bonus: settings.markBonus)
        sameInk = SameInkLetters(alphabet: alphabet, tried: tried)
    }

    /// `tried` for a word list: every class but the letters with diacritics its words lack
    /// (Turkish İ, whose lower case is i, goes with ı).
    static func triedClasses(alphabet: [UInt8], lexicon: Lexicon) -> [Bool] {
        let letters = lexicon.letters
        let dotlessI = DecoderAlphabet.byte(of: "ı")
        return [true]
            + alphabet.map { c in
                guard DecoderAlphabet.isAccentedLetter(c) else { return true }
                let lower = DecoderAlphabet.lowercased(c)
                if DecoderAlphabet.isAccentedLetter(lower) { return letters.contains(lower) }
                return dotlessI.map(letters.contains) ?? false
            }
    }

    private static let space = UInt8(ascii: " ")

    private struct Node {
        var parent: Int32
        var cls: Int32
        var lmScore: Float
        /// The word-list penalties inside `lmScore`.
        var penalty: Float
        var context: CharacterLanguageModel.Context
        var word: WordState
        var caseShape: CaseShape
        /// The current word's characters, counted to 2, and the context before them.
        var wordLength: UInt8 = 0
        var wordContext: CharacterLanguageModel.Context = .start
        /// Whether a space has ended a word before this node's (the reading is more than one word).
        var wordEnded = false
        /// The lifts of the current word's marked letters (`MarkedLetterLift`), taken back if the
        /// word leaves the list or stops short of a word.
        var wordLift: Float = 0
    }

    private struct Beam {
        var node: Int32
        var blank: Float
        var nonBlank: Float
        var total: Float { logAdd(blank, nonBlank) }
    }

    /// The best readings of frames `frames` of `networkLogProbabilities` (`frameCount × classCount`),
    /// with the letters of one ink merged (`SameInkLetters`).
    /// - Parameters:
    ///   - allowSpace: false to read a single word (the word-level n-best pass).
    ///   - count: how many distinct readings to return, best first.
    ///   - standsAlone: whether the frames are a word the line's reading holds as one character,
    ///     so that one letter ending them is a letter standing alone
    ///     (`loneLettersAsLikelyAsDigitsOrMarks`); within a line, a space after the letter says so.
    ///   - isWholeLine: whether a single word's frames are the only word of their line, so that its
    ///     readings take `commonWordWeight`'s prior as the line's reading does.
    func decode(
        _ networkLogProbabilities: [Float], classCount: Int, frames: Range<Int>, allowSpace: Bool = true,
        count: Int = 1, standsAlone: Bool = false, isWholeLine: Bool = false
    ) -> [Hypothesis] {
        let logProbabilities = sameInk.merged(networkLogProbabilities, classCount: classCount, frames: frames)
        var nodes = [
            Node(
                parent: -1, cls: 0, lmScore: 0, penalty: 0, context: .start, word: .start,
                caseShape: .noLetters)
        ]
        var children = ChildTable()
        var beams = [Beam(node: 0, blank: 0, nonBlank: -.infinity)]
        var next: [Beam] = []
        var slotOfNode: [Int32] = [-1]  // per node: its beam in `next` this frame, or -1
        var ranks: [(rank: Float, index: Int)] = []
        var candidates: [Int] = []
        candidates.reserveCapacity(classCount)

        func add(_ node: Int32, blank: Float, nonBlank: Float) {
            let slot = Int(slotOfNode[Int(node)])
            if slot >= 0 {
                next[slot].blank = logAdd(next[slot].blank, blank)
                next[slot].nonBlank = logAdd(next[slot].nonBlank, nonBlank)
            } else {
                slotOfNode[Int(node)] = Int32(next.count)
                next.append(Beam(node: node, blank: blank, nonBlank: nonBlank))
            }
        }

        for t in frames {
            let row = t * classCount
            candidates.removeAll(keepingCapacity: true)
            for c in 1..<classCount where logProbabilities[row + c] > settings.pruneLogProbability && tried[c] {
                if !allowSpace, alphabet[c - 1] == Self.space { continue }
                candidates.append(c)
            }
            if candidates.count > settings.maxCharactersPerFrame {
                candidates.sort { logProbabilities[row + $0] > logProbabilities[row + $1] }
                candidates.removeLast(candidates.count - settings.maxCharactersPerFrame)
            }
            if markLift.liftsAny {
                markLift.addCandidates(
                    to: &candidates, row: row, in: logProbabilities, floor: settings.pruneLogProbability)
            }
            next.removeAll(keepingCapacity: true)
            let blankLP = logProbabilities[row]
            for beam in beams {
                let n = nodes[Int(beam.node)]
                add(beam.node, blank: beam.total + blankLP, nonBlank: -.infinity)
                if n.cls > 0 {
                    add(beam.node, blank: -.infinity, nonBlank: beam.nonBlank + logProbabilities[row + Int(n.cls)])
                }
                for c in candidates {
                    // a marked letter only the lift made a candidate, off a listed word
                    if logProbabilities[row + c] <= settings.pruneLogProbability, !continuesListedWord(n, with: c) {
                        continue
                    }
                    let key = UInt64(beam.node) << 8 | UInt64(c)
                    var child = children[key]
                    if child < 0 {
                        child = Int32(nodes.count)
                        nodes.append(extend(n, parent: beam.node, cls: c))
                        slotOfNode.append(-1)
                        children[key] = child
                    }
                    let lp = logProbabilities[row + c]
                    let from = c == Int(n.cls) ? beam.blank : beam.total
                    add(child, blank: -.infinity, nonBlank: from + lp)
                }
            }
            for b in next { slotOfNode[Int(b.node)] = -1 }
            if next.count > settings.beamWidth {
                // rank once per beam (not once per comparison); ties keep the order of arrival
                ranks.removeAll(keepingCapacity: true)
                for (i, b) in next.enumerated() { ranks.append((b.total + nodes[Int(b.node)].lmScore, i)) }
                ranks.sortPrefix(settings.beamWidth) { $0.rank != $1.rank ? $0.rank > $1.rank : $0.index < $1.index }
                beams = ranks.prefix(settings.beamWidth).map { next[$0.index] }
            } else {
                swap(&beams, &next)
            }
        }

        var finished: [Hypothesis] = beams.map { beam in
            let n = nodes[Int(beam.node)]
            var classes: [Int] = []
            var i = beam.node
            while i > 0 {
                classes.append(Int(nodes[Int(i)].cls))
                i = nodes[Int(i)].parent
            }
            var end = endOfWord(n)
            if standsAlone { end.languageModel += loneLetterLift(n, boundary: end.languageModel) }
            return Hypothesis(
                classes: classes.reversed(), acousticScore: beam.total,
                score: beam.total + n.lmScore + end.languageModel
                    + (allowSpace || isWholeLine ? oneWordPrior(n) : 0) - end.penalty
                    - (end.penalty > 0 ? n.wordLift : 0),
                penalty: n.penalty + end.penalty)
        }
        finished.sort { $0.score > $1.score }
        var seen = Set<[Int]>()
        var out: [Hypothesis] = []
        for h in finished where !h.classes.isEmpty || finished.count == 1 {
            if seen.insert(h.classes).inserted { out.append(h) }
            if out.count == count { break }
        }
        return out
    }

    /// The node reached by writing class `cls` after `parent`, with its language-model score.
    private func extend(_ parent: Node, parent index: Int32, cls: Int) -> Node {
        let ch = alphabet[cls - 1]
        let symbol = CharacterLanguageModel.symbol(ch)
        var penalty = parent.penalty
        var score =
            parent.lmScore + settings.insertionBonus
            + settings.lmWeight * languageModel.logProbability(symbol, after: parent.context)
        var word = parent.word
        var caseShape = parent.caseShape
        var wordLength = min(parent.wordLength + 1, 2)
        var wordContext = parent.wordContext
        var wordEnded = parent.wordEnded
        if let key = Lexicon.key(ch), key != UInt8(ascii: "'") {
            caseShape = Self.caseShape(after: parent.caseShape, upper: key != ch)
            if caseShape == .mixed && parent.caseShape != .mixed { score -= settings.mixedCasePenalty }
        }
        if ch == Self.space {
            caseShape = .noLetters
            let end = endOfWord(parent)
            score += end.languageModel + loneLetterLift(parent, boundary: end.languageModel)
            wordEnded = wordEnded || parent.wordLength > 0
            penalty += end.penalty
            word = .start
            wordLength = 0
            wordContext = parent.context.appending(symbol)
        } else if let key = Lexicon.key(ch) {
            switch parent.word {
            case .start, .closed:
                if let node = lexicon.child(of: Lexicon.root, key) {
                    word = .inLexicon(node)
                } else {
                    penalty += settings.oovPenalty
                    word = .free
                }
            case .inLexicon(let node):
                if let next = lexicon.child(of: node, key) {
                    word = .inLexicon(next)
                } else {
                    penalty += settings.oovPenalty
                    word = .free
                }
            case .free:
                break
            }
        } else if ch >= UInt8(ascii: "0") && ch <= UInt8(ascii: "9") {
            if case .inLexicon(let node) = parent.word, !endsWord(node, parent.caseShape) {
                penalty += settings.oovPenalty
            }
            word = .free
        } else if case .inLexicon(let node) = parent.word {
            if !endsWord(node, parent.caseShape) { penalty += settings.oovPenalty }
            word = .closed
        }
        score -= penalty - parent.penalty
        // a word that left the list or stopped short of a word gives its marks' lifts back
        var wordLift = parent.wordLift
        if penalty > parent.penalty { score -= wordLift }
        if case .inLexicon = word {
            if penalty > parent.penalty { wordLift = 0 }
            if markLift.lifts(cls) {
                score += markLift.bonus
                wordLift += markLift.bonus
            }
        } else {
            wordLift = 0
        }
        return Node(
            parent: index, cls: Int32(cls), lmScore: score, penalty: penalty,
            context: parent.context.appending(symbol), word: word, caseShape: caseShape,
            wordLength: wordLength, wordContext: wordContext, wordEnded: wordEnded, wordLift: wordLift)
    }

    /// Whether class `cls` written after node `n` continues a word of the list.
    private func continuesListedWord(_ n: Node, with cls: Int) -> Bool {
        guard let key = Lexicon.key(alphabet[cls - 1]) else { return false }
        switch n.word {
        case .start, .closed: return lexicon.child(of: Lexicon.root, key) != nil
        case .inLexicon(let node): return lexicon.child(of: node, key) != nil
        case .free: return false
        }
    }

    /// The shape after one more letter, upper case or not.
    private static func caseShape(after shape: CaseShape, upper: Bool) -> CaseShape {
        switch (shape, upper) {
        case (.noLetters, true): return .oneCapital
        case (.noLetters, false), (.lower, false): return .lower
        case (.oneCapital, false), (.capitalized, false): return .capitalized
        case (.oneCapital, true), (.capitals, true): return .capitals
        case (.capitals, false), (.lower, true), (.capitalized, true), (.mixed, _): return .mixed
        }
    }

    /// Whether a listed word ends at `node` for letters written in `shape`: the capitals matter for
    /// the list's words with ı (`Lexicon.isWord(_:capitals:)`).
    private func endsWord(_ node: Lexicon.Node, _ shape: CaseShape) -> Bool {
        let capitals: Lexicon.Capitals
        switch shape {
        case .oneCapital: capitals = .only
        case .capitals: capitals = .all
        case .capitalized: capitals = .first
        case .noLetters, .lower, .mixed: capitals = .none
        }
        return lexicon.isWord(node, capitals: capitals)
    }

    /// What finishing the current word costs: the boundary's weighted language-model score, and
    /// the word-list penalty when the letters stop short of a listed word.
    private func endOfWord(_ n: Node) -> (languageModel: Float, penalty: Float) {
        var penalty: Float = 0
        if case .inLexicon(let node) = n.word, !endsWord(node, n.caseShape) { penalty = settings.oovPenalty }
        return (
            settings.lmWeight * languageModel.logProbability(CharacterLanguageModel.boundary, after: n.context), penalty
        )
    }

    /// For a reading ending at `n`: the weighted commonness prior of the listed word it is, when
    /// it is one word and nothing else; else 0.
    private func oneWordPrior(_ n: Node) -> Float {
        guard !n.wordEnded, case .inLexicon(let node) = n.word, endsWord(node, n.caseShape) else { return 0 }
        return settings.commonWordWeight * lexicon.logPrior(node)
    }

    /// For a word of one letter ending at `n`, followed by a boundary scoring `boundary`: what
    /// brings its weighted language-model score up to a lone digit's or a lone mark's (whichever
    /// is higher) in the same place; else 0.
    private func loneLetterLift(_ n: Node, boundary: Float) -> Float {
        guard settings.loneLettersAsLikelyAsDigitsOrMarks, n.wordLength == 1,
            let key = Lexicon.key(alphabet[Int(n.cls) - 1]), key != UInt8(ascii: "'")
        else { return 0 }
        let letter =
            settings.lmWeight * languageModel.logProbability(CharacterLanguageModel.symbol(key), after: n.wordContext)
            + boundary
        func standingAlone(_ character: UInt8) -> Float {
            let symbol = CharacterLanguageModel.symbol(character)
            return settings.lmWeight
                * (languageModel.logProbability(symbol, after: n.wordContext)
                    + languageModel.logProbability(
                        CharacterLanguageModel.boundary, after: n.wordContext.appending(symbol)))
        }
        // "0" and "+" stand for their symbols: every digit shares one, every mark another
        return max(0, max(standingAlone(UInt8(ascii: "0")), standingAlone(UInt8(ascii: "+"))) - letter)
    }
}

/// The prefix tree's edges, (parent node << 8 | class) → child node: open addressing with
/// multiplicative hashing, because `Dictionary`'s seeded hashing dominated the search's time.
private struct ChildTable {
    private var keys = [UInt64](repeating: .max, count: 1024)
    private var values = [Int32](repeating: -1, count: 1024)
    private var count = 0

    private func slot(_ key: UInt64) -> Int {
        let mask = keys.count - 1
        var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while keys[i] != key && keys[i] != .max { i = (i + 1) & mask }
        return i
    }

    /// The child, or -1.
    subscript(key: UInt64) -> Int32 {
        get { values[slot(key)] }
        set {
            let i = slot(key)
            if keys[i] == .max {
                keys[i] = key
                count += 1
            }
            values[i] = newValue
            if 2 * count > keys.count { grow() }
        }
    }

    private mutating func grow() {
        let old = zip(keys, values).filter { $0.0 != .max }
        keys = [UInt64](repeating: .max, count: keys.count * 2)
        values = [Int32](repeating: -1, count: keys.count)
        count = 0
        for (k, v) in old { self[k] = v }
    }
}

@inline(__always)
func logAdd(_ a: Float, _ b: Float) -> Float {
    if a == -.infinity { return b }
    if b == -.infinity { return a }
    let m = max(a, b)
    return m + log1pf(expf(-abs(a - b)))
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
