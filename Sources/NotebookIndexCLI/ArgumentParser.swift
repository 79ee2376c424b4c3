/// A usage mistake: printed as `Error: …`, the command's usage line and a pointer to `--help`.
struct UsageError: Error {
    var message: String
    /// The usage line of the command being parsed (the tool's when no command was recognized).
    var usage: String
}

/// What one command accepts.
struct CommandSpec: Sendable {
    var name: String
    var usage: String
    var help: String
    /// Options taking a value, e.g. `--index`, with the value's name for messages.
    var valueOptions: [String: String] = [:]
    var flags: Set<String> = []
    /// Name of the positional argument (for messages), how many at least and at most.
    var positional: String
    var minimumPositionals: Int
    var maximumPositionals: Int
}

/// The parsed arguments of one command.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// An option's value as a whole number of at least `minimum`.
    func integer(_ option: String, minimum: Int, spec: CommandSpec) throws(UsageError) -> Int? {
        guard let text = values[option] else { return nil }
        guard let value = Int(text), value >= minimum else {
            throw UsageError(message: "invalid value '\(text)' for '\(option)': expected a whole number of at least \(minimum)", usage: spec.usage)
        }
        return value
    }

    /// An option's value as a number in `range`.
    func number(_ option: String, in range: ClosedRange<Double>, spec: CommandSpec) throws(UsageError) -> Double? {
        guard let text = values[option] else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw UsageError(message: "invalid value '\(text)' for '\(option)': expected a number from \(range.lowerBound) to \(range.upperBound)", usage: spec.usage)
        }
        return value
    }
}

/// A small parser in swift-argument-parser's manner: `--name value`, `--name=value`, flags,
/// `-h`/`--help` anywhere, and `--` ending options (so `query -- -x` searches for "-x").
enum ArgumentParser {
    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
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
            if let valueName = spec.valueOptions[name] {
                if let inlineValue {
                    parsed.values[name] = inlineValue
                } else if index < arguments.count {
                    parsed.values[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "missing value for '\(name) <\(valueName.lowercased())>'", usage: spec.usage)
                }
            } else if spec.flags.contains(name), inlineValue == nil {
                parsed.flags.insert(name)
            } else {
                throw UsageError(message: "unknown option '\(argument)'", usage: spec.usage)
            }
        }
        if parsed.wantsHelp { return parsed }
        if parsed.positionals.count < spec.minimumPositionals {
            throw UsageError(message: "missing expected argument '\(spec.positional)'", usage: spec.usage)
        }
        if parsed.positionals.count > spec.maximumPositionals {
            let extra = parsed.positionals[spec.maximumPositionals]
            throw UsageError(message: "unexpected argument '\(extra)'", usage: spec.usage)
        }
        return parsed
    }
}
