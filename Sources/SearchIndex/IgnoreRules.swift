/// The patterns of `.notebook-index-ignore` files, with gitignore's rules.
///
/// One pattern per line; blank lines and lines starting with `#` are skipped (`\#` and `\!` escape
/// them). `!` re-includes what an earlier pattern excluded. A trailing `/` matches folders only.
/// A pattern containing another `/` is anchored to the folder holding the ignore file; otherwise it
/// matches a name at any depth below it. `*` and `?` never match `/`, `**` matches across
/// folders, `[abc]`/`[a-z]`/`[!a]` are character classes. Rules of deeper files come later and win.
public struct IgnoreRules: Sendable {
    /// The file name the crawler looks for in every folder.
    public static let fileName = ".notebook-index-ignore"

    struct Rule: Sendable {
        /// Absolute path of the folder holding the ignore file, without a trailing slash.
        var base: String
        var pattern: [Character]
        var negated: Bool
        var foldersOnly: Bool
        var anchored: Bool
    }

    private(set) var rules: [Rule] = []

    public init() {}

    /// Adds the patterns of an ignore file found in `base`.
    public mutating func add(contents: String, base: String) {
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
    public func isIgnored(path: String, isFolder: Bool) -> Bool {
        var ignored = false
        for rule in rules {
            if rule.foldersOnly && !isFolder { continue }
            guard path.hasPrefix(rule.base + "/") else { continue }
            let relative = path.dropFirst(rule.base.count + 1)
            let subject: Substring =
                rule.anchored ? relative : (relative.lastIndex(of: "/").map { relative[relative.index(after: $0)...] } ?? relative)
            if Self.glob(rule.pattern[...], Array(subject)[...]) { ignored = !rule.negated }
        }
        return ignored
    }

    /// Gitignore-style glob matching of a whole string.
    static func glob(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        var p = pattern.startIndex
        var t = text.startIndex
        while p < pattern.endIndex {
            let c = pattern[p]
            switch c {
            case "*":
                if p + 1 < pattern.endIndex, pattern[p + 1] == "*" {
                    // `**/` matches zero or more folders; a trailing `**` matches everything.
                    var rest = p + 2
                    if rest < pattern.endIndex, pattern[rest] == "/" { rest += 1 }
                    if rest == pattern.endIndex { return true }
                    var start = t
                    while true {
                        if glob(pattern[rest...], text[start...]) { return true }
                        guard let slash = text[start...].firstIndex(of: "/") else { return false }
                        start = slash + 1
                    }
                }
                var start = t
                while true {
                    if glob(pattern[(p + 1)...], text[start...]) { return true }
                    guard start < text.endIndex, text[start] != "/" else { return false }
                    start += 1
                }
            case "?":
                guard t < text.endIndex, text[t] != "/" else { return false }
            case "[":
                guard t < text.endIndex, let (matched, next) = matchClass(pattern, from: p, text[t]) else {
                    return false
                }
                guard matched else { return false }
                p = next
                t += 1
                continue
            case "\\" where p + 1 < pattern.endIndex:
                p += 1
                guard t < text.endIndex, text[t] == pattern[p] else { return false }
            default:
                guard t < text.endIndex, text[t] == c else { return false }
            }
            p += 1
            t += 1
        }
        return t == text.endIndex
    }

    /// Matches `[...]` at `start`; returns whether `character` is in the class and the index after
    /// it, or nil when the class is unterminated (then `[` fails to match).
    private static func matchClass(_ pattern: ArraySlice<Character>, from start: Int, _ character: Character)
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
