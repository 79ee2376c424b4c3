extension CompletionScript {
    /// An autoloadable `_notebook-index` for a folder in `fpath`, which also registers itself
    /// when sourced.
    static func zsh(_ commands: [CommandSpec]) -> String {
        let described = commands.map { "        \(quoted(zshEscaped($0.name) + ":" + summary($0.abstract)))" }
        let toolOptions = CommandSpecs.tool.options.map { option in
            let names = option.short.map { "{\($0),\(option.long)}" } ?? option.long
            return "'(- *)'\(names)\(quoted("[" + zshEscaped(summary(option.help)) + "]"))"
        }
        var cases: [String] = []
        for command in commands {
            var specs = command.options.map { spec in
                let option = spec.option
                let description = "[\(zshEscaped(summary(spec.help)))]"
                guard let valueName = option.valueName else { return quoted(option.name + description) }
                return quoted("\(option.name)=\(description):\(valueName):\(zshAction(option.completion))")
            }
            specs.append("'(- *)'{-h,--help}'[Show this help]'")
            if let arguments = command.arguments {
                let position = arguments.count == .one ? "1" : "*"
                specs.append(quoted("\(position):\(arguments.name):\(zshAction(arguments.completion))"))
            }
            cases.append("    (\(command.name))")
            cases.append("        _arguments -s -S \\\n" + specs.map { "            " + $0 }.joined(separator: " \\\n"))
            cases.append("        ;;")
        }
        return """
            #compdef notebook-index
            # zsh completion for notebook-index, made by 'notebook-index completions zsh'.

            _notebook-index() {
                local -a commands
                commands=(
            \(described.joined(separator: "\n"))
                )
                if (( CURRENT == 2 )); then
                    _describe -t commands 'notebook-index command' commands
                    _arguments \(toolOptions.joined(separator: " "))
                    return
                fi
                local command=$words[2]
                # the command's own arguments from here, as if it were a command of its own
                shift words
                (( CURRENT-- ))
                case $command in
            \(cases.joined(separator: "\n"))
                esac
            }

            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                _notebook-index "$@"
            else
                compdef _notebook-index notebook-index
            fi

            """
    }

    /// Brackets, colons and backslashes taken literally in an `_arguments` description.
    private static func zshEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "[]:\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    private static func zshAction(_ completion: Completion) -> String {
        switch completion {
        case .none: " "
        case .file: "_files"
        case .oneOf(let words): "(\(words.joined(separator: " ")))"
        case .commaSeparated(let words): "_sequence compadd - \(words.joined(separator: " "))"
        }
    }
}
