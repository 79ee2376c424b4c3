/// The word list as a trie over lower-case letters (accented ones included) and the apostrophe,
/// in the decoder's bytes (`DecoderAlphabet`), walked one character at a time by the beam search. Nodes live in flat arrays (first child, next sibling) so the whole
/// list costs a few megabytes and no per-node allocation. A word may carry its commonness class
/// (`WordCommonness`), whose log-prior the beam search adds when a reading ends on the word.
///
/// Turkish writes the capital of ı as I, which `key` takes for i as every other language does, so
/// a listed word with ı written all in capitals (IŞIK), or opened by a capital I (Işık), walked no
/// path of the list. Such a word also ends on the path its capitals walk, there only for those
/// capitals (`isWord(_:capitals:)`): with every ı as i for a word all in capitals, with its first
/// letter as i for a word that a capital I opens.
struct Lexicon: Sendable {
    typealias Node = Int32
    static let root: Node = 0

    private var firstChild: [Node] = [-1]
    private var nextSibling: [Node] = [-1]
    private var label: [UInt8] = [0]
    private var terminal: [Bool] = [false]
    /// Per node: the capitals (`allCapitalsForm`, `capitalizedForm`) in which a word with ı ends
    /// there, where no word ends as written.
    private var capitalForms: [UInt8] = [0]
    private static let allCapitalsForm: UInt8 = 1
    private static let capitalizedForm: UInt8 = 2
    private static let dotlessI: Character = "ı"
    /// Per node: the commonness class of the word ending there, the most common where words of
    /// several lists end alike.
    private var commonness: [UInt8] = [WordCommonness.rarest]
    /// Per commonness class, its log-prior (all 0 when no word was ranked).
    private var logPriorOfClass = [Float](repeating: 0, count: Int(WordCommonness.rarest) + 1)

    init<S: Sequence>(words: S) where S.Element: StringProtocol {
        add(words)
    }

    /// The words of `words` with their commonness classes, `ranked.classes[i]` that of `words[i]`;
    /// the log-priors of the classes are `ranked`'s.
    init(words: [Substring], ranked: WordCommonness) {
        for (word, commonness) in zip(words, ranked.classes) { add(word, commonness: commonness) }
        logPriorOfClass = ranked.logPrior
    }

    /// This list with `words` added (a copy: the shared list stays as it is).
    func adding<S: Sequence>(_ words: S) -> Lexicon where S.Element: StringProtocol {
        var copy = self
        copy.add(words)
        return copy
    }

    private mutating func add<S: Sequence>(_ words: S) where S.Element: StringProtocol {
        for word in words { add(word, commonness: WordCommonness.rarest) }
    }

    private mutating func add<W: StringProtocol>(_ word: W, commonness wordClass: UInt8) {
        guard let node = insert(word) else { return }
        terminal[Int(node)] = true
        commonness[Int(node)] = min(commonness[Int(node)], wordClass)
        guard word.contains(Self.dotlessI) else { return }
        let capitals = String(word.map { $0 == Self.dotlessI ? "i" : $0 })
        if let node = insert(capitals) {
            capitalForms[Int(node)] |= Self.allCapitalsForm
            commonness[Int(node)] = min(commonness[Int(node)], wordClass)
        }
        if word.first == Self.dotlessI, let node = insert("i" + word.dropFirst()) {
            capitalForms[Int(node)] |= Self.capitalizedForm
            commonness[Int(node)] = min(commonness[Int(node)], wordClass)
        }
    }

    /// The node where `word`'s path ends, made as needed; nil for a word the list cannot spell.
    private mutating func insert<W: StringProtocol>(_ word: W) -> Node? {
        guard let bytes = DecoderAlphabet.bytes(of: word) else { return nil }
        var node = Self.root
        for c in bytes {
            guard let k = Self.key(c) else { return nil }
            node = child(of: node, k) ?? insert(k, under: node)
        }
        return node == Self.root ? nil : node
    }

    /// Every key some word of the list has.
    var letters: Set<UInt8> { Set(label.dropFirst()) }

    /// The trie key of a character: lower-cased letters and the apostrophe; nil for anything else.
    static func key(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "'"): return c
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return c + 32
        case _ where DecoderAlphabet.isAccentedLetter(c): return DecoderAlphabet.lowercased(c)
        default: return nil
        }
    }

    func child(of node: Node, _ key: UInt8) -> Node? {
        var c = firstChild[Int(node)]
        while c >= 0 {
            if label[Int(c)] == key { return c }
            c = nextSibling[Int(c)]
        }
        return nil
    }

    /// Which letters of a word were written as capitals, as far as the words with ı ask.
    enum Capitals {
        case none
        /// The first letter only, of two or more.
        case first
        /// All of two or more letters.
        case all
        /// The one letter of a word of one letter.
        case only
    }

    /// Whether a word ends at `node` when its letters were written with `capitals`.
    func isWord(_ node: Node, capitals: Capitals = .none) -> Bool {
        if terminal[Int(node)] { return true }
        let forms = capitalForms[Int(node)]
        switch capitals {
        case .none: return false
        case .first: return forms & Self.capitalizedForm != 0
        case .all: return forms & Self.allCapitalsForm != 0
        case .only: return forms != 0
        }
    }

    /// The log-prior of the commonness class of the word ending at `node` (a word: `isWord`).
    func logPrior(_ node: Node) -> Float { logPriorOfClass[Int(commonness[Int(node)])] }

    /// Whether `word` (any case) is in the list.
    func contains(_ word: String) -> Bool { wordNode(word) != nil }

    /// The log-prior of `word`'s commonness class (`logPrior(_:)`); nil when the list does not
    /// hold `word` (any case).
    func logPrior(of word: String) -> Float? { wordNode(word).map(logPrior) }

    /// The node where `word` (any case) ends, when the list holds it.
    private func wordNode(_ word: String) -> Node? {
        guard let bytes = DecoderAlphabet.bytes(of: word) else { return nil }
        var node = Self.root
        for c in bytes {
            guard let k = Self.key(c), let next = child(of: node, k) else { return nil }
            node = next
        }
        return node != Self.root && isWord(node, capitals: Self.capitals(of: word)) ? node : nil
    }

    /// Which letters of `word` are capitals (`Capitals`).
    static func capitals(of word: String) -> Capitals {
        let letters = word.filter(\.isLetter)
        guard let first = letters.first, first.isUppercase else { return .none }
        if letters.count == 1 { return .only }
        if letters.dropFirst().allSatisfy(\.isUppercase) { return .all }
        return letters.dropFirst().allSatisfy(\.isLowercase) ? .first : .none
    }

    private mutating func insert(_ key: UInt8, under parent: Node) -> Node {
        let node = Node(label.count)
        label.append(key)
        terminal.append(false)
        capitalForms.append(0)
        commonness.append(WordCommonness.rarest)
        firstChild.append(-1)
        nextSibling.append(firstChild[Int(parent)])
        firstChild[Int(parent)] = node
        return node
    }
}
