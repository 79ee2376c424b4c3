/// `notebook-index completions SHELL` (`CommandSpecs.completions`): prints `CompletionScript`.
struct CompletionsCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    func run() throws(UsageError) -> Int32 {
        let name = arguments.positionals[0]
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            let shells = CompletionScript.Shell.allCases.map(\.rawValue)
            let expected = shells.dropLast().joined(separator: ", ") + " or " + (shells.last ?? "")
            throw UsageError(
                message: "invalid value '\(name)' for 'SHELL': expected \(expected)", usage: arguments.spec.usage)
        }
        context.standardOutput.write(CompletionScript.render(shell))
        return NotebookIndexCLI.ExitCode.success
    }
}
