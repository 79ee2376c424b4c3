/// The patterns of `.notebook-index-ignore` files, with gitignore's rules.
///
/// One pattern per line; blank lines and lines starting with `#` are skipped (`\#` and `\!` escape
/// them). `!` re-includes what an earlier pattern excluded. A trailing `/` matches folders only.
/// A pattern containing another `/` is anchored to the folder holding the ignore file; otherwise it
/// matches a name at any depth below it. `*` and `?` never match `/`, `**` matches across
/// folders, `[abc]`/`[a-z]`/`[!a]` are character classes. Rules of deeper files come later and win.
package struct IgnoreRules: Sendable {
    /// The file name the crawler looks for in every folder.
    package static let fileName = ".notebook-index-ignore"

    struct Rule: Sendable {
        /// Absolute path of the folder holding the ignore file, without a trailing slash.
        var base: String
        var pattern: [Character]
        var negated: Bool
        var foldersOnly: Bool
        var anchored: Bool
    }

    private(set) var rules: [Rule] = []

    package init() {}

    /// Adds the patterns of an ignore file found in `base`.
    package mutating func add(contents: String, base: String) {
        for rawLine in contents.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            while line.last == " " || line.last == "\t" { line = line.dropLast() }
            if line.isEmpty || line.first == "#" { continue }
            var negated = false
            if line.first == "!" {
                negated = true
                line = line.dropFirst()
            } else if line.hasPrefix("\\#") || line.hasPrefix("\\!") {
                line = line.dropFirst()
            }
            var foldersOnly = false
            if line.last == "/" {
                foldersOnly = true
                line = line.dropLast()
            }
            let anchored = line.contains("/")
            if line.first == "/" { line = line.dropFirst() }
            guard !line.isEmpty else { continue }
            rules.append(
                Rule(base: base, pattern: Array(line), negated: negated, foldersOnly: foldersOnly, anchored: anchored))
        }
    }

    /// Whether the entry at the absolute `path` is excluded.
    package func isIgnored(path: String, isFolder: Bool) -> Bool {
        var ignored = false
        for rule in rules {
            if rule.foldersOnly && !isFolder { continue }
            guard path.hasPrefix(rule.base + "/") else { continue }
            let relative = path.dropFirst(rule.base.count + 1)
            let subject: Substring =
                rule.anchored
                ? relative : (relative.lastIndex(of: "/").map { relative[relative.index(after: $0)...] } ?? relative)
            if Self.glob(rule.pattern[...], Array(subject)[...]) { ignored = !rule.negated }
        }
        return ignored
    }

    /// Gitignore-style glob matching of a whole string.
    /// - Complexity: O(p · t) for a pattern of p tokens and a text of t characters: the text's
    ///   suffixes each pattern suffix matches are computed once, last token first, instead of
    ///   backtracking (which took exponential time on `*a*a*a*a*b` against a long name).
    static func glob(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        let text = Array(text)
        let n = text.count
        // matches[t]: whether the pattern's suffix after the tokens seen so far matches text[t...]
        var matches = [Bool](repeating: false, count: n + 1)
        matches[n] = true
        for token in tokens(pattern).reversed() {
            var current = [Bool](repeating: false, count: n + 1)
            switch token {
            case .star:
                current[n] = matches[n]
                for t in stride(from: n - 1, through: 0, by: -1) {
                    current[t] = matches[t] || (text[t] != "/" && current[t + 1])
                }
            case .folders(let isLast):
                // `**/` matches zero or more folders; a trailing `**` matches everything.
                var afterSlash = false
                for t in stride(from: n, through: 0, by: -1) {
                    if t < n, text[t] == "/", matches[t + 1] { afterSlash = true }
                    current[t] = isLast || matches[t] || afterSlash
                }
            case .character(let test):
                for t in 0..<n where matches[t + 1] && test(text[t]) { current[t] = true }
            case .never:
                break
            }
            matches = current
        }
        return matches[0]
    }

    private enum Token {
        case star
        /// `**` or `**/`; `isLast` when nothing follows.
        case folders(isLast: Bool)
        /// One character that passes the test.
        case character((Character) -> Bool)
        /// An unterminated `[`: matches nothing.
        case never
    }

    private static func tokens(_ pattern: ArraySlice<Character>) -> [Token] {
        var tokens: [Token] = []
        var p = pattern.startIndex
        while p < pattern.endIndex {
            let c = pattern[p]
            switch c {
            case "*" where p + 1 < pattern.endIndex && pattern[p + 1] == "*":
                p += 2
                if p < pattern.endIndex, pattern[p] == "/" { p += 1 }
                tokens.append(.folders(isLast: p == pattern.endIndex))
                continue
            case "*":
                tokens.append(.star)
            case "?":
                tokens.append(.character { $0 != "/" })
            case "[":
                guard let (_, next) = matchClass(pattern, from: p, "/") else {
                    tokens.append(.never)
                    return tokens
                }
                let start = p
                tokens.append(.character { matchClass(pattern, from: start, $0)?.0 == true })
                p = next
                continue
            case "\\" where p + 1 < pattern.endIndex:
                p += 1
                let literal = pattern[p]
                tokens.append(.character { $0 == literal })
            default:
                tokens.append(.character { $0 == c })
            }
            p += 1
        }
        return tokens
    }

    /// Matches `[...]` at `start`; returns whether `character` is in the class and the index after
    /// it, or nil when the class is unterminated (then `[` fails to match).
    private static func matchClass(
        _ pattern: ArraySlice<Character>, from start: Int, _ character: Character
    )
        -> (Bool, Int)?
    {
        var i = start + 1
        var negate = false
        if i < pattern.endIndex, pattern[i] == "!" || pattern[i] == "^" {
            negate = true
            i += 1
        }
        var matched = false
        var first = true
        while i < pattern.endIndex {
            if pattern[i] == "]" && !first { return (character != "/" && matched != negate, i + 1) }
            first = false
            if i + 2 < pattern.endIndex, pattern[i + 1] == "-", pattern[i + 2] != "]" {
                if pattern[i] <= character && character <= pattern[i + 2] { matched = true }
                i += 3
            } else {
                if pattern[i] == character { matched = true }
                i += 1
            }
        }
        return nil
    }
}
