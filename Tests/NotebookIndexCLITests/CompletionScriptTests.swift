import Foundation
import Recognition
import Testing

@testable import NotebookIndexCLI

/// The completion scripts: what they name, and where the shell is installed, what it makes of them.
@Suite struct CompletionScriptTests {
    @Test(arguments: CompletionScript.Shell.allCases)
    func everyScriptNamesEveryCommandOptionAndLanguage(shell: CompletionScript.Shell) {
        let script = CompletionScript.render(shell)
        for command in CommandSpecs.visible {
            #expect(script.contains(command.name))
            for option in command.options.map(\.option) {
                // fish writes --index as -l index
                let written = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
                #expect(script.contains(written), "\(shell) lacks \(option.name) of \(command.name)")
            }
        }
        #expect(script.contains(RecognitionLanguage.codes.joined(separator: " ")))
        for option in CommandSpecs.tool.options {
            let written = shell == .fish ? "-l \(option.long.dropFirst(2))" : option.long
            #expect(script.contains(written), "\(shell) lacks \(option.long)")
        }
    }

    @Test func hiddenCommandsAreNotCompleted() {
        let hidden = CommandSpecs.all.filter(\.hidden).map(\.name)
        #expect(hidden == ["man", "baloo-extract", "search-provider"])
        #expect(!CompletionScript.render(.bash).contains(" man "))
        #expect(!CompletionScript.render(.bash).contains("baloo-extract"))
        #expect(!CompletionScript.render(.bash).contains("search-provider"))
        #expect(!CompletionScript.render(.zsh).contains("'man:"))
        #expect(!CompletionScript.render(.fish).contains("-a man "))
    }

    @Test(arguments: [
        ("The index to search (default: see 'notebook-index --help').", "The index to search"),
        ("Print one JSON object: {\"query\": …}.", "Print one JSON object"),
        ("Match whole words only.", "Match whole words only"),
        ("Show help. Then more", "Show help"),
    ])
    func summaryIsTheFirstClauseOfTheHelp(help: String, summary: String) {
        #expect(CompletionScript.summary(help) == summary)
    }

    // MARK: bash

    @Test(
        .enabled(if: InstalledTool.path("bash") != nil, "bash is not installed"),
        arguments: [
            (["notebook-index", "qu"], ["query"]),
            (["notebook-index", "c"], ["completions"]),
            (["notebook-index", "--v"], ["--version"]),
            (["notebook-index", "query", "--f"], ["--full-words", "--fuzzy"]),
            (["notebook-index", "build", "--language", "en,j"], ["en,ja"]),
            (["notebook-index", "build", "--language", "=", "f"], ["fr"]),  // --language=f, split by bash
            (["notebook-index", "query", "--limit", ""], []),
            (["notebook-index", "query", "app"], []),
            (["notebook-index", "completions", ""], ["bash", "zsh", "fish"]),
            (["notebook-index", "text", "we"], ["week 1.xopp"]),
            (["notebook-index", "status", "--index", "=", "we"], ["week 1.xopp"]),
        ])
    func bashCompletesWhatTheTableDeclares(words: [String], expected: [String]) throws {
        let program = """
            source ./notebook-index.bash
            COMP_WORDS=("$@")
            COMP_CWORD=$(( $# - 1 ))
            _notebook_index
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let output = try Self.run(.bash, [["-c", program, "bash"] + words])[0]
        #expect(output.status == 0 && output.stderr.isEmpty, "\(output.stderr)")
        #expect(output.stdout.split(separator: "\n").map(String.init) == expected)
    }

    @Test(.enabled(if: InstalledTool.path("bash") != nil, "bash is not installed"))
    func bashReadsTheScriptAndRegistersTheFunction() throws {
        let outputs = try Self.run(
            .bash,
            [["-n", "notebook-index.bash"], ["-c", "source ./notebook-index.bash && complete -p notebook-index"]])
        #expect(outputs[0].status == 0 && outputs[0].stderr.isEmpty, "\(outputs[0].stderr)")
        #expect(outputs[1].stdout == "complete -F _notebook_index notebook-index\n")
    }

    // MARK: zsh

    @Test(.enabled(if: InstalledTool.path("zsh") != nil, "zsh is not installed"))
    func zshReadsTheScriptAndRegistersItWhenSourced() throws {
        let program =
            "autoload -Uz compinit && compinit -u -D && source ./_notebook-index && print -r -- $_comps[notebook-index]"
        let outputs = try Self.run(.zsh, [["-n", "_notebook-index"], ["-f", "-c", program]])
        #expect(outputs[0].status == 0 && outputs[0].stderr.isEmpty, "\(outputs[0].stderr)")
        #expect(outputs[1].stdout == "_notebook-index\n", "\(outputs[1].stderr)")
    }

    // MARK: fish

    @Test(
        .enabled(if: InstalledTool.path("fish") != nil, "fish is not installed"),
        arguments: [
            ("notebook-index qu", ["query"]),
            ("notebook-index --v", ["--version"]),
            ("notebook-index query --f", ["--full-words", "--fuzzy"]),
            ("notebook-index build --language en,j", ["en,ja"]),
            ("notebook-index build --language=f", ["--language=fr"]),
            ("notebook-index completions ", ["bash", "fish", "zsh"]),
            ("notebook-index text we", ["week 1.xopp"]),
            ("notebook-index query ap", []),
        ])
    func fishCompletesWhatTheTableDeclares(line: String, expected: [String]) throws {
        let complete = ["-c", "source ./notebook-index.fish; complete -C \"$NBI_LINE\""]
        let outputs = try Self.run(.fish, [["-n", "notebook-index.fish"], complete], environment: ["NBI_LINE": line])
        #expect(outputs[0].status == 0 && outputs[0].stderr.isEmpty, "\(outputs[0].stderr)")
        #expect(outputs[1].stderr.isEmpty, "\(outputs[1].stderr)")
        let candidates = outputs[1].stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(candidates == expected)
    }

    /// Runs `shell` with each list of arguments in turn, in a fresh folder holding its script
    /// (`notebook-index.bash`, `_notebook-index`, `notebook-index.fish`) and a notebook to
    /// complete, `week 1.xopp`.
    static func run(
        _ shell: CompletionScript.Shell, _ runs: [[String]], environment: [String: String] = [:]
    ) throws
        -> [ChildProcess.Output]
    {
        let program = try #require(InstalledTool.path(shell.rawValue))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nbi-completion-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name =
            switch shell {
            case .bash: "notebook-index.bash"
            case .zsh: "_notebook-index"
            case .fish: "notebook-index.fish"
            }
        try Data(CompletionScript.render(shell).utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        try Data("<xournal/>".utf8).write(to: URL(fileURLWithPath: folder + "/week 1.xopp"))
        return try runs.map { try InstalledTool.run(program, $0, in: folder, environment: environment) }
    }
}
