/// The `--help` of the tool and of each command, laid out from `CommandSpecs` in
/// swift-argument-parser's manner (tested word for word against the built binary).
enum HelpText {
    /// Prose is wrapped to this many columns.
    static let width = 86
    /// Where an option's or argument's help starts.
    static let helpColumn = 18
    /// Where a command's abstract starts in the tool's COMMANDS list.
    static let commandColumn = 14

    static var tool: String {
        let tool = CommandSpecs.tool
        var lines =
            ["OVERVIEW: \(tool.abstract)", ""] + wrap(tool.discussion) + ["", "USAGE: \(tool.usage)", "", "COMMANDS:"]
        for command in CommandSpecs.visible {
            lines += row(command.name, command.abstract, column: commandColumn)
        }
        lines += ["", "INDEX:"] + wrap(tool.index, indent: 2) + ["", "OPTIONS:"]
        for option in tool.options {
            let label = [option.short, option.long].compactMap { $0 }.joined(separator: ", ")
            lines += row(label, option.help, column: commandColumn)
        }
        lines += ["", "  See 'notebook-index <command> --help' for the options of each command."]
        return lines.joined(separator: "\n") + "\n"
    }

    static func command(_ spec: CommandSpec) -> String {
        var lines = ["OVERVIEW: \(spec.overview)", ""] + wrap(spec.discussion) + ["", "USAGE: \(spec.usage)", ""]
        if let arguments = spec.arguments {
            lines += ["ARGUMENTS:"] + row(arguments.name, arguments.help, column: helpColumn) + [""]
        }
        lines.append("OPTIONS:")
        for option in spec.options {
            lines += row(option.option.label, option.help, column: helpColumn)
        }
        lines += row("-h, --help", "Show this help.", column: helpColumn)
        lines += ["", "EXIT STATUS:"] + wrap(spec.exitStatus, indent: 2)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `label` indented by 2 and `help` wrapped from `column`, beside the label when it fits.
    static func row(_ label: String, _ help: String, column: Int) -> [String] {
        let text = wrap(help, indent: column)
        let head = "  " + label
        guard head.count < column, let first = text.first else { return [head] + text }
        return [head + String(repeating: " ", count: column - head.count) + first.dropFirst(column)] + text.dropFirst()
    }

    /// The words of `text` (line breaks are spaces) in lines of at most `width` columns, each
    /// indented by `indent`; a longer word has a line to itself.
    static func wrap(_ text: String, indent: Int = 0, width: Int = width) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            if !line.isEmpty, margin.count + line.count + 1 + word.count > width {
                lines.append(margin + line)
                line = ""
            }
            line += line.isEmpty ? word : " " + word
        }
        if !line.isEmpty { lines.append(margin + line) }
        return lines
    }
}
