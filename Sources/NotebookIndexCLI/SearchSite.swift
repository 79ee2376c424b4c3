import DrawingModel
import Foundation
import NotebookFormats
import SearchIndex

/// What `serve` answers, path by path (`HTTPServer` has already refused other methods and
/// foreign hosts):
///
/// | path | answer |
/// | --- | --- |
/// | `/` | the search form; with `q`, the hits below it (`SearchPage`) |
/// | `/search?q=TEXT` | the same, also `full-words=1`, `fuzzy=1`, `case-sensitive=1`, `limit=N`; `partial=1` gives the hits alone (what the page's script puts in place as one types) |
/// | `/api/search?q=TEXT` | exactly what `query TEXT --json` prints, with the same options |
/// | `/page?path=P&page=N&q=TEXT` | page N (from 1) of notebook P drawn large, TEXT's hits outlined |
/// | `/picture?path=P&page=N&boxes=…&crop=…` | page N of P as an SVG image (`PagePictures`), the boxes outlined, cropped |
/// | `/open?path=P&page=N&token=T` | opens P at page N in its app (`NotebookOpener`) |
/// | `/status` | what `status` prints, and when the index last changed |
/// | `/search.js` | the page's script |
///
/// Everything else is 404. No part of a request is ever taken as a file name: `path` must be a
/// file the index holds (404 otherwise), so `/../x`, `/etc/passwd` and a `path` outside the index
/// are all refused. Each request opens the index read-only on its own connection (the index is in
/// WAL mode, so a `build` writing it does not stop it).
struct SearchSite: Sendable {
    let indexPath: String
    let pictures: PagePictures
    let recognitionVersion: Int
    /// A random secret in every "open" link: another site can make the browser load a URL here
    /// but cannot read these pages, so it cannot learn the token and open notebooks.
    let openToken: String
    let opener: NotebookOpener

    /// The most hits `/search` draws at once (its `limit`), the default it draws, and the most
    /// `/api/search` gives (as `query --limit`).
    static let maximumLimit = 1000, pageLimit = 30

    typealias Request = HTTPServer.Request
    typealias Response = HTTPServer.Response

    func respond(_ request: Request) -> Response {
        switch request.path {
        case "/", "/search": return searchPage(request)
        case "/api/search": return apiSearch(request)
        case "/page": return wholePage(request)
        case "/picture": return picture(request)
        case "/open": return open(request)
        case "/status": return statusPage()
        case "/search.js": return Response(contentType: "text/javascript; charset=utf-8", body: SearchPage.script)
        default: return Self.notFound
        }
    }

    static let notFound = html(status: 404, SearchPage.message(title: "Not found", "There is nothing here."))

    static func html(status: Int = 200, _ body: String) -> Response {
        Response(status: status, contentType: "text/html; charset=utf-8", body: body)
    }

    // MARK: search

    private func searchPage(_ request: Request) -> Response {
        let form = SearchForm(request.arguments, defaultLimit: Self.pageLimit)
        var results = ""
        var status = 200
        if !form.text.isEmpty {
            do {
                // one more than shown, to know whether there are more
                var asked = form
                asked.limit += 1
                let found = try search(asked)
                let hits = Array(found.prefix(form.limit))
                var stamps: [String: String] = [:]
                for path in Set(hits.map(\.path)) { stamps[path] = PagePictures.stamp(path) }
                results = SearchPage.results(
                    form: form, hits: hits, stamps: stamps, more: found.count > hits.count, openToken: openToken)
            } catch {
                status = 500
                results = SearchPage.problem(indexPath: indexPath, error)
            }
        }
        if request.arguments["partial"] == "1" { return Self.html(status: status, results) }
        return Self.html(status: status, SearchPage.document(form: form, results: results))
    }

    private func apiSearch(_ request: Request) -> Response {
        let form = SearchForm(request.arguments, defaultLimit: QueryCommand.defaultLimit)
        guard !form.text.isEmpty else {
            let error = JSONValue.object([("error", .string("missing q: the text to find"))])
            return Response(status: 400, contentType: "application/json", body: error.rendered + "\n")
        }
        do {
            let hits = try search(form)
            return Response(
                contentType: "application/json", body: QueryCommand.json(query: form.text, hits: hits).rendered + "\n")
        } catch {
            let reason = IndexStoreError.reason(for: error)
            let body = JSONValue.object([("error", .string("\(indexPath): \(reason)"))]).rendered + "\n"
            return Response(status: 500, contentType: "application/json", body: body)
        }
    }

    /// The hits as `query` finds them with the form's options.
    private func search(_ form: SearchForm) throws -> [SearchHit] {
        let options = SearchOptions(
            fullWordsOnly: form.fullWords, caseSensitive: form.caseSensitive, limit: form.limit, fuzzy: form.fuzzy)
        let query = QueryCommand.query(form.text, options: options, minimumScore: nil)
        return try IndexStore(path: indexPath, access: .read).search(query)
    }

    // MARK: pages of notebooks

    /// The notebook and page (from 1) a request names, when the index holds that file and page.
    private func indexedPage(_ request: Request) -> NotebookOpener.Target? {
        guard let path = request.arguments["path"], path.hasPrefix("/"),
            let page = request.arguments["page"].flatMap({ Int($0) }), page >= 1,
            let pages = try? IndexStore(path: indexPath, access: .read).pageCount(path: path), page <= pages
        else { return nil }
        return NotebookOpener.Target(path: path, page: page)
    }

    private func wholePage(_ request: Request) -> Response {
        guard let target = indexedPage(request) else { return Self.notFound }
        let drawn: PagePictures.Drawn
        do {
            drawn = try pictures.page(path: target.path, page: target.page)
        } catch {
            return Self.html(status: 404, SearchPage.message(title: "Not drawn", "\(error)."))
        }
        var form = SearchForm(request.arguments, defaultLimit: Self.maximumLimit)
        form.limit = Self.maximumLimit
        var boxes: [Rect] = []
        if !form.text.isEmpty, let hits = try? search(form) {
            // handwriting found in the ink as it is now; typed text wherever the index put it
            boxes = hits.filter {
                $0.path == target.path && $0.page == target.page - 1
                    && ($0.source == .typedText || $0.drawing == drawn.drawingKey)
            }.compactMap(\.bounds)
        }
        return Self.html(
            SearchPage.wholePage(target, drawn: drawn.fragment, boxes: boxes, form: form, openToken: openToken))
    }

    /// Page N of P as an SVG image: the `boxes` outlined unless `d`, the key of the ink the hits
    /// were found in, no longer matches the page (the file changed since the build), `crop` the
    /// part shown. `v`, the file's stamp, only makes the URL change with the file, so the browser
    /// may keep the picture.
    private func picture(_ request: Request) -> Response {
        guard let target = indexedPage(request) else { return Self.notFound }
        let drawn: PagePictures.Drawn
        do {
            drawn = try pictures.page(path: target.path, page: target.page)
        } catch {
            return Response(status: 404, contentType: "text/plain; charset=utf-8", body: "not drawn: \(error)\n")
        }
        var boxes = SearchPage.rects(request.arguments["boxes"])
        if let key = request.arguments["d"], key != drawn.drawingKey { boxes = [] }
        let svg = SearchPage.picture(
            drawn.fragment, view: SearchPage.rects(request.arguments["crop"]).first, boxes: boxes)
        return Response(
            contentType: "image/svg+xml", body: svg, headers: [("Cache-Control", "private, max-age=86400")])
    }

    private func open(_ request: Request) -> Response {
        guard request.arguments["token"] == openToken else {
            return Self.html(
                status: 403,
                SearchPage.message(title: "Not opened", "This link was not made by this search page; search again."))
        }
        guard let target = indexedPage(request) else { return Self.notFound }
        let app = opener.appName(for: target)
        let what = "\(Formatting.shown(target.path)), page \(target.page)"
        // HEAD asks what GET would answer, without doing it.
        if !request.isHead {
            do {
                try opener.open(target)
            } catch {
                return Self.html(
                    status: 500, SearchPage.message(title: "Not opened", "\(what) could not be opened with \(app)."))
            }
        }
        return Self.html(SearchPage.message(title: "Opened", "\(what) opened with \(app)."))
    }

    // MARK: status

    private func statusPage() -> Response {
        do {
            let store = try IndexStore(path: indexPath, access: .read)
            let status = try store.status(currentRecognitionVersion: recognitionVersion)
            let lines = StatusCommand.lines(
                status, shard: try store.shard(), hand: try store.handAdaptation(),
                recognitionVersion: recognitionVersion)
            return Self.html(SearchPage.status(lines: lines, lastChange: lastChange()))
        } catch {
            return Self.html(
                status: 500, SearchPage.document(form: nil, results: SearchPage.problem(indexPath: indexPath, error)))
        }
    }

    /// When the index or its write-ahead log was last written: the end of the last build, or the
    /// progress of the one running.
    private func lastChange() -> Date? {
        ["", "-wal"].compactMap {
            (try? FileManager.default.attributesOfItem(atPath: indexPath + $0))?[.modificationDate] as? Date
        }.max()
    }
}

/// The search options of a request's query string, as the page's form sends them.
struct SearchForm: Sendable, Equatable {
    var text: String
    var fullWords: Bool
    var fuzzy: Bool
    var caseSensitive: Bool
    var limit: Int

    init(_ arguments: [String: String], defaultLimit: Int) {
        text = (arguments["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        func flag(_ name: String) -> Bool { ["1", "on", "true"].contains(arguments[name] ?? "") }
        fullWords = flag("full-words")
        fuzzy = flag("fuzzy")
        caseSensitive = flag("case-sensitive")
        let asked = arguments["limit"].flatMap { Int($0) }.flatMap { $0 >= 1 ? $0 : nil }
        limit = min(asked ?? defaultLimit, SearchSite.maximumLimit)
    }

    /// The query string that asks for this search again (`q=…&fuzzy=1`).
    var queryString: String {
        var items = [("q", text)]
        if fullWords { items.append(("full-words", "1")) }
        if fuzzy { items.append(("fuzzy", "1")) }
        if caseSensitive { items.append(("case-sensitive", "1")) }
        return Self.queryString(items)
    }

    /// `a=1&b=x%20y`: names and values percent-encoded (everything but unreserved characters).
    static func queryString(_ items: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        return items.map { "\(encoded($0.0))=\(encoded($0.1))" }.joined(separator: "&")
    }
}
