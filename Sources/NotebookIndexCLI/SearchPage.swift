import DrawingModel
import Foundation
import NotebookFormats
import SearchIndex

/// The HTML of `serve` (`SearchSite` says which page answers which request).
///
/// The search page is a plain form (GET `/search`), so it works without scripts; where scripts
/// run, `/search.js` asks for the hits as one types (`partial=1`) and puts them in place. Hits are
/// grouped by notebook (notebooks in the order of their best hit, hits in rank order), each with
/// its page drawn small and its line drawn large (cropped as `query --html` crops it), the match
/// outlined. The pictures are `/picture` URLs, not inline SVG: the hits' text answers at once,
/// without reading a notebook, and the browser fetches the pages side by side and keeps them.
/// Every text from a request, the index or a file is escaped (`HTMLReport.text`); the only script
/// is the server's own file, and the Content-Security-Policy (`HTTPServer.commonHeaders`) forbids
/// any other.
enum SearchPage {
    /// The width of a page drawn beside its hit, in CSS pixels.
    static let thumbnailWidth = 150.0

    /// The whole page: the form, filled in with `form`, and `results` (HTML) under it.
    static func document(form: SearchForm?, results: String) -> String {
        let text = form.map { HTMLReport.text($0.text) } ?? ""
        let title = text.isEmpty ? "notebook-index" : "“\(text)” · notebook-index"
        func box(_ name: String, _ label: String, _ on: Bool) -> String {
            "<label><input type=\"checkbox\" name=\"\(name)\" value=\"1\"\(on ? " checked" : "")/> \(label)</label>"
        }
        return head(title) + """
            <header><h1><a href="/">notebook-index</a></h1><a class="status" href="/status">status</a></header>
            <form class="search" action="/search" method="get" role="search">
            <input type="search" name="q" value="\(text)" placeholder="Search your handwriting" autofocus="autofocus" aria-label="text to find"/>
            \(box("full-words", "whole words", form?.fullWords ?? false))
            \(box("fuzzy", "fuzzy", form?.fuzzy ?? false))
            \(box("case-sensitive", "match case", form?.caseSensitive ?? false))
            <button type="submit">Search</button>
            </form>
            <p id="notice" role="status"></p>
            <main id="results">
            \(results)</main>
            </body>
            </html>

            """
    }

    /// The hits, grouped by notebook; `more` adds a link to the next hits.
    /// - Parameter stamps: each hit file's `PagePictures.stamp`; a file without one is gone.
    static func results(
        form: SearchForm, hits: [SearchHit], stamps: [String: String], more: Bool, openToken: String
    )
        -> String
    {
        guard !hits.isEmpty else {
            return "<p class=\"summary\">No hits for “\(HTMLReport.text(form.text))”.</p>\n"
        }
        var order: [String] = []
        var groups: [String: [Int]] = [:]
        for (index, hit) in hits.enumerated() {
            if groups[hit.path] == nil { order.append(hit.path) }
            groups[hit.path, default: []].append(index)
        }
        let notebooks = HTMLReport.counted(order.count, "notebook")
        var out =
            "<p class=\"summary\">\(HTMLReport.summary(hits)) in \(notebooks)\(more ? " (more below)" : "").</p>\n"
        for path in order {
            let indices = groups[path] ?? []
            out += "<section class=\"notebook\">\n<h2><span class=\"path\">\(HTMLReport.text(path))</span>"
            out += " <span class=\"meta\">\(HTMLReport.counted(indices.count, "hit"))</span></h2>\n"
            for index in indices {
                out += hitArticle(hits[index], number: index + 1, stamp: stamps[path], form: form, openToken: openToken)
            }
            out += "</section>\n"
        }
        if more {
            var next = form
            next.limit = min(form.limit * 2, SearchSite.maximumLimit)
            let query = next.queryString + "&limit=\(next.limit)"
            out += "<p class=\"more\"><a href=\"/search?\(HTMLReport.text(query))\">Show more hits</a></p>\n"
        }
        return out
    }

    /// One hit: its page small (a link to it large), then its place, score and links, its line as
    /// text and drawn large. Both pictures are `/picture` URLs of the page, named with the file's
    /// stamp, so that the browser fetches them side by side and keeps them.
    private static func hitArticle(
        _ hit: SearchHit, number: Int, stamp: String?, form: SearchForm, openToken: String
    ) -> String {
        let target = NotebookOpener.Target(path: hit.path, page: hit.page + 1)
        let pageLink = link("/page", target, form: form)
        var out = "<article class=\"hit\" id=\"hit-\(number)\">\n"
        var picture: [(String, String)] = [("path", hit.path), ("page", String(target.page))]
        if let stamp {
            picture.append(("v", stamp))
            if hit.source == .handwriting { picture.append(("d", hit.drawing)) }
            if let box = hit.bounds { picture.append(("boxes", rectList([box]))) }
            let source = HTMLReport.text("/picture?" + SearchForm.queryString(picture))
            out += "<a class=\"thumb\" href=\"\(pageLink)\"><img src=\"\(source)\" width=\"\(Int(thumbnailWidth))\""
            out += " alt=\"page \(target.page)\" loading=\"lazy\"/></a>\n"
        }
        out += "<div class=\"about\">\n"
        var meta = ["page \(target.page)", "score " + String(format: "%.3f", hit.score)]
        meta.append("“\(HTMLReport.text(hit.text))”")
        if hit.source == .typedText { meta.append("typed text") }
        if hit.distance > 0 { meta.append(HTMLReport.counted(hit.distance, "edit") + " off") }
        meta.append("<a href=\"\(pageLink)\">whole page</a>")
        meta.append("<a class=\"open\" href=\"\(openLink(target, token: openToken))\">open</a>")
        out += "<p class=\"meta\">\(meta.joined(separator: " · "))</p>\n"
        if let line = hit.context { out += HTMLReport.lineParagraph(line) }
        if stamp == nil {
            out += "<p class=\"note\">Not drawn: the file is gone since it was indexed.</p>\n"
        } else if let crop = HTMLReport.crop(hit) {
            let source = HTMLReport.text("/picture?" + SearchForm.queryString(picture + [("crop", rectList([crop]))]))
            let width = SVGWriter.number(crop.width * HTMLReport.cropScale)
            let height = SVGWriter.number(crop.height * HTMLReport.cropScale)
            out += "<img class=\"crop\" src=\"\(source)\" width=\"\(width)\" height=\"\(height)\""
            out += " alt=\"the hit on its line\"/>\n"
        }
        return out + "</div>\n</article>\n"
    }

    /// `x,y,w,h;x,y,w,h`, as `/picture` reads its `boxes` and `crop`.
    static func rectList(_ rects: [Rect]) -> String {
        rects.map { r in [r.x, r.y, r.width, r.height].map(SVGWriter.number).joined(separator: ",") }
            .joined(separator: ";")
    }

    /// The rectangles of `rectList`'s form in `text` (at most 64; any with a coordinate that is
    /// not a finite number, or a negative size, left out).
    static func rects(_ text: String?) -> [Rect] {
        guard let text else { return [] }
        return text.split(separator: ";").prefix(64).compactMap { item in
            let values = item.split(separator: ",").compactMap { Double($0) }
            guard values.count == 4, values.allSatisfy(\.isFinite), values[2] >= 0, values[3] >= 0 else { return nil }
            return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
        }
    }

    /// A page as an SVG document showing `view` of it (its whole frame by default), `boxes` outlined.
    static func picture(_ drawn: SVGWriter.Fragment, view: Rect?, boxes: [Rect]) -> String {
        let shown = view ?? drawn.frame
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"\(SVGWriter.viewBox(shown))\""
        out += " width=\"\(SVGWriter.number(shown.width))\" height=\"\(SVGWriter.number(shown.height))\">\n"
        out += drawn.elements
        for box in boxes { out += SVGWriter.highlight(box) }
        return out + "</svg>\n"
    }

    /// One page drawn as large as the window allows, with the boxes of the search's hits on it.
    static func wholePage(
        _ target: NotebookOpener.Target, drawn: SVGWriter.Fragment, boxes: [Rect], form: SearchForm, openToken: String
    ) -> String {
        let name = HTMLReport.text(target.path)
        var out = head("\(name), page \(target.page) · notebook-index")
        out += "<header><h1><a href=\"/search?\(HTMLReport.text(form.queryString))\">notebook-index</a></h1></header>\n"
        out += "<h2><span class=\"path\">\(name)</span> · page \(target.page)</h2>\n"
        out += "<p class=\"meta\"><a class=\"open\" href=\"\(openLink(target, token: openToken))\">open</a>"
        if !form.text.isEmpty {
            out += " · \(HTMLReport.counted(boxes.count, "hit")) of “\(HTMLReport.text(form.text))” outlined"
        }
        out += "</p>\n<p id=\"notice\" role=\"status\"></p>\n"
        out += svgOpen(drawn.frame, width: drawn.frame.width * HTMLReport.pageScale, label: "page \(target.page)")
        out += drawn.elements
        for box in boxes { out += SVGWriter.highlight(box) }
        return out + "</svg>\n</body>\n</html>\n"
    }

    /// What `status` prints, and when the index last changed.
    static func status(lines: [String], lastChange: Date?) -> String {
        var out = head("status · notebook-index")
        out += "<header><h1><a href=\"/\">notebook-index</a></h1></header>\n<h2>The index</h2>\n<pre class=\"status\">"
        out += lines.map { HTMLReport.text($0) }.joined(separator: "\n")
        if let lastChange {
            out += "\nlast change:        " + HTMLReport.text(ISO8601DateFormatter().string(from: lastChange))
        }
        return out + "</pre>\n</body>\n</html>\n"
    }

    /// A page of one heading and one sentence (not found, opened).
    static func message(title: String, _ sentence: String) -> String {
        head("\(HTMLReport.text(title)) · notebook-index")
            + "<header><h1><a href=\"/\">notebook-index</a></h1></header>\n<h2>\(HTMLReport.text(title))</h2>\n"
            + "<p class=\"message\">\(HTMLReport.text(sentence))</p>\n</body>\n</html>\n"
    }

    /// Why the index could not be searched, as `query` would say it.
    static func problem(indexPath: String, _ error: any Error) -> String {
        let reason = "\(indexPath): \(IndexStoreError.reason(for: error))"
        return "<p class=\"note\">The index cannot be searched: \(HTMLReport.text(reason)).</p>\n"
    }

    private static func head(_ title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>\(title)</title>
        <style>\(HTMLReport.style)\(style)</style>
        <script src="/search.js" defer="defer"></script>
        </head>
        <body>

        """
    }

    private static func svgOpen(_ frame: Rect, width: Double, label: String) -> String {
        let height = frame.width > 0 ? width * frame.height / frame.width : width
        return "<svg viewBox=\"\(SVGWriter.viewBox(frame))\" width=\"\(SVGWriter.number(width))\""
            + " height=\"\(SVGWriter.number(height))\" role=\"img\" aria-label=\"\(label)\">"
    }

    /// `/page?…` or another path with the target and the search, escaped for an attribute.
    private static func link(_ path: String, _ target: NotebookOpener.Target, form: SearchForm) -> String {
        let query = SearchForm.queryString([("path", target.path), ("page", String(target.page))])
        return HTMLReport.text("\(path)?\(query)&\(form.queryString)")
    }

    private static func openLink(_ target: NotebookOpener.Target, token: String) -> String {
        let query = SearchForm.queryString([("path", target.path), ("page", String(target.page)), ("token", token)])
        return HTMLReport.text("/open?\(query)")
    }

    private static let style = """
        header{display:flex;align-items:baseline;gap:1em}header a{color:inherit;text-decoration:none}
        form.search{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:center;margin:.5em 0 1em}
        form.search input[type=search]{flex:1 1 20em;font-size:1.2em;padding:.3em .5em}
        .summary{color:#555}article.hit{display:flex;gap:1em;border-top:1px solid #eee;padding:.6em 0}
        article.hit:first-of-type{border-top:none}.about{flex:1;min-width:0}
        img{display:block;max-width:100%;height:auto;border:1px solid #ccc;margin:.4em 0;background:#fff}
        a.thumb img{margin:0;width:150px}
        .path{overflow-wrap:anywhere}pre.status{white-space:pre-wrap;background:#fff;padding:1em;border:1px solid #d8d8d0}
        #notice:empty{display:none}#notice{background:#eef6e8;padding:.3em .6em}
        """

    /// `/search.js`: search as one types (a quarter of a second after the last key), keep the
    /// address bar on the current search, and open notebooks without leaving the page.
    static let script = """
        "use strict";
        document.addEventListener("DOMContentLoaded", () => {
          const form = document.querySelector("form.search");
          const results = document.getElementById("results");
          const notice = document.getElementById("notice");
          let timer = 0, asked = 0;
          function update() {
            const params = new URLSearchParams(new FormData(form));
            const address = "/search?" + params.toString();
            params.set("partial", "1");
            const mine = ++asked;
            fetch("/search?" + params.toString()).then((r) => r.text()).then((html) => {
              if (mine !== asked) return;
              results.innerHTML = html;
              history.replaceState(null, "", address);
            });
          }
          if (form) {
            form.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(update, 250); });
            form.addEventListener("submit", (event) => { event.preventDefault(); clearTimeout(timer); update(); });
          }
          document.addEventListener("click", (event) => {
            const link = event.target.closest("a.open");
            if (!link) return;
            event.preventDefault();
            fetch(link.href).then((r) => r.text()).then((html) => {
              const page = new DOMParser().parseFromString(html, "text/html");
              notice.textContent = page.querySelector(".message")?.textContent ?? "";
            });
          });
        });

        """
}
