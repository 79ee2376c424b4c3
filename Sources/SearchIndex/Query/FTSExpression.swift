/// MATCH expressions for FTS5 tables that keep no positions (`detail=none`, `IndexSchema`).
///
/// Such a table answers which rows hold a token, not where: FTS5 refuses a phrase of several
/// tokens there. So a query asks for every token together (AND), a superset of the phrase,
/// and the search's own checks on the stored readings (`SearchQuery.matchingCandidate`) keep
/// only what the phrase would have found. Each row is one reading of a few letters, so the
/// superset is barely larger.
enum FTSExpression {
    /// Every unicode61 token of `text` (runs of letters, numbers and private-use characters,
    /// unicode61's token characters), quoted and AND-ed; the last one a prefix when `prefix`.
    static func allTokens(_ text: String, prefix: Bool = false) -> String {
        let tokens = tokens(of: text)
        guard !tokens.isEmpty else { return SearchQuery.quoted(text) + (prefix ? "*" : "") }
        return tokens.enumerated().map { index, token in
            SearchQuery.quoted(token) + (prefix && index == tokens.count - 1 ? "*" : "")
        }.joined(separator: " AND ")
    }

    /// The unicode61 tokens of `text`: its runs of token characters.
    static func tokens(of text: String) -> [String] {
        // most forms of a vocabulary are one run of ASCII letters and digits: their own one token
        if !text.isEmpty, text.utf8.allSatisfy(isASCIILetterOrDigit) { return [text] }
        var tokens: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if isTokenCharacter(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// Every trigram of `text` (three Unicode scalars, as the trigram tokenizer cuts them),
    /// quoted and AND-ed: the rows that can hold `text` whole.
    /// - Precondition: `text` has at least 3 scalars.
    static func allTrigrams(_ text: String) -> String {
        allTrigrams(of: Array(text.unicodeScalars))
    }

    /// `allTrigrams` of the text made of `scalars`, each distinct trigram once, in order of first
    /// appearance. Written straight into the expression, without a set or an array of trigrams:
    /// `--fuzzy` asks for over a hundred short substrings a word (`FuzzyMatching`).
    static func allTrigrams(of scalars: [Unicode.Scalar]) -> String {
        guard scalars.count > 3 else {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            return SearchQuery.quoted(text)
        }
        var expression = ""
        for start in 0...(scalars.count - 3) {
            let trigram = scalars[start..<start + 3]
            // (a query word has few trigrams: looking back costs less than hashing them)
            guard !(0..<start).contains(where: { scalars[$0..<$0 + 3].elementsEqual(trigram) }) else { continue }
            var text = ""
            text.unicodeScalars.append(contentsOf: trigram)
            if !expression.isEmpty { expression += " AND " }
            expression += SearchQuery.quoted(text)
        }
        return expression
    }

    /// Alternatives, each parenthesized when it is a conjunction.
    static func any(_ expressions: [String]) -> String {
        guard expressions.count > 1 else { return expressions.first ?? "" }
        return expressions.map { isConjunction($0) ? "(" + $0 + ")" : $0 }.joined(separator: " OR ")
    }

    /// How many alternatives an expression made by `any` holds: FTS5 steps each of them for
    /// every row it gives.
    static func alternatives(in expression: String) -> Int {
        occurrences(of: " OR ", in: expression) + 1
    }

    /// Whether `expression` holds " AND " (outside quotes or in them: parentheses harm neither).
    private static func isConjunction(_ expression: String) -> Bool {
        occurrences(of: " AND ", in: expression, atMost: 1) > 0
    }

    /// How often `word` occurs in `expression`, without overlaps, counted up to `most`. (A
    /// mismatch starts again at `word`'s first byte: right for " AND " and " OR ", whose only
    /// prefix that is also a suffix is that byte.)
    private static func occurrences(of word: String, in expression: String, atMost most: Int = .max) -> Int {
        let word = Array(word.utf8)
        var matched = 0
        var found = 0
        for byte in expression.utf8 {
            matched = byte == word[matched] ? matched + 1 : (byte == word[0] ? 1 : 0)
            guard matched == word.count else { continue }
            found += 1
            if found == most { break }
            matched = 0
        }
        return found
    }

    static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII's letters and digits are its only characters of those categories
        if scalar.isASCII { return isASCIILetterOrDigit(UInt8(scalar.value)) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }
}
