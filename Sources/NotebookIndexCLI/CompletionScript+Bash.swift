extension CompletionScript {
    /// For bash 4.1 and later (`compopt`, `mapfile`), sourced or installed for bash-completion.
    static func bash(_ commands: [CommandSpec]) -> String {
        var cases: [String] = []
        for command in commands {
            cases.append("    \(command.name))")
            let valued = command.options.map(\.option).filter { $0.valueName != nil }
            if !valued.isEmpty {
                cases.append("        case $option in")
                for option in valued {
                    let action = option.completion == .none ? "" : bashAction(option.completion) + "; "
                    cases.append("        \(option.name)) \(action)return ;;")
                }
                cases.append("        esac")
            }
            let options = command.options.map(\.option.name) + ["-h", "--help"]
            cases += [
                "        if [[ $cur == -* ]]; then",
                "            _notebook_index_words \(quoted(options.joined(separator: " ")))",
            ]
            if let arguments = command.arguments, arguments.completion != .none {
                cases += ["        else", "            \(bashAction(arguments.completion))"]
            }
            cases += ["        fi", "        ;;"]
        }
        let names = commands.map(\.name) + CommandSpecs.tool.options.flatMap { [$0.short, $0.long].compactMap { $0 } }
        return """
            # bash completion for notebook-index, made by 'notebook-index completions bash'.

            _notebook_index_words() { mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur"); }
            _notebook_index_files() {
                compopt -o filenames 2>/dev/null
                mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            }
            # the words after the last comma of what is typed: --language en,d<TAB> gives en,de
            _notebook_index_list() {
                local done=${cur%"${cur##*,}"}
                mapfile -t COMPREPLY < <(compgen -P "$done" -W "$1" -- "${cur##*,}")
            }

            _notebook_index() {
                local cur=${COMP_WORDS[COMP_CWORD]} option=${COMP_WORDS[COMP_CWORD-1]}
                COMPREPLY=()
                # bash splits --index=FILE at the '=': the value is that of the option before it
                if [[ $cur == = ]]; then
                    cur=
                elif [[ $option == = ]]; then
                    option=${COMP_WORDS[COMP_CWORD-2]}
                fi
                if (( COMP_CWORD == 1 )); then
                    _notebook_index_words \(quoted(names.joined(separator: " ")))
                    return
                fi
                case ${COMP_WORDS[1]} in
            \(cases.joined(separator: "\n"))
                esac
            }

            complete -F _notebook_index notebook-index

            """
    }

    /// The completion of a value or an argument, never `.none` (nothing to do).
    private static func bashAction(_ completion: Completion) -> String {
        switch completion {
        case .none: ":"
        case .file: "_notebook_index_files"
        case .oneOf(let words): "_notebook_index_words \(quoted(words.joined(separator: " ")))"
        case .commaSeparated(let words): "_notebook_index_list \(quoted(words.joined(separator: " ")))"
        }
    }
}
