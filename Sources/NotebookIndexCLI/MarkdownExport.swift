import Foundation
import SearchIndex

/// `export PATH... --markdown DIR`: the notebooks the index holds under PATHs, one Markdown file
/// each (`MarkdownNotebook`), kept in step with them in DIR (`ExportFolder`).
///
/// The text is the index's, as the last `build` read it, so exporting costs no recognition (run
/// it after `build`). In DIR:
///
/// * the notebooks are those `build` would find under PATHs (hidden and ignored files left out);
///   one the index does not hold (not built yet) is named on standard error;
/// * each notebook's file is written when its bytes differ from the file's (else left untouched,
///   so its modification time says when its text last changed);
/// * a file export wrote is removed when its notebook is gone from disk, or lies under PATHs and
///   is no longer found there (ignored now), or is now written under another name (its title
///   changed); a notebook the last build could not read keeps its file;
/// * a file export did not write is never written over or removed: a notebook whose name is
///   taken by one is named on standard error and not written.
///
/// The manifest is saved with the new files' entries before they are written and again at the
/// end, so a run stopped at any point leaves no file export wrote unlisted.
struct MarkdownExport {
    let roots: [String]
    let folder: String
    let index: String
    let context: CLIContext

    private struct Planned {
        var name: String
        var source: String
        var bytes: [UInt8]
    }

    func run() throws -> Int32 {
        let store: IndexStore
        let notebooks: [StoredNotebook]
        let languages: [String]
        let version: Int?
        do {
            store = try IndexStore(path: index, access: .read)
            notebooks = try store.storedNotebooks()
            languages = try store.recognitionLanguages() ?? []
            version = try store.recognitionVersion()
        } catch {
            throw IndexError(path: index, reason: IndexStoreError.reason(for: error))
        }
        var status = NotebookIndexCLI.ExitCode.success
        // the notebooks on disk now, found as build finds them, and those of them the index holds
        let crawl = Crawler(source: context.source).crawl(roots)
        for problem in crawl.problems {
            context.printError("\(Formatting.shown(problem.path)): \(Formatting.shown(problem.reason))")
            status = NotebookIndexCLI.ExitCode.partial
        }
        let found = Set(crawl.notebooks.map(\.path))
        let stored = Dictionary(notebooks.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var chosen: [StoredNotebook] = []
        for notebook in crawl.notebooks {
            guard let indexed = stored[notebook.path] else {
                context.printError(
                    "\(Formatting.shown(notebook.path)): not in the index; run 'notebook-index build' on it first")
                status = NotebookIndexCLI.ExitCode.partial
                continue
            }
            chosen.append(indexed)
        }

        var folder = try ExportFolder(path: Crawler.absolutePath(self.folder))
        var planned: [Planned] = []
        var plannedNames = Set<String>()
        /// Notebooks whose files stay as they are: not read by the last build, or not written now.
        var kept = Set<String>()
        for notebook in chosen {
            if let error = notebook.error {
                context.printError("\(Formatting.shown(notebook.path)): \(Formatting.shown(error))")
                status = NotebookIndexCLI.ExitCode.partial
                kept.insert(notebook.path)
                continue
            }
            let name = MarkdownNotebook.fileName(path: notebook.path, title: notebook.title)
            if let refusal = refusal(name, for: notebook.path, folder: folder, plannedNames: plannedNames) {
                context.printError("\(Formatting.shown(notebook.path)): \(refusal)")
                status = NotebookIndexCLI.ExitCode.partial
                kept.insert(notebook.path)
                continue
            }
            let drawings = try IndexError.reading(index) { try store.drawings(path: notebook.path) }
            let text = MarkdownNotebook(
                notebook: notebook, drawings: drawings, languages: languages, indexVersion: version
            ).text
            planned.append(Planned(name: name, source: notebook.path, bytes: Array(text.utf8)))
            plannedNames.insert(name)
        }

        let written = Set(planned.map(\.source))
        let stale = folder.entries.values.filter { entry in
            guard !plannedNames.contains(entry.name), !kept.contains(entry.source) else { return false }
            if written.contains(entry.source) || !FileManager.default.fileExists(atPath: entry.source) { return true }
            return crawl.roots.contains { Crawler.path(entry.source, isWithin: $0) } && !found.contains(entry.source)
        }
        for file in planned { folder.record(name: file.name, source: file.source, bytes: file.bytes) }
        try folder.saveManifest()
        var changed = 0
        for file in planned {
            if try folder.write(file.bytes, to: file.name) { changed += 1 }
        }
        var removed = 0
        for entry in stale.sorted(by: { $0.name < $1.name }) {
            if try folder.remove(entry.name) {
                removed += 1
            } else {
                let path = Formatting.shown(folder.path + "/" + entry.name)
                context.printError("\(path): edited since export wrote it; left in place")
            }
        }
        try folder.saveManifest()
        context.print(
            "\(Formatting.shown(folder.path)): \(changed) written, \(planned.count - changed) unchanged, \(removed) removed"
        )
        return status
    }

    /// Why `name` cannot be written for `source`, or nil when it can.
    private func refusal(_ name: String, for source: String, folder: ExportFolder, plannedNames: Set<String>) -> String?
    {
        if let owner = folder.entries[name], owner.source != source {
            let other = Formatting.shown(owner.source)
            return "its file name \(Formatting.shown(name)) is already the export of \(other); not written"
        }
        if plannedNames.contains(name) {
            return "its file name \(Formatting.shown(name)) is another notebook's in this export; not written"
        }
        if folder.entries[name] == nil, folder.fileExists(name) {
            return
                "\(Formatting.shown(folder.path + "/" + name)) is there and export did not write it; not written over"
        }
        return nil
    }
}
