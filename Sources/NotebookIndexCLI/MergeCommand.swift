import Foundation
import SearchIndex

/// `notebook-index merge OUT SHARD...` (`CommandSpecs.merge`): folds shard indexes into OUT
/// (`IndexMerge`), holding the writer lock of OUT and of every shard while it reads them, so no
/// build changes them halfway.
struct MergeCommand {
    let arguments: ParsedArguments
    let context: CLIContext

    func run() throws -> Int32 {
        let usage = CommandSpecs.merge.usage
        guard arguments.positionals.count >= 2 else {
            throw UsageError(message: "missing expected argument 'SHARD'", usage: usage)
        }
        let outputPath = Crawler.absolutePath(arguments.positionals[0])
        let shardPaths = arguments.positionals.dropFirst().map(Crawler.absolutePath)
        if shardPaths.contains(outputPath) {
            throw UsageError(
                message: "'\(arguments.positionals[0])' is the output and a shard; merge into a new index", usage: usage
            )
        }
        if let repeated = Self.firstRepeated(shardPaths) {
            throw UsageError(message: "shard '\(arguments.positionals[repeated + 1])' is given twice", usage: usage)
        }
        var info = stat()
        if stat(outputPath, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw IndexError(path: outputPath, reason: "not a regular file; the index must be a file")
        }
        let wait = !arguments[Options.noWait]
        var locks: [IndexLock] = []
        var inputs: [IndexMerge.Input] = []
        for (given, path) in zip(arguments.positionals.dropFirst(), shardPaths) {
            let store: IndexStore
            do {
                store = try IndexStore(path: path, access: .read)
            } catch {
                throw IndexError(path: path, reason: IndexStoreError.reason(for: error))
            }
            // a shard on a read-only medium has no lock to take, and no build can change it
            switch try takeLock(path, wait: wait, required: false) {
            case .taken(let lock): locks.append(lock)
            case .busy: return NotebookIndexCLI.ExitCode.failure
            case .unavailable: break
            }
            inputs.append(IndexMerge.Input(name: given, store: store))
        }
        guard case .taken(let lock) = try takeLock(outputPath, wait: wait, required: true) else {
            return NotebookIndexCLI.ExitCode.failure
        }
        locks.append(lock)
        defer { withExtendedLifetime(locks) {} }
        let output: IndexStore
        do {
            output = try IndexStore(path: outputPath, access: .write)
        } catch {
            throw IndexError(path: outputPath, reason: IndexStoreError.reason(for: error))
        }
        let merge = IndexMerge(output: output, outputName: arguments.positionals[0], inputs: inputs)
        let report: IndexMerge.Report
        do {
            report = try merge.run()
        } catch let refusal as IndexMerge.Refusal {
            context.printError("notebook-index: \(Formatting.shown(refusal.description))")
            return NotebookIndexCLI.ExitCode.failure
        } catch {
            throw IndexError(path: outputPath, reason: IndexStoreError.reason(for: error))
        }
        for duplicate in report.duplicates {
            context.printError(
                "\(Formatting.shown(duplicate.path)): in \(Formatting.shown(duplicate.kept)) and \(Formatting.shown(duplicate.skipped)); kept the first (were the shards built with one N?)"
            )
        }
        let shards = inputs.count == 1 ? "1 shard" : "\(inputs.count) shards"
        context.print(
            "Merged \(shards) into \(Formatting.shown(outputPath)): \(report.copied) files copied, \(report.alreadyThere) already there"
        )
        return report.duplicates.isEmpty ? NotebookIndexCLI.ExitCode.success : NotebookIndexCLI.ExitCode.partial
    }

    /// The index of the first path that an earlier one repeats.
    private static func firstRepeated(_ paths: [String]) -> Int? {
        var seen = Set<String>()
        return paths.firstIndex { !seen.insert($0).inserted }
    }

    private enum Locking {
        case taken(IndexLock)
        /// Another process holds it and `--no-wait` was given (said on standard error).
        case busy
        /// The lock file cannot be made (a read-only shard), and the lock is not `required`.
        case unavailable
    }

    /// The writer lock of the index at `path`.
    private func takeLock(_ path: String, wait: Bool, required: Bool) throws -> Locking {
        let context = self.context
        do {
            return .taken(
                try IndexLock(indexPath: path, wait: wait) {
                    context.printError("notebook-index: waiting for another build of \(path) to finish")
                })
        } catch {
            switch error {
            case .busy:
                context.printError("notebook-index: another build is updating \(path); not waiting (--no-wait)")
                return .busy
            case .cannotOpen where !required:
                return .unavailable
            case .cannotOpen:
                throw IndexError(path: path, reason: error.description)
            }
        }
    }
}
