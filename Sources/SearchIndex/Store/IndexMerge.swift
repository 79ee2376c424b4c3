import Foundation

/// Folds shard indexes (`build --shard K/N` on several machines) into one index: the work of
/// `notebook-index merge OUT SHARD...`.
///
/// Every shard must have been built with the same schema (opening refuses any other), recognizer
/// version and languages, and the output, when it already holds a build, with those too: a
/// mixture would leave pages read by different recognizers side by side, so it is refused
/// before anything is written. Each file is copied in one transaction (`IndexStore.replace`,
/// `recordFailure`), so the output only ever holds a file's rows complete or absent. A file the
/// output already holds with the same fingerprint and readings is skipped, so running a merge
/// again after it was killed finishes the work and copies nothing twice; rows are replaced by
/// path, so nothing is ever duplicated. Files of the output that no shard holds are left alone.
/// The output's writer's adaptation (`HandAdaptation`) is dropped; no shard's is copied.
package struct IndexMerge {
    /// A shard index to read, with the name to show for it (the path as given).
    package struct Input {
        package var name: String
        package var store: IndexStore

        package init(name: String, store: IndexStore) {
            self.name = name
            self.store = store
        }
    }

    /// What a merge did.
    package struct Report: Sendable {
        /// Files written into the output (indexed or failed ones).
        package var copied = 0
        /// Files the output already held as the shard has them.
        package var alreadyThere = 0
        /// Files held by an earlier shard of the same merge too: the first shard's copy is kept.
        package var duplicates: [(path: String, kept: String, skipped: String)] = []
    }

    /// A mixture of builds, or a shard that holds no build: the one line says which and why.
    package struct Refusal: Error, CustomStringConvertible {
        package var description: String
    }

    let output: IndexStore
    let outputName: String
    let inputs: [Input]

    package init(output: IndexStore, outputName: String, inputs: [Input]) {
        self.output = output
        self.outputName = outputName
        self.inputs = inputs
    }

    /// The recognizer version and languages every shard shares, checked against the output.
    /// - Throws: `Refusal` naming the first shard (or the output) that differs.
    package func checkedBuild() throws -> (version: Int, languages: [String]) {
        var first: (name: String, version: Int, languages: [String])?
        for input in inputs {
            guard let version = try input.store.recognitionVersion(),
                let languages = try input.store.recognitionLanguages()
            else {
                throw Refusal(
                    description:
                        "\(input.name): holds no build yet; run 'notebook-index build --shard K/N' into it first")
            }
            guard let reference = first else {
                first = (input.name, version, languages)
                continue
            }
            if let difference = Self.difference((version, languages), (reference.version, reference.languages)) {
                throw Refusal(
                    description:
                        "\(input.name): \(difference.0), but \(reference.name) has \(difference.1); merge only shards built by one notebook-index with the same --language"
                )
            }
        }
        guard let build = first else { throw Refusal(description: "no shard to merge") }
        if try output.database.integer("SELECT count(*) FROM files") ?? 0 > 0,
            let version = try output.recognitionVersion(), let languages = try output.recognitionLanguages(),
            let difference = Self.difference((version, languages), (build.version, build.languages))
        {
            throw Refusal(
                description:
                    "\(outputName): holds \(difference.0), but \(build.name) has \(difference.1); merge into a new index, or rebuild the shards"
            )
        }
        return (build.version, build.languages)
    }

    /// How two builds differ, as each side would be described; nil when they are alike.
    private static func difference(_ a: (Int, [String]), _ b: (Int, [String])) -> (String, String)? {
        if a.0 != b.0 { return ("recognizer version \(a.0)", "version \(b.0)") }
        if a.1 != b.1 {
            return ("languages \(a.1.joined(separator: ","))", "\(b.1.joined(separator: ","))")
        }
        return nil
    }

    /// Checks the builds, then copies every file of every shard that the output lacks or holds
    /// otherwise, one transaction each, by path.
    /// - Parameter onFile: called after each file is copied or found already there.
    /// - Throws: `Refusal` for a mixture (before anything is written), database errors.
    package func run(onFile: (String) -> Void = { _ in }) throws -> Report {
        let (version, languages) = try checkedBuild()
        try output.setRecognitionVersion(version)
        try output.setRecognitionLanguages(languages)
        // each shard learned the hand of its own share (or none): the merged index learns its
        // own from the sure words its next build reads, and keeps the shards' readings meanwhile
        try output.removeHandAdaptation()
        let existing = try output.fileRecords(recognitionVersion: version)
        // every shard's files in one path order, as one build writes them, so the output numbers
        // its drawings as a build would; a path in two shards comes first from the earlier one
        var files: [(path: String, input: Int, notebook: StoredNotebook, record: FileRecord)] = []
        for (number, input) in inputs.enumerated() {
            let records = try input.store.fileRecords(recognitionVersion: version)
            for notebook in try input.store.storedNotebooks() {
                if let record = records[notebook.path] { files.append((notebook.path, number, notebook, record)) }
            }
        }
        files.sort { ($0.path, $0.input) < ($1.path, $1.input) }
        var report = Report()
        var taken: (path: String, input: Int)?
        for (path, number, notebook, record) in files {
            let input = inputs[number]
            if let taken, taken.path == path {
                report.duplicates.append((path, inputs[taken.input].name, input.name))
                continue
            }
            taken = (path, number)
            if let held = existing[path], Self.same(held, record) {
                report.alreadyThere += 1
                onFile(path)
                continue
            }
            if let error = notebook.error {
                try output.recordFailure(path: path, fingerprint: record.fingerprint, reason: error)
            } else {
                try output.replace(
                    IndexedFile(
                        path: path, fingerprint: record.fingerprint, format: notebook.format ?? "",
                        title: notebook.title, drawings: try input.store.drawings(path: path),
                        strokeOrigins: try input.store.strokeOrigins(path: path)))
            }
            report.copied += 1
            onFile(path)
        }
        // the shards each learned from their own files; the whole learns from all of them
        if report.copied > 0 {
            try output.rebuildUserVocabulary()
            try output.mergeSearchSegments()
        }
        return report
    }

    /// Whether the output's copy of a file is the shard's: same fingerprint, same failure, and
    /// as current readings.
    private static func same(_ held: FileRecord, _ record: FileRecord) -> Bool {
        held.fingerprint == record.fingerprint && held.error == record.error && held.format == record.format
            && held.hasStaleDrawings == record.hasStaleDrawings
    }
}
