import DrawingModel
import Foundation
import NotebookFormats
import SearchIndex

/// `query --html`: the hits as one self-contained HTML page, for looking at what was found.
///
/// Layout: a section per hit, ranked as `query` ranks them (`id="hit-N"`, N from 1: its file, page,
/// score, a link to the whole page and its line, then a crop of its page around the line with the
/// hit outlined); after them a section per page that has hits (`id="page-K"`), drawn once with
/// all its hits outlined, however many hits link to it.
///
/// Each page's drawing is an inline SVG group (`id="ink-K"`, `SVGWriter.fragment`); a crop is an
/// SVG whose `viewBox` is the line's box and which `<use>`s that group, so 100 hits on one page
/// cost 100 rectangles, not 100 copies of its ink. Nothing is fetched and nothing runs: no
/// scripts, no URLs but `#` anchors, and a Content-Security-Policy that forbids both anyway. All
/// text from files and the index goes through `Formatting.shown` (control and bidi characters
/// made visible) and then `SVGWriter.escaped`; the markup is well-formed XML as well as HTML.
struct HTMLReport {
    var query: String
    var hits: [SearchHit]
    var pictures: HitPictures

    /// CSS pixels per page unit (a point, usually): crops enlarged so that handwriting is legible
    /// without zooming, whole pages not, so that an A4 page fits a window's width.
    static let cropScale = 1.5, pageScale = 1.0

    /// `3 hits on 2 pages`, `1 hit on 1 page`, `no hits`: pages counted whether drawn or not.
    var summary: String { Self.summary(hits) }

    /// `summary` of any hits.
    static func summary(_ hits: [SearchHit]) -> String {
        guard !hits.isEmpty else { return "no hits" }
        let pageCount = Set(hits.map { HitPictures.PageKey(path: $0.path, page: $0.page) }).count
        return "\(Self.counted(hits.count, "hit")) on \(Self.counted(pageCount, "page"))"
    }

    var html: String {
        let title = "“\(Self.text(query))”"
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>notebook-index: \(title)</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header><h1>\(title)</h1><p class="meta">\(summary) · notebook-index query --html</p></header>
            <main>

            """
        let pageIDs = Dictionary(uniqueKeysWithValues: pictures.pageOrder.enumerated().map { ($1, $0 + 1) })
        for (index, hit) in hits.enumerated() {
            out += hitSection(hit, number: index + 1, picture: pictures.pictures[index], pageIDs: pageIDs)
        }
        for (index, key) in pictures.pageOrder.enumerated() {
            guard let page = pictures.pages[key] else { continue }
            out += pageSection(page, key: key, id: index + 1)
        }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    private func hitSection(
        _ hit: SearchHit, number: Int, picture: HitPictures.Picture, pageIDs: [HitPictures.PageKey: Int]
    ) -> String {
        var pageID: Int?
        if case .onPage(let key) = picture { pageID = pageIDs[key] }
        var out = "<section class=\"hit\" id=\"hit-\(number)\">\n"
        out += "<h2><span class=\"rank\">\(number).</span> <span class=\"path\">\(Self.text(hit.path))</span></h2>\n"
        var meta = ["page \(hit.page + 1)", "score " + String(format: "%.3f", hit.score), "“\(Self.text(hit.text))”"]
        if hit.source == .typedText { meta.append("typed text") }
        if hit.distance > 0 { meta.append(Self.counted(hit.distance, "edit") + " off") }
        if let pageID { meta.append("<a href=\"#page-\(pageID)\">whole page</a>") }
        out += "<p class=\"meta\">\(meta.joined(separator: " · "))</p>\n"
        if let line = hit.context { out += Self.lineParagraph(line) }
        if case .unavailable(let note) = picture {
            out += "<p class=\"note\">Not drawn: \(Self.text(note)).</p>\n"
        } else if let pageID, let crop = Self.cropPicture(hit, ink: "ink-\(pageID)", label: "hit \(number) on its line")
        {
            out += crop
        } else {
            out += "<p class=\"note\">Typed text without a place on the page.</p>\n"
        }
        return out + "</section>\n"
    }

    private func pageSection(_ page: Page, key: HitPictures.PageKey, id: Int) -> String {
        let numbers = hits.indices.filter {
            if case .onPage(let other) = pictures.pictures[$0] { return other == key } else { return false }
        }
        let boxes = numbers.compactMap { hits[$0].bounds }
        let drawn = SVGWriter.fragment(page, framing: boxes)
        var out = "<section class=\"page\" id=\"page-\(id)\">\n"
        out += "<h2><span class=\"path\">\(Self.text(key.path))</span> · page \(key.page + 1)</h2>\n"
        let links = numbers.map { "<a href=\"#hit-\($0 + 1)\">\($0 + 1)</a>" }
        out += "<p class=\"meta\">\(numbers.count == 1 ? "hit" : "hits") \(links.joined(separator: ", "))</p>\n"
        out += "<svg class=\"page\" viewBox=\"\(SVGWriter.viewBox(drawn.frame))\""
        out +=
            " width=\"\(SVGWriter.number(drawn.frame.width * Self.pageScale))\" height=\"\(SVGWriter.number(drawn.frame.height * Self.pageScale))\""
        out += " role=\"img\" aria-label=\"page \(key.page + 1)\">\n<g id=\"ink-\(id)\">\n\(drawn.elements)</g>\n"
        for box in boxes { out += SVGWriter.highlight(box) }
        return out + "</svg>\n</section>\n"
    }

    /// `<p class="line">` with the line's words, the matched ones in `<mark>`.
    static func lineParagraph(_ line: LineContext) -> String {
        let words = line.text { word, matched in matched ? "<mark>\(text(word))</mark>" : text(word) }
        return "<p class=\"line\">\(words)</p>\n"
    }

    /// An SVG of the hit's line (`crop`), enlarged, drawn by `<use>` of the page's ink group `ink`
    /// (an element ID), with the hit outlined; nil for a hit without a box.
    static func cropPicture(_ hit: SearchHit, ink: String, label: String) -> String? {
        guard let crop = crop(hit), let box = hit.bounds else { return nil }
        var out =
            "<svg class=\"crop\" viewBox=\"\(SVGWriter.viewBox(crop))\" width=\"\(SVGWriter.number(crop.width * cropScale))\""
        out += " height=\"\(SVGWriter.number(crop.height * cropScale))\" role=\"img\" aria-label=\"\(label)\">"
        return out + "<use href=\"#\(ink)\"/>\n" + SVGWriter.highlight(box) + "</svg>\n"
    }

    /// The hit's line (or the hit alone when the line has no box) with a margin of a quarter of its
    /// height, at least 8 units, so that ascenders and descenders are not cut.
    static func crop(_ hit: SearchHit) -> Rect? {
        guard let box = hit.bounds else { return nil }
        let line = hit.context?.bounds.map { $0.union(box) } ?? box
        guard [line.x, line.y, line.width, line.height].allSatisfy(\.isFinite) else { return nil }
        let margin = max(8, line.height / 4)
        return line.insetBy(dx: -margin, dy: -margin)
    }

    /// Text from a file or the index, safe in HTML content and quoted attributes.
    static func text(_ value: String) -> String {
        SVGWriter.escaped(Formatting.shown(value))
    }

    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    static let style = """
        body{font:15px/1.45 system-ui,sans-serif;color:#222;background:#f3f3f0;margin:0 auto;max-width:1100px;padding:0 1em 2em}
        h1{font-size:1.5em;margin:.8em 0 .1em}h2{font-size:1.05em;margin:.1em 0;overflow-wrap:anywhere}
        section{background:#fff;border:1px solid #d8d8d0;border-radius:6px;padding:.6em 1em;margin:0 0 1em}
        section.page{margin-top:2em}.meta{color:#555;margin:.2em 0}.rank{color:#888}
        .line{margin:.3em 0}mark{background:#ffe27a}.note{color:#a23;margin:.3em 0}
        svg{display:block;max-width:100%;height:auto;border:1px solid #ccc;margin:.4em 0}
        """
}
