/// The word list as a trie over lower-case letters (accented ones included) and the apostrophe,
/// in the decoder's bytes (`DecoderAlphabet`), walked one character at a time by the beam search. Nodes live in flat arrays (first child, next sibling) so the whole
/// list costs a few megabytes and no per-node allocation.
struct Lexicon: Sendable {
    typealias Node = Int32
    static let root: Node = 0

    private var firstChild: [Node] = [-1]
    private var nextSibling: [Node] = [-1]
    private var label: [UInt8] = [0]
    private var terminal: [Bool] = [false]

    init<S: Sequence>(words: S) where S.Element: StringProtocol {
        add(words)
    }

    /// This list with `words` added (a copy: the shared list stays as it is).
    func adding<S: Sequence>(_ words: S) -> Lexicon where S.Element: StringProtocol {
        var copy = self
        copy.add(words)
        return copy
    }

    private mutating func add<S: Sequence>(_ words: S) where S.Element: StringProtocol {
        for word in words {
            guard let bytes = DecoderAlphabet.bytes(of: word) else { continue }
            var node = Self.root
            var ok = true
            for c in bytes {
                guard let k = Self.key(c) else {
                    ok = false
                    break
                }
                node = child(of: node, k) ?? insert(k, under: node)
            }
            if ok, node != Self.root { terminal[Int(node)] = true }
        }
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

    func isWord(_ node: Node) -> Bool { terminal[Int(node)] }

    /// Whether `word` (any case) is in the list.
    func contains(_ word: String) -> Bool {
        guard let bytes = DecoderAlphabet.bytes(of: word) else { return false }
        var node = Self.root
        for c in bytes {
            guard let k = Self.key(c), let next = child(of: node, k) else { return false }
            node = next
        }
        return node != Self.root && isWord(node)
    }

    private mutating func insert(_ key: UInt8, under parent: Node) -> Node {
        let node = Node(label.count)
        label.append(key)
        terminal.append(false)
        firstChild.append(-1)
        nextSibling.append(firstChild[Int(parent)])
        firstChild[Int(parent)] = node
        return node
    }
}
