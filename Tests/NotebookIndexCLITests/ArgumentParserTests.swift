import Testing

@testable import NotebookIndexCLI

/// The parser and the table of commands it reads, in-process.
@Suite struct ArgumentParserTests {
    @Test(arguments: [
        ["x", "--limit", "5", "--index", "a.sqlite"], ["x", "--limit=5", "--index=a.sqlite"],
        ["--limit=5", "x", "--index", "a.sqlite"],
    ])
    func valuesCanFollowOrBeJoinedWithAnEqualsSign(_ arguments: [String]) throws {
        let parsed = try ArgumentParser.parse(arguments, spec: CommandSpecs.query)
        #expect(parsed.positionals == ["x"])
        #expect(try parsed.value(Options.limit) == 5)
        #expect(try parsed.value(Options.index) == "a.sqlite")
        #expect(try parsed.value(Options.minimumScore) == nil)
        #expect(!parsed[Options.json])
    }

    @Test func doubleDashEndsOptionsAndHelpIsTakenAnywhere() throws {
        let parsed = try ArgumentParser.parse(["--json", "--", "-x", "--fuzzy"], spec: CommandSpecs.query)
        #expect(parsed.positionals == ["-x", "--fuzzy"])
        #expect(parsed[Options.json] && !parsed[Options.fuzzy])
        // help wins over a missing argument and comes after any option
        #expect(try ArgumentParser.parse(["--index", "a", "-h"], spec: CommandSpecs.build).wantsHelp)
        #expect(try ArgumentParser.parse(["--", "--help"], spec: CommandSpecs.query).wantsHelp == false)
    }

    @Test func anOptionOfAnotherCommandIsUnknown() {
        #expect(throws: UsageError.self) {
            try ArgumentParser.parse(["a.xopp", "--limit", "3"], spec: CommandSpecs.text)
        }
    }

    /// The table's own consistency: what the parser, help, man page and completions rely on.
    @Test(arguments: CommandSpecs.all.map(\.name))
    func everyCommandDeclaresItsOptionsOnce(name: String) throws {
        let command = try #require(CommandSpecs.all.first { $0.name == name })
        let names = command.options.map(\.option.name)
        #expect(Set(names).count == names.count)
        for option in command.options.map(\.option) {
            #expect(option.name.hasPrefix("--") && option.name != "--help")
            #expect(command.usage.contains("[\(option.label)]"))
            #expect(command.help.contains("  \(option.label)"))
        }
        #expect(CommandSpecs.all.filter { $0.name == name }.count == 1)
        #expect(CommandSpecs.named(name)?.usage == command.usage)
    }

    @Test func onlyTheCommandsAreNamed() {
        #expect(CommandSpecs.named("find") == nil && CommandSpecs.named("--version") == nil)
    }

    @Test func helpListsTheVisibleCommandsOnly() {
        for command in CommandSpecs.all {
            #expect(HelpText.tool.contains("\n  \(command.name) ") == !command.hidden)
        }
    }

    @Test(arguments: [
        ("a b c", 20, 0, ["a b c"]), ("aaaa bbbb cccc", 9, 0, ["aaaa bbbb", "cccc"]),
        ("aaaa\n  bbbb", 86, 2, ["  aaaa bbbb"]),
        (String(repeating: "x", count: 90), 86, 0, [String(repeating: "x", count: 90)]),
    ])
    func wrapFillsLinesUpToTheWidth(text: String, width: Int, indent: Int, lines: [String]) {
        #expect(HelpText.wrap(text, indent: indent, width: width) == lines)
    }

    @Test func aLongLabelPutsItsHelpOnTheNextLine() {
        #expect(
            HelpText.row("--case-sensitive", "Match case.", column: 18) == [
                "  --case-sensitive", "                  Match case.",
            ])
        #expect(HelpText.row("--index FILE", "The index.", column: 18) == ["  --index FILE    The index."])
    }
}
