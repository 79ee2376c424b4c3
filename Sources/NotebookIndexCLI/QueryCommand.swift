import DrawingModel
import Foundation
import SearchIndex

/// `notebook-index query TEXT`; its options are in `CommandSpecs.query`.
struct QueryCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    static let defaultLimit = 100

    func run() throws -> Int32 {
        let limit = try arguments.value(Options.limit) ?? Self.defaultLimit
        let minimumScore = try arguments.value(Options.minimumScore)
        let text = arguments.positionals.joined(separator: " ")
        let htmlOutput = try arguments.value(Options.html)
        if htmlOutput != nil, arguments[Options.json] {
            throw UsageError(message: "'--html' and '--json' cannot be used together", usage: CommandSpecs.query.usage)
        }
        let options = SearchOptions(
            fullWordsOnly: arguments[Options.fullWords], caseSensitive: arguments[Options.caseSensitive], limit: limit,
            fuzzy: arguments[Options.fuzzy])
        let query = Self.query(text, options: options, minimumScore: minimumScore)
        let indexPath = context.indexPath(option: try arguments.value(Options.index))
        let hits: [SearchHit]
        do {
            hits = try IndexStore(path: indexPath, access: .read).search(query)
        } catch {
            throw IndexError(path: indexPath, reason: IndexStoreError.reason(for: error))
        }
        if let htmlOutput {
            // Written with no hits too: the page says so, rather than an old page staying behind.
            let pictures = HitPictures(hits, source: context.source, report: context.printError)
            let report = HTMLReport(query: text, hits: hits, pictures: pictures)
            guard context.write(report.html, toFile: htmlOutput) else { return NotebookIndexCLI.ExitCode.failure }
            context.print("Wrote \(Formatting.shown(htmlOutput)): \(report.summary)")
        } else if arguments[Options.json] {
            context.print(Self.json(query: text, hits: hits).rendered)
        } else {
            printHuman(hits)
        }
        return hits.isEmpty ? NotebookIndexCLI.ExitCode.partial : NotebookIndexCLI.ExitCode.success
    }

    /// The query for `text`, its floor `minimumScore` when the user gave one and else the
    /// query's own default (`SearchQuery.defaultMinimumScore`, by its letters), which a word's
    /// best reading passes (`SearchOptions.floorSparesBestReadings`) and a query of words outside
    /// the word lists does not have (`SearchOptions.floorSparesUnlistedWords`).
    static func query(_ text: String, options: SearchOptions, minimumScore: Double?) -> SearchQuery {
        var query = SearchQuery(text, options: options)
        query.options.minimumScore = minimumScore ?? query.defaultMinimumScore
        query.options.floorSparesBestReadings = minimumScore == nil
        query.options.floorSparesUnlistedWords = minimumScore == nil
        return query
    }

    /// The contract: `{"query": …, "results": [{"path", "page", "drawing", "text", "strokeIDs", "bounds", "score",
    /// "distance", "line": {"text", "bounds"}}]}`; fields are only ever added, so scripts keep working.
    static func json(query: String, hits: [SearchHit]) -> JSONValue {
        .object([
            ("query", .string(query)),
            (
                "results",
                .array(
                    hits.map { hit in
                        .object([
                            ("path", .string(hit.path)), ("page", .int(hit.page)), ("drawing", .string(hit.drawing)),
                            ("text", .string(hit.text)), ("strokeIDs", .uuids(hit.strokeIDs)),
                            ("bounds", .rect(hit.bounds)), ("score", .double((hit.score * 10_000).rounded() / 10_000)),
                            ("distance", .int(hit.distance)),
                            (
                                "line",
                                hit.context.map { .object([("text", .string($0.text)), ("bounds", .rect($0.bounds))]) }
                                    ?? .null
                            ),
                        ])
                    })
            ),
        ])
    }

    /// A hit's line for people: each word as `Formatting.shown` shows it, the matched ones bold
    /// when `enabled` (a terminal without NO_COLOR), else left plain: a pipe gets the words only.
    static func marked(_ line: LineContext, enabled: Bool) -> String {
        line.text { word, matched in Formatting.styled(Formatting.shown(word), "1", enabled: enabled && matched) }
    }

    /// Hits grouped by file (files in the order of their best hit), pages counted from 1:
    /// `page 3  "apple"  at (102, 310) 88×32`, then the line it sits on, indented, the matched
    /// words in bold on a terminal.
    private func printHuman(_ hits: [SearchHit]) {
        let colour = context.outputIsTerminal && context.environment["NO_COLOR"] == nil
        var order: [String] = []
        var groups: [String: [SearchHit]] = [:]
        for hit in hits {
            if groups[hit.path] == nil { order.append(hit.path) }
            groups[hit.path, default: []].append(hit)
        }
        for (index, path) in order.enumerated() {
            if index > 0 { context.print("") }
            context.print(Formatting.styled(Formatting.shown(path), "35", enabled: colour))
            let sorted = (groups[path] ?? []).sorted {
                ($0.page, $0.source.rawValue, $0.line, $0.position) < (
                    $1.page, $1.source.rawValue, $1.line, $1.position
                )
            }
            for hit in sorted {
                let quoted = Formatting.styled("\"\(Formatting.shown(hit.text))\"", "1;31", enabled: colour)
                let place = hit.bounds.map { "at " + Formatting.box($0) } ?? "in typed text"
                let typed = hit.source == .typedText && hit.bounds != nil ? " (typed text)" : ""
                context.print("page \(hit.page + 1)  \(quoted)  \(place)\(typed)")
                if let line = hit.context { context.print("    " + Self.marked(line, enabled: colour)) }
            }
        }
    }
}
