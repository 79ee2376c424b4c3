import DrawingModel
import Foundation
import NotebookFormats
import Recognition

/// `text FILE --html`: a notebook's text as the small HTML document desktop-search filters
/// (Recoll's `exec` input handlers) read: a charset meta, the notebook's name as the title, one
/// `<section>` per page with its handwritten lines and then its typed text, everything escaped.
enum NotebookHTML {
    /// The document for a notebook whose pages were recognized into `transcripts`.
    /// - Parameters:
    ///   - path: the notebook's absolute path, for the title when the format names no title.
    ///   - notebook: for its title and its pages' typed text.
    static func render(path: String, notebook: Notebook, transcripts: [Transcript]) -> String {
        var html = """
            <!DOCTYPE html>
            <html>
            <head>
            <meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
            <title>\(escaped(title(path: path, notebook: notebook)))</title>
            <meta name="generator" content="notebook-index">
            </head>
            <body>

            """
        for (number, transcript) in transcripts.enumerated() {
            html += "<section id=\"page-\(number + 1)\">\n<h2>Page \(number + 1)</h2>\n"
            for line in transcript.lines where !line.text.isEmpty {
                html += "<p>\(escaped(line.text))</p>\n"
            }
            let texts = number < notebook.pages.count ? notebook.pages[number].texts : []
            for element in texts where !element.text.allSatisfy(\.isWhitespace) {
                html +=
                    "<p class=\"typed\">\(escaped(element.text).replacingOccurrences(of: "\n", with: "<br>\n"))</p>\n"
            }
            html += "</section>\n"
        }
        return html + "</body>\n</html>\n"
    }

    /// The notebook's own title (reMarkable's visible name, native JSON's title), else its file or
    /// folder name without the extension.
    static func title(path: String, notebook: Notebook) -> String {
        if let title = notebook.title, !title.allSatisfy(\.isWhitespace) { return title }
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }

    /// Safe in element content and quoted attributes; control characters (which HTML forbids)
    /// become spaces.
    static func escaped(_ text: String) -> String {
        SVGWriter.escaped(text)
    }
}
