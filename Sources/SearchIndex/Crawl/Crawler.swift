import Foundation
import NotebookFormats

/// A notebook found on disk: a file, or a folder the readers treat as one notebook.
package struct FoundNotebook: Sendable, Hashable {
    /// Absolute path, symlinks kept as found.
    package var path: String
    package var isFolder: Bool
    /// Size and mtime from the crawl (the content hash is computed only when needed).
    package var fingerprint: FileFingerprint
}

/// Walks the paths given to `build` and lists the notebooks under them.
///
/// Hidden files and folders (names starting with `.`) are skipped below the given paths, as is
/// whatever a `.notebook-index-ignore` file excludes. Symlinks are followed; a folder already
/// visited (a symlink loop, or two links to one place) is walked once, and a file reached twice is
/// listed once. Paths given explicitly are always listed, whatever their name.
package struct Crawler: Sendable {
    /// The crawl's outcome.
    package struct Result: Sendable {
        /// Sorted by path.
        package var notebooks: [FoundNotebook]
        /// Paths that could not be crawled, with the reason.
        package var problems: [(path: String, reason: String)]
        /// The given paths, absolute, that exist: files indexed under them and not found are gone.
        package var roots: [String]
    }

    let source: any NotebookSource

    package init(source: any NotebookSource) {
        self.source = source
    }

    /// Makes `path` absolute (relative to the working directory) and removes `.`, `..` and trailing
    /// slashes, without resolving symlinks.
    package static func absolutePath(_ path: String) -> String {
        // most paths given are so already (an index's path, a shell's globbed files): kept as they
        // are without the first use of URL that would find them unchanged
        if isStandardAbsolute(path) { return path }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Whether `path` is absolute, has components, and none of them empty, `.` or `..`.
    static func isStandardAbsolute(_ path: String) -> Bool {
        guard path.utf8.count > 1, path.utf8.first == UInt8(ascii: "/") else { return false }
        return !path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains {
            $0.isEmpty || $0.elementsEqual(".".utf8) || $0.elementsEqual("..".utf8)
        }
    }

    /// Whether the absolute `path` is `root` or lies below it.
    package static func path(_ path: String, isWithin root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    package func crawl(_ paths: [String]) -> Result {
        var walk = Walk(source: source)
        var roots: [String] = []
        for given in paths {
            let path = Self.absolutePath(given)
            guard let status = FileStatus(path: path) else {
                walk.problems.append((path, "no such file or folder"))
                continue
            }
            roots.append(path)
            if status.isFolder {
                if source.isNotebookFolder(URL(fileURLWithPath: path)) {
                    walk.addFolderNotebook(path, status: status)
                } else {
                    walk.visit(folder: path, status: status, rules: IgnoreRules())
                }
            } else if status.isRegularFile {
                walk.addFile(path, status: status)
            } else {
                walk.problems.append((path, ReadLimits.notRegular))
            }
        }
        let notebooks = walk.found.values.sorted { $0.path < $1.path }
        return Result(notebooks: notebooks, problems: walk.problems, roots: roots)
    }
}

/// The state of one crawl.
private struct Walk {
    let source: any NotebookSource
    var found: [FileStatus.Identity: FoundNotebook] = [:]
    var visitedFolders = Set<FileStatus.Identity>()
    var problems: [(path: String, reason: String)] = []

    init(source: any NotebookSource) {
        self.source = source
    }

    mutating func addFile(_ path: String, status: FileStatus) {
        guard found[status.identity] == nil else { return }
        found[status.identity] = FoundNotebook(
            path: path, isFolder: false,
            fingerprint: FileFingerprint(size: status.size, modificationTime: status.modificationTime))
    }

    mutating func addFolderNotebook(_ path: String, status: FileStatus) {
        guard found[status.identity] == nil else { return }
        var size: Int64 = 0
        var newest: Int64 = status.modificationTime
        for file in FolderContents.files(of: path) {
            size += file.status.size
            newest = max(newest, file.status.modificationTime)
        }
        found[status.identity] = FoundNotebook(
            path: path, isFolder: true, fingerprint: FileFingerprint(size: size, modificationTime: newest))
    }

    mutating func visit(folder: String, status: FileStatus, rules inherited: IgnoreRules) {
        guard visitedFolders.insert(status.identity).inserted else { return }
        guard let listing = FolderListing(folder) else {
            problems.append((folder, "cannot list folder"))
            return
        }
        let names = listing.names
        for name in listing.undecodable where name.first != UInt8(ascii: ".") {
            problems.append((folder + "/" + String(decoding: name, as: UTF8.self), FolderListing.undecodableReason))
        }
        var rules = inherited
        if names.contains(IgnoreRules.fileName),
            let text = try? String(contentsOfFile: folder + "/" + IgnoreRules.fileName, encoding: .utf8)
        {
            rules.add(contents: text, base: folder)
        }
        for name in names where !name.hasPrefix(".") {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            guard let entry = FileStatus(path: path) else {
                // a broken symlink is skipped; a path the system cannot even look up is not
                if errno == ENAMETOOLONG { problems.append((path, FolderListing.tooLongReason)) }
                continue
            }
            if rules.isIgnored(path: path, isFolder: entry.isFolder) { continue }
            if entry.isFolder {
                if source.isNotebookFolder(URL(fileURLWithPath: path)) {
                    addFolderNotebook(path, status: entry)
                } else {
                    visit(folder: path, status: entry, rules: rules)
                }
            } else if entry.isRegularFile, source.isNotebookFile(URL(fileURLWithPath: path)) {
                addFile(path, status: entry)
            }
        }
    }
}

/// A folder's entry names as the system gives them, bytes and all: `FileManager` drops (or
/// mangles) names that are not UTF-8, and those must be reported rather than skipped unseen.
struct FolderListing {
    static let undecodableReason = "the file name is not valid UTF-8 (shown with U+FFFD); rename it to index it"
    static let tooLongReason = "the path is longer than the system allows (4,096 bytes); move it higher to index it"

    /// Sorted names that are valid UTF-8, without `.` and `..`.
    var names: [String] = []
    /// The raw bytes of the other names.
    var undecodable: [[UInt8]] = []

    init?(_ folder: String) {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard bytes != [0x2E], bytes != [0x2E, 0x2E] else { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                names.append(name)
            } else {
                undecodable.append(bytes)
            }
        }
        names.sort()
    }
}

/// The files that make up a notebook folder: everything inside it, and the files beside it named
/// after it (a reMarkable notebook's `<id>.content` and `<id>.metadata`).
enum FolderContents {
    static func files(of folder: String) -> [(path: String, status: FileStatus)] {
        var result: [(String, FileStatus)] = []
        var seen = Set<FileStatus.Identity>()
        func walk(_ path: String) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names.sorted() {
                let child = path + "/" + name
                guard let status = FileStatus(path: child), seen.insert(status.identity).inserted else { continue }
                if status.isFolder {
                    walk(child)
                } else if status.isRegularFile {
                    result.append((child, status))
                }
            }
        }
        walk(folder)
        let parent = (folder as NSString).deletingLastPathComponent
        let name = (folder as NSString).lastPathComponent
        if let siblings = try? FileManager.default.contentsOfDirectory(atPath: parent) {
            for sibling in siblings.sorted() where sibling.hasPrefix(name + ".") {
                let path = parent + "/" + sibling
                if let status = FileStatus(path: path), status.isRegularFile { result.append((path, status)) }
            }
        }
        return result
    }
}
