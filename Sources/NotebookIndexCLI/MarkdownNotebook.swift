import Foundation
import NotebookFormats
import SearchIndex

/// One indexed notebook as a Markdown file (`export --markdown`), the same bytes for the same
/// index: no dates.
///
///     ---
///     source: "/home/me/Notes/week1.xopp"
///     title: "Week 1"                      only where the format has one
///     format: "xopp"
///     pages: 2
///     recognizer_version: 13               a list, [12, 13], while a build is halfway
///     languages: [en, de]
///     ---
///
///     ## Page 1
///
///     buy an apple today                   the best reading, a line of handwriting a line
///
///     > [!typed]                           the typed text, a line a line: a callout in Obsidian,
///     > Shopping list                      a quotation elsewhere
///
///     ## Page 2
///
/// Text is escaped so that it reads as written: the characters Markdown (and Obsidian: tags,
/// links, comments, maths) give a meaning are backslash-escaped, as are list and heading marks
/// at a line's start.
struct MarkdownNotebook {
    let notebook: StoredNotebook
    /// By page.
    let drawings: [IndexedDrawing]
    /// The index's language codes.
    let languages: [String]
    /// The index's recognizer version, for a notebook with no pages.
    let indexVersion: Int?

    var text: String {
        var out = "---\nsource: \(Self.quoted(notebook.path))\n"
        if let title = notebook.title { out += "title: \(Self.quoted(title))\n" }
        out += "format: \(Self.quoted(notebook.format ?? ""))\npages: \(notebook.pages)\n"
        let versions = Set(drawings.map(\.recognitionVersion)).sorted()
        switch versions.count {
        case 0: out += "recognizer_version: \(indexVersion.map(String.init) ?? "null")\n"
        case 1: out += "recognizer_version: \(versions[0])\n"
        default: out += "recognizer_version: [\(versions.map(String.init).joined(separator: ", "))]\n"
        }
        out += "languages: [\(languages.map(Self.quotedUnlessCode).joined(separator: ", "))]\n---\n"
        for drawing in drawings {
            out += "\n## Page \(drawing.page + 1)\n"
            let handwriting = drawing.lines(of: .handwriting)
            if !handwriting.isEmpty { out += "\n" + handwriting.map(Self.escaped).joined(separator: "\n") + "\n" }
            let typed = drawing.lines(of: .typedText)
            if !typed.isEmpty { out += "\n> [!typed]\n" + typed.map { "> " + Self.escaped($0) + "\n" }.joined() }
        }
        return out
    }

    /// The file's name in the export folder: a readable part (the notebook's title, else its file
    /// name without the extension) and the first 10 hex digits of the SHA-256 of its path, which
    /// tell apart notebooks of the same name in different folders (`week1-3f2a9c01d4.md`).
    static func fileName(path: String, title: String?) -> String {
        let file = (path as NSString).lastPathComponent
        let stem = (file as NSString).deletingPathExtension
        let readable = slug(title.flatMap { $0.isEmpty ? nil : $0 } ?? (stem.isEmpty ? file : stem))
        return readable + "-" + ContentHash.of(Array(path.utf8)).prefix(10) + ".md"
    }

    /// `text` with what file systems, Obsidian's links and tags refuse (`/ \ : * ? " < > | # ^ [ ] %`
    /// and control characters) as hyphens, no dot or space at either end, at most 80 characters;
    /// "notebook" when nothing is left.
    static func slug(_ text: String) -> String {
        let refused = Set("/\\:*?\"<>|#^[]%")
        var out = ""
        for character in text.prefix(80) {
            let control = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            out.append(refused.contains(character) || control ? "-" : character)
        }
        let trimmed = out.trimmingCharacters(in: CharacterSet(charactersIn: ". -").union(.whitespacesAndNewlines))
        return trimmed.isEmpty ? "notebook" : trimmed
    }

    /// A YAML double-quoted scalar: a JSON string, which YAML 1.2 reads as one.
    static func quoted(_ text: String) -> String {
        JSONStringLiteral.quoted(text)
    }

    /// A language code as it is (`en`, `pt-BR`), anything else quoted.
    private static func quotedUnlessCode(_ code: String) -> String {
        !code.isEmpty && code.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") } ? code : quoted(code)
    }

    /// Characters with a meaning in Markdown or Obsidian wherever they stand.
    private static let special = Set("\\`*_[]<>#|~$%&")

    /// One line of text as Markdown that shows it as it is.
    static func escaped(_ line: String) -> String {
        var out = ""
        for character in line {
            if special.contains(character) { out.append("\\") }
            out.append(character.isNewline ? " " : character)
        }
        // a list item, a heading underline or a numbered item where the line starts
        if let first = out.first, "-+=".contains(first) {
            out.insert("\\", at: out.startIndex)
        } else if let end = out.firstIndex(where: { !$0.isASCII || !$0.isNumber }), end != out.startIndex,
            ".)".contains(out[end])
        {
            out.insert("\\", at: end)
        }
        return out
    }
}
