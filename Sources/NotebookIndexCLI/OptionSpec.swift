/// What a shell offers for an option's value or an argument.
enum Completion: Sendable, Hashable {
    /// Nothing: the value is free text or a number.
    case none
    /// Paths, files and folders both.
    case file
    /// One of these words.
    case oneOf([String])
    /// These words, several joined by commas (`en,de`).
    case commaSeparated([String])
}

/// An option's name and what follows it: all the parser, the help, the man page and the
/// completion scripts need to know of it, whatever its value's type.
struct OptionName: Sendable, Hashable {
    /// With its dashes: `--index`.
    let name: String
    /// The value's name in usage lines and help (`FILE`); nil for a flag.
    let valueName: String?
    let completion: Completion

    /// `--index FILE`, or `--json` for a flag.
    var label: String { valueName.map { "\(name) \($0)" } ?? name }
}

/// A flag, present or not: `--json`. Read with `ParsedArguments[flag]`.
struct Flag: Sendable {
    let name: OptionName

    init(_ name: String) {
        self.name = OptionName(name: name, valueName: nil, completion: .none)
    }
}

/// An option with a value, converted to `Value` when read: `--limit N`. Read with
/// `ParsedArguments.value(_:)`, which turns a value that does not convert into a usage error.
struct Option<Value: Sendable>: Sendable {
    let name: OptionName
    /// What a valid value is, for the error: "a whole number of at least 1".
    let expected: String
    let convert: @Sendable (String) -> Value?
}

extension Option where Value == String {
    init(_ name: String, _ valueName: String, completion: Completion = .none) {
        self.init(
            name: OptionName(name: name, valueName: valueName, completion: completion), expected: "text",
            convert: { $0 })
    }
}

extension Option where Value == Int {
    static func integer(_ name: String, _ valueName: String, minimum: Int) -> Self {
        Self(
            name: OptionName(name: name, valueName: valueName, completion: .none),
            expected: "a whole number of at least \(minimum)", convert: { Int($0).flatMap { $0 >= minimum ? $0 : nil } }
        )
    }
}

extension Option where Value == Double {
    static func number(_ name: String, _ valueName: String, in range: ClosedRange<Double>) -> Self {
        Self(
            name: OptionName(name: name, valueName: valueName, completion: .none),
            expected: "a number from \(range.lowerBound) to \(range.upperBound)",
            convert: { Double($0).flatMap { range.contains($0) ? $0 : nil } })
    }
}

/// One row of a command's OPTIONS: an option and what it does in that command (`--index` reads
/// "The index to search" in `query`, "The index to update" in `build`).
struct OptionSpec: Sendable {
    let option: OptionName
    let help: String

    init(_ flag: Flag, _ help: String) {
        option = flag.name
        self.help = help
    }

    init<Value>(_ option: Option<Value>, _ help: String) {
        self.option = option.name
        self.help = help
    }
}
