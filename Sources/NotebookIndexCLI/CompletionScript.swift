/// Shell completion scripts made from `CommandSpecs`: commands, each command's options and
/// arguments, paths where a path is expected and the words a value is one of (the language
/// codes of `--language`). Hidden commands are left out, as from the help.
enum CompletionScript {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    static func render(_ shell: Shell, commands: [CommandSpec] = CommandSpecs.visible) -> String {
        switch shell {
        case .bash: bash(commands)
        case .zsh: zsh(commands)
        case .fish: fish(commands)
        }
    }

    /// The start of a help text, short enough for a completion menu: up to the first full stop,
    /// parenthesis, colon or semicolon ("The index to search (default: …)" → "The index to search").
    static func summary(_ help: String) -> String {
        let text = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var end = text.endIndex
        for stop in [". ", " (", ": ", "; "] {
            if let range = text.range(of: stop), range.lowerBound < end { end = range.lowerBound }
        }
        var summary = String(text[..<end])
        if summary.hasSuffix(".") { summary.removeLast() }
        return summary
    }

    /// `text` in single quotes for bash or zsh.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
