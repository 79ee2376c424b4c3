/// A command's positional arguments, all of one kind.
struct ArgumentSpec: Sendable {
    enum Count: Sendable {
        case one
        /// `PATH...`
        case oneOrMore
        /// `[PATH...]`: none is fine too.
        case zeroOrMore
        /// One or more words read as one text, so `query apple pie` needs no quotes: shown as `TEXT`.
        case words
    }

    let name: String
    let count: Count
    let help: String
    let completion: Completion

    var usage: String {
        switch count {
        case .oneOrMore: return name + "..."
        case .zeroOrMore: return "[\(name)...]"
        case .one, .words: return name
        }
    }
    var maximum: Int { count == .one ? 1 : .max }
}

/// One command, declared once: its parser, its `--help`, its part of the man page and of the
/// completion scripts are all made from this.
struct CommandSpec: Sendable {
    let name: String
    /// Its line in the tool's COMMANDS list.
    let abstract: String
    /// The OVERVIEW line of its help.
    let overview: String
    let discussion: String
    let arguments: ArgumentSpec?
    let options: [OptionSpec]
    let exitStatus: String
    /// Left out of the tool's help and of completions (`man`, for packagers).
    var hidden = false
    let run: @Sendable (ParsedArguments, CLIContext) async throws -> Int32

    /// `notebook-index query TEXT [--full-words] … [--json]`, the options in the order declared.
    var usage: String {
        let words =
            ["notebook-index", name] + [arguments?.usage].compactMap { $0 } + options.map { "[\($0.option.label)]" }
        return words.joined(separator: " ")
    }

    var help: String { HelpText.command(self) }

    /// The declared option called `name` (`--index`), if any.
    func option(named name: String) -> OptionName? {
        options.first { $0.option.name == name }?.option
    }
}

/// The tool as a whole, for its help and the man page.
struct ToolSpec: Sendable {
    let abstract: String
    let discussion: String
    /// Where the index is when no `--index` is given.
    let index: String
    /// Variables read, with what they do (the man page's ENVIRONMENT).
    let environment: [(name: String, help: String)]
    /// Files read or written besides notebooks and the index (the man page's FILES).
    let files: [(path: String, help: String)]
    let usage = "notebook-index <command> [options]"
    /// The options taken before any command, with their help: the help's, the man page's and the
    /// completions' OPTIONS.
    let options: [(short: String?, long: String, help: String)] = [
        ("-h", "--help", "Show help for the tool, or with a command for that command."),
        (nil, "--version", "Show the version of the program and of its recognizer."),
    ]
}
