import Foundation
import SearchIndex

/// `notebook-index build PATH...`; its options are in `CommandSpecs.build`.
struct BuildCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    func run() async throws -> Int32 {
        let worker = context.environment[BuildSupervisor.workerVariable]
        if context.supervisesBuilds {
            guard worker != nil else {
                return try BuildSupervisor.supervise(
                    arguments: Array(CommandLine.arguments.dropFirst()), environment: context.environment)
            }
            BuildSupervisor.exitWhenSupervisorEnds()
        }
        let jobs =
            try arguments.value(Options.jobs)
            ?? ProcessInfo.processInfo.activeProcessorCount
        let languages = try context.recognitionLanguages(option: arguments.value(Options.language))
        let shard = try arguments.value(Options.shard)
        let indexPath = context.indexPath(option: try arguments.value(Options.index))
        // before the lock file and SQLite's journal are made beside it (`/dev/null.lock`)
        var info = stat()
        if stat(indexPath, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw IndexError(path: indexPath, reason: "not a regular file; the index must be a file")
        }
        guard let lock = try takeLock(indexPath) else {
            context.printError("notebook-index: another build is updating \(indexPath); not waiting (--no-wait)")
            return NotebookIndexCLI.ExitCode.failure
        }
        defer { withExtendedLifetime(lock) {} }

        if arguments[Options.rebuild] {
            for file in [indexPath, indexPath + "-wal", indexPath + "-shm", indexPath + "-journal"] {
                try? FileManager.default.removeItem(atPath: file)
            }
        }
        let store: IndexStore
        do {
            store = try IndexStore(path: indexPath, access: .write)
        } catch {
            throw IndexError(path: indexPath, reason: IndexStoreError.reason(for: error))
        }
        let indexer = Indexer(
            store: store, source: context.source, transcriber: try context.makeTranscriber(languages),
            adaptsToHand: arguments[Options.adapt])
        let bar = context.errorIsTerminal ? ProgressBar(sink: context.standardError) : nil
        let started = Date()
        let report: BuildReport
        do {
            report = try await build(indexer, jobs: jobs, shard: shard, worker: worker, bar: bar)
        } catch {
            throw IndexError(path: indexPath, reason: IndexStoreError.reason(for: error))
        }
        bar?.finish()
        if context.errorIsTerminal {
            context.printError(summary(report, seconds: Date().timeIntervalSince(started)))
        }
        return report.failures.isEmpty ? NotebookIndexCLI.ExitCode.success : NotebookIndexCLI.ExitCode.partial
    }

    private func build(
        _ indexer: Indexer, jobs: Int, shard: Shard?, worker: String?, bar: ProgressBar?
    ) async throws -> BuildReport {
        let context = self.context
        return try await indexer.build(
            paths: arguments.positionals, jobs: jobs, afterCrash: worker == BuildSupervisor.afterCrash,
            shard: shard,
            onFailure: { failure in
                bar?.finish()
                context.printError("\(Formatting.shown(failure.path)): \(Formatting.shown(failure.reason))")
            },
            onNotice: { notice in
                bar?.finish()
                context.printError("\(Formatting.shown(notice.path)): \(notice.reason)")
            },
            onProgress: { bar?.update($0) })
    }

    /// The index's writer lock; nil when another build holds it and `--no-wait` was given.
    private func takeLock(_ indexPath: String) throws -> IndexLock? {
        let context = self.context
        do {
            return try IndexLock(indexPath: indexPath, wait: !arguments[Options.noWait]) {
                context.printError("notebook-index: waiting for another build of \(indexPath) to finish")
            }
        } catch {
            if case .busy = error { return nil }
            throw error
        }
    }

    private func summary(_ report: BuildReport, seconds: Double) -> String {
        var parts = ["indexed \(report.indexed) of \(report.found) notebooks in " + String(format: "%.1f s", seconds)]
        if report.pagesRecognized > 0 { parts.append("\(report.pagesRecognized) pages recognized") }
        if report.unchanged + report.touched > 0 { parts.append("\(report.unchanged + report.touched) unchanged") }
        if report.removed > 0 { parts.append("\(report.removed) removed") }
        if !report.failures.isEmpty { parts.append("\(report.failures.count) failed") }
        if report.rememberedFailures > 0 {
            parts.append("\(report.rememberedFailures) still failing (see 'notebook-index status')")
        }
        if let fit = report.handFit {
            parts.append(
                fit.accepted
                    ? "learned the writer's hand from \(fit.trainingWords) sure words in "
                        + String(format: "%.1f s", fit.seconds)
                        + " (\(report.drawingsReadAgainWithHand) drawings read again with it, "
                        + "\(report.inputsFromKeptStates) of "
                        + "\(report.inputsFromKeptStates + report.inputsThroughNetwork) lines from kept states, "
                        + "\(report.drawingsToReread) drawings re-read next build)"
                    : "a fit of the writer's hand to \(fit.trainingWords) sure words read its held-out words worse and was dropped"
            )
        }
        return parts.joined(separator: ", ")
    }
}
