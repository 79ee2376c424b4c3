/// A usage mistake: printed as `Error: …`, the command's usage line and a pointer to `--help`.
struct UsageError: Error {
    var message: String
    /// The usage line of the command being parsed (the tool's when no command was recognized).
    var usage: String
}

/// The parsed arguments of one command, read through the options its spec declares.
struct ParsedArguments: Sendable {
    let spec: CommandSpec
    var positionals: [String] = []
    var wantsHelp = false
    /// Keyed by the option's name, `--index`.
    fileprivate var values: [String: String] = [:]
    fileprivate var flags: Set<String> = []

    /// Whether the flag was given.
    subscript(flag: Flag) -> Bool {
        checkDeclared(flag.name)
        return flags.contains(flag.name.name)
    }

    /// The option's value, converted; nil when the option was not given.
    /// - Throws: `UsageError` when the value does not convert (`--limit 0`).
    func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        checkDeclared(option.name)
        guard let text = values[option.name.name] else { return nil }
        guard let value = option.convert(text) else {
            throw UsageError(
                message: "invalid value '\(text)' for '\(option.name.name)': expected \(option.expected)",
                usage: spec.usage)
        }
        return value
    }

    /// An option the spec does not declare is never given, so reading one is a mistake in the
    /// command that no run would show.
    private func checkDeclared(_ option: OptionName) {
        assert(
            spec.option(named: option.name) == option, "\(spec.name) reads \(option.name), which it does not declare")
    }
}

/// A small parser in swift-argument-parser's manner: `--name value`, `--name=value`, flags,
/// `-h`/`--help` anywhere, and `--` ending options (so `query -- -x` searches for "-x").
enum ArgumentParser {
    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(spec: spec)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.option(named: name) else {
                throw UsageError(message: "unknown option '\(argument)'", usage: spec.usage)
            }
            if let valueName = option.valueName {
                if let inlineValue {
                    parsed.values[name] = inlineValue
                } else if index < arguments.count {
                    parsed.values[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError(
                        message: "missing value for '\(name) <\(valueName.lowercased())>'", usage: spec.usage)
                }
            } else if inlineValue == nil {
                parsed.flags.insert(name)
            } else {
                throw UsageError(message: "unknown option '\(argument)'", usage: spec.usage)
            }
        }
        if parsed.wantsHelp { return parsed }
        let positional = spec.arguments
        if let positional, positional.count != .zeroOrMore, parsed.positionals.isEmpty {
            throw UsageError(message: "missing expected argument '\(positional.name)'", usage: spec.usage)
        }
        if parsed.positionals.count > positional?.maximum ?? 0 {
            let extra = parsed.positionals[positional?.maximum ?? 0]
            throw UsageError(message: "unexpected argument '\(extra)'", usage: spec.usage)
        }
        return parsed
    }
}
