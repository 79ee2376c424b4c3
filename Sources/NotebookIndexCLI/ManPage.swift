/// The manual page, `notebook-index(1)`, in roff with the `man` macros, made from `CommandSpecs`:
/// NAME, SYNOPSIS, DESCRIPTION, COMMANDS (each with its arguments and options), OPTIONS,
/// ENVIRONMENT, FILES and EXIT STATUS. It carries no date, so the same binary always makes the
/// same page.
enum ManPage {
    static func render(commands: [CommandSpec] = CommandSpecs.visible) -> String {
        let tool = CommandSpecs.tool
        var name = tool.abstract.lowercased()  // "Offline …." → "offline …", as NAME lines are written
        if name.hasSuffix(".") { name.removeLast() }
        var lines = [
            #".TH NOTEBOOK\-INDEX 1 "" "notebook\-index" "User Commands""#,
            // no hyphenation or justification: option names and paths stay whole and copyable
            ".nh", ".ad l",
            ".SH NAME", "notebook\\-index \\- " + escaped(name),
            ".SH SYNOPSIS",
        ]
        for (index, command) in commands.enumerated() {
            lines += (index > 0 ? [".br"] : []) + [synopsis(command)]
        }
        lines += [".SH DESCRIPTION"] + paragraph(tool.discussion)
        lines += [".PP"] + paragraph("The index is " + tool.index)
        lines.append(".SH COMMANDS")
        for command in commands {
            lines += [".SS \(command.name)", synopsis(command), ".PP"] + paragraph(command.discussion)
            if let arguments = command.arguments {
                lines += [".TP", "\\fI\(escaped(arguments.usage))\\fR"] + paragraph(arguments.help)
            }
            for option in command.options {
                lines += [".TP", label(option.option)] + paragraph(option.help)
            }
        }
        lines.append(".SH OPTIONS")
        for option in tool.options {
            let label = [option.short, option.long].compactMap { $0 }.map { "\\fB\(escaped($0))\\fR" }
            lines += [".TP", label.joined(separator: ", ")] + paragraph(option.help)
        }
        lines += [".PP"] + paragraph("The options of each command are listed with it under COMMANDS.")
        lines.append(".SH ENVIRONMENT")
        for (name, help) in tool.environment {
            lines += [".TP", "\\fB\(escaped(name))\\fR"] + paragraph(help)
        }
        lines.append(".SH FILES")
        for (path, help) in tool.files {
            lines += [".TP", "\\fI\(escaped(path))\\fR"] + paragraph(help)
        }
        lines.append(".SH EXIT STATUS")
        for command in commands {
            lines += [".TP", "\\fB\(command.name)\\fR"] + paragraph(command.exitStatus)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `notebook-index query TEXT [--full-words] …`, the command bold, values in italics.
    private static func synopsis(_ command: CommandSpec) -> String {
        var words = ["\\fBnotebook\\-index \(escaped(command.name))\\fR"]
        if let arguments = command.arguments {
            let name = "\\fI\(escaped(arguments.name))\\fR"
            switch arguments.count {
            case .oneOrMore: words.append(name + "...")
            case .zeroOrMore: words.append("[" + name + "...]")
            case .one, .words: words.append(name)
            }
        }
        words += command.options.map { "[\(label($0.option))]" }
        return words.joined(separator: " ")
    }

    /// `\fB\-\-index\fR\ \fIFILE\fR`, the space one a line is not broken at.
    private static func label(_ option: OptionName) -> String {
        let name = "\\fB\(escaped(option.name))\\fR"
        return option.valueName.map { "\(name)\\ \\fI\(escaped($0))\\fR" } ?? name
    }

    /// Text lines for `text`, wrapped for a readable source (roff fills them anyway).
    static func paragraph(_ text: String) -> [String] {
        HelpText.wrap(text).map { line in
            let line = escaped(line)
            // a text line starting with . or ' would be read as a request
            return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
        }
    }

    /// Backslashes and dashes as roff wants them (`\-` so that a copied `--index` stays ASCII) and
    /// any other character than ASCII as its Unicode escape, so no input encoding is assumed.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default: result += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
