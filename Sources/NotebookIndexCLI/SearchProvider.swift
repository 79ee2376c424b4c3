import Foundation
import SearchIndex

/// The desktop's own search box: GNOME Shell's `org.gnome.Shell.SearchProvider2` and KDE
/// KRunner's `org.kde.krunner1`, both on one object of the session bus (`DBusService`).
///
/// A result is a page: the hits of a search, in rank order, folded into their pages (at most
/// `maximumResults`), each named `notebook · page N` and described by the line of its best hit.
/// Its ID is `N:PATH` (N from 1), which `ActivateResult` and `Run` open in the notebook's app
/// (`NotebookOpener`) when the index still holds that page. GNOME asks for the names of IDs it
/// was given (`GetResultMetas`), so the lines of recent results are kept to describe them.
final class SearchProvider {
    static let busName = "io.github.notebook_index.SearchProvider"
    static let objectPath = "/io/github/notebook_index/SearchProvider"
    static let maximumResults = 20
    static let icon = "accessories-text-editor"

    struct PageResult: Equatable {
        var path: String
        /// From 1.
        var page: Int
        var line: String
        var score: Double

        var id: String { "\(page):\(path)" }
        var name: String { "\((path as NSString).lastPathComponent) · page \(page)" }
    }

    let indexPath: String
    let opener: NotebookOpener
    /// Lines of the results given lately, by ID.
    private var lines: [String: String] = [:]

    init(indexPath: String, opener: NotebookOpener) {
        self.indexPath = indexPath
        self.opener = opener
    }

    /// The hits of `text` folded into pages.
    func search(_ text: String) -> [PageResult] {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return [] }
        let options = SearchOptions(limit: QueryCommand.defaultLimit)
        let query = QueryCommand.query(text, options: options, minimumScore: nil)
        guard let hits = try? IndexStore(path: indexPath, access: .read).search(query) else { return [] }
        var results: [PageResult] = []
        var seen: Set<String> = []
        for hit in hits where results.count < Self.maximumResults {
            let result = PageResult(
                path: hit.path, page: hit.page + 1, line: hit.context?.text ?? hit.text, score: hit.score)
            guard seen.insert(result.id).inserted else { continue }
            results.append(result)
        }
        if lines.count > 10_000 { lines = [:] }
        for result in results { lines[result.id] = result.line }
        return results
    }

    /// The page an ID names, when the index holds it.
    func target(_ id: String) -> NotebookOpener.Target? {
        guard let colon = id.firstIndex(of: ":"), let page = Int(id[..<colon]), page >= 1 else { return nil }
        let path = String(id[id.index(after: colon)...])
        guard path.hasPrefix("/"), let pages = try? IndexStore(path: indexPath, access: .read).pageCount(path: path),
            page <= pages
        else { return nil }
        return NotebookOpener.Target(path: path, page: page)
    }

    func handle(_ call: DBusService.DBusCall) -> DBusReply {
        let arguments = call.arguments
        switch (call.interface, call.member) {
        case ("org.gnome.Shell.SearchProvider2", "GetInitialResultSet"):
            guard let terms = arguments.first?.strings else { return .invalidArguments("expected (as)") }
            return .values([.array(element: "s", search(terms.joined(separator: " ")).map { .string($0.id) })])
        case ("org.gnome.Shell.SearchProvider2", "GetSubsearchResultSet"):
            guard arguments.count >= 2, let terms = arguments[1].strings else {
                return .invalidArguments("expected (asas)")
            }
            return .values([.array(element: "s", search(terms.joined(separator: " ")).map { .string($0.id) })])
        case ("org.gnome.Shell.SearchProvider2", "GetResultMetas"):
            guard let ids = arguments.first?.strings else { return .invalidArguments("expected (as)") }
            let metas = ids.compactMap { id -> DBusValue? in
                guard let target = target(id) else { return nil }
                let result = PageResult(path: target.path, page: target.page, line: lines[id] ?? "", score: 0)
                return .dictionary([
                    ("id", .string(id)), ("name", .string(result.name)), ("description", .string(result.line)),
                    ("gicon", .string(Self.icon)),
                ])
            }
            return .values([.array(element: "a{sv}", metas)])
        case ("org.gnome.Shell.SearchProvider2", "ActivateResult"):
            guard let id = arguments.first?.string else { return .invalidArguments("expected (sasu)") }
            return open(id)
        case ("org.gnome.Shell.SearchProvider2", "LaunchSearch"):
            return .values([])
        case ("org.kde.krunner1", "Match"):
            guard let text = arguments.first?.string else { return .invalidArguments("expected (s)") }
            let matches = search(text).map { result -> DBusValue in
                .structure([
                    .string(result.id), .string(result.name), .string(Self.icon),
                    // KRunner's PossibleMatch: found by what was read, not typed
                    .int32(30), .double(result.score), .dictionary([("subtext", .string(result.line))]),
                ])
            }
            return .values([.array(element: "(sssida{sv})", matches)])
        case ("org.kde.krunner1", "Actions"):
            return .values([.array(element: "(sss)", [])])
        case ("org.kde.krunner1", "Run"):
            guard let id = arguments.first?.string else { return .invalidArguments("expected (ss)") }
            return open(id)
        case ("org.kde.krunner1", "Teardown"):
            return .values([])
        default:
            return .error(
                name: "org.freedesktop.DBus.Error.UnknownMethod", text: "no method \(call.interface).\(call.member)")
        }
    }

    private func open(_ id: String) -> DBusReply {
        guard let target = target(id) else { return .invalidArguments("no such page in the index: \(id)") }
        do {
            try opener.open(target)
            return .values([])
        } catch {
            return .error(name: "org.freedesktop.DBus.Error.Failed", text: "cannot open \(target.path)")
        }
    }

    /// What `Introspect` answers.
    static let introspection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet"><arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/></method>
            <method name="GetSubsearchResultSet"><arg type="as" name="previous_results" direction="in"/><arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/></method>
            <method name="GetResultMetas"><arg type="as" name="identifiers" direction="in"/><arg type="aa{sv}" name="metas" direction="out"/></method>
            <method name="ActivateResult"><arg type="s" name="identifier" direction="in"/><arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/></method>
            <method name="LaunchSearch"><arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/></method>
          </interface>
          <interface name="org.kde.krunner1">
            <method name="Actions"><arg type="a(sss)" name="matches" direction="out"/></method>
            <method name="Match"><arg type="s" name="query" direction="in"/><arg type="a(sssida{sv})" name="matches" direction="out"/></method>
            <method name="Run"><arg type="s" name="matchId" direction="in"/><arg type="s" name="actionId" direction="in"/></method>
            <method name="Teardown"/>
          </interface>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect"><arg type="s" name="xml_data" direction="out"/></method>
          </interface>
        </node>

        """
}
