import Foundation
import Recognition
import SearchIndex

/// `notebook-index status`; its options are in `CommandSpecs.status`.
struct StatusCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    func run() throws -> Int32 {
        let indexPath = context.indexPath(option: try arguments.value(Options.index))
        let (status, shard, hand) = try IndexError.reading(indexPath) {
            let store = try IndexStore(path: indexPath, access: .read)
            return (
                try store.status(currentRecognitionVersion: context.recognitionVersion), try store.shard(),
                try store.handAdaptation()
            )
        }
        if arguments[Options.json] {
            context.print(json(status, shard: shard, hand: hand).rendered)
            return NotebookIndexCLI.ExitCode.success
        }
        for line in Self.lines(status, shard: shard, hand: hand, recognitionVersion: context.recognitionVersion) {
            context.print(line)
        }
        return NotebookIndexCLI.ExitCode.success
    }

    /// What `status` prints, a line each (also the search page's status view).
    static func lines(
        _ status: IndexStatus, shard: String?, hand: IndexStore.StoredHandAdaptation? = nil, recognitionVersion: Int
    ) -> [String] {
        var lines: [String] = []
        let version = status.recognitionVersion.map(String.init) ?? "none yet"
        lines.append("index:              \(Formatting.shown(status.path)) (\(Formatting.bytes(status.size)))")
        lines.append("recognizer version: \(version) (this notebook-index: \(recognitionVersion))")
        lines.append("languages:          \(status.recognitionLanguages.map(Self.names) ?? "none yet")")
        if let shard {
            lines.append("shard:              \(shard) (build --shard; 'merge' folds the shards into one)")
        }
        let failed = status.failures.isEmpty ? "" : " (\(status.failures.count) failed)"
        lines.append("files:              \(status.files)\(failed)")
        lines.append("pages:              \(status.pages)")
        lines.append("drawings:           \(status.drawings) (\(status.staleDrawings) stale)")
        lines.append("words:              \(status.words)")
        lines.append("user vocabulary:    \(status.userWords) words (read as written by the next build)")
        lines.append("writer's hand:      \(hand.map(Self.describe) ?? "not learned (the shipped recognizer reads)")")
        if !status.failures.isEmpty {
            lines.append("failures:")
            for failure in status.failures {
                lines.append("  \(Formatting.shown(failure.path)): \(Formatting.shown(failure.reason))")
            }
        }
        return lines
    }

    /// One line on the learned hand: what adapted, from how many words, when.
    static func describe(_ hand: IndexStore.StoredHandAdaptation) -> String {
        let loss = String(format: "held-out loss %.3f -> %.3f", hand.lossBefore, hand.lossAfter)
        return
            "learned (\(hand.adaptation.part.name), \(hand.words) sure words, \(hand.heldOut) held out, \(loss); recognizer \(hand.recognitionVersion), \(hand.languages.joined(separator: ",")), \(hand.created))"
    }

    static func json(_ hand: IndexStore.StoredHandAdaptation) -> JSONValue {
        .object([
            ("part", .string(hand.adaptation.part.name)), ("recognitionVersion", .int(hand.recognitionVersion)),
            ("languages", .array(hand.languages.map { .string($0) })), ("words", .int(hand.words)),
            ("heldOut", .int(hand.heldOut)), ("heldOutLossBefore", .double(hand.lossBefore)),
            ("heldOutLossAfter", .double(hand.lossAfter)), ("created", .string(hand.created)),
        ])
    }

    /// "en (English), de (German)".
    static func names(_ codes: [String]) -> String {
        codes.map { "\($0) (\(RecognitionLanguage.name(of: Locale.Language(identifier: $0))))" }.joined(separator: ", ")
    }

    private func json(_ status: IndexStatus, shard: String?, hand: IndexStore.StoredHandAdaptation?) -> JSONValue {
        .object([
            ("index", .string(status.path)), ("size", .int(Int(status.size))),
            ("schemaVersion", .int(status.schemaVersion)),
            ("recognitionVersion", status.recognitionVersion.map { .int($0) } ?? .null),
            ("currentRecognitionVersion", .int(context.recognitionVersion)),
            ("recognitionLanguages", status.recognitionLanguages.map { .array($0.map { .string($0) }) } ?? .null),
            ("shard", shard.map { .string($0) } ?? .null),
            ("files", .int(status.files)), ("pages", .int(status.pages)), ("drawings", .int(status.drawings)),
            ("words", .int(status.words)), ("staleDrawings", .int(status.staleDrawings)),
            ("userWords", .int(status.userWords)), ("handAdaptation", hand.map(Self.json) ?? .null),
            (
                "failures",
                .array(status.failures.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })
            ),
        ])
    }
}
