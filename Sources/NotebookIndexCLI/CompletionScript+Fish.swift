extension CompletionScript {
    /// For `~/.config/fish/completions` or fish's `vendor_completions.d`.
    static func fish(_ commands: [CommandSpec]) -> String {
        let prefix = "complete -c notebook-index"
        var lines = [
            "# fish completion for notebook-index, made by 'notebook-index completions fish'.", "",
            "# the words after the last comma of what is typed: --language en,d<TAB> gives en,de",
            "function __notebook_index_list",
            "    set -l token (commandline -ct)",
            "    set token (string replace -r -- '^--[^=]*=' '' \"$token\")",
            "    set -l done (string replace -r -- '[^,]*$' '' \"$token\")",
            "    for word in $argv",
            "        echo $done$word",
            "    end",
            "end", "",
            "# paths only where an option or argument is one",
            "\(prefix) -f",
        ]
        for option in CommandSpecs.tool.options {
            let short = option.short.map { "-s \($0.dropFirst()) " } ?? ""
            lines.append(
                "\(prefix) -n __fish_use_subcommand \(short)-l \(option.long.dropFirst(2)) -d \(fishQuoted(summary(option.help)))"
            )
        }
        for command in commands {
            lines.append(
                "\(prefix) -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(summary(command.abstract)))")
        }
        for command in commands {
            let seen = "\(prefix) -n '__fish_seen_subcommand_from \(command.name)'"
            lines.append("")
            for spec in command.options {
                let option = spec.option
                let long = "-l \(option.name.dropFirst(2))"
                let value = option.valueName == nil ? "" : " " + fishAction(option.completion, required: true)
                lines.append("\(seen) \(long)\(value) -d \(fishQuoted(summary(spec.help)))")
            }
            lines.append("\(seen) -s h -l help -d 'Show this help'")
            if let arguments = command.arguments, arguments.completion != .none {
                lines.append("\(seen) \(fishAction(arguments.completion, required: false))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// The flags for an option's value (`required`: it takes the next word) or for an argument.
    private static func fishAction(_ completion: Completion, required: Bool) -> String {
        let exclusive = required ? "-x " : ""
        return switch completion {
        case .none: "-x"
        case .file: required ? "-r -F" : "-F"
        case .oneOf(let words): exclusive + "-a \(fishQuoted(words.joined(separator: " ")))"
        case .commaSeparated(let words):
            exclusive + "-a \(fishQuoted("(__notebook_index_list \(words.joined(separator: " ")))"))"
        }
    }
}
