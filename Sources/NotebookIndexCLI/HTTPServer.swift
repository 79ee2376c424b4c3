import CMicroHTTPD
import DeferredLibraries
import Foundation

/// The HTTP side of `serve`: libmicrohttpd listens and parses; this type hands each request to a
/// handler as an `HTTPRequest` and sends back its `HTTPResponse`.
///
/// Two guards hold for every request before the handler sees it: only GET and HEAD are answered
/// (anything else is 405, with `Allow`), and the `Host` header must name this server's own port
/// on an IP address or `localhost`, so that a page of another site cannot reach it by pointing
/// its own name at 127.0.0.1 (DNS rebinding: 403). libmicrohttpd leaves out the body of HEAD
/// answers itself. Each connection has its own thread, so one slow request never holds up
/// another; the handler must therefore be safe to call from several threads at once.
final class HTTPServer: @unchecked Sendable {
    /// What the handler is asked.
    struct Request: Sendable {
        var method: String
        /// The path, percent-decoded, without the query string.
        var path: String
        /// The query string's arguments, decoded; the first of a repeated name wins, a name
        /// without `=` has the empty value.
        var arguments: [String: String]
        var isHead: Bool { method == "HEAD" }
    }

    /// What the handler answers.
    struct Response: Sendable {
        var status: Int
        var contentType: String
        var body: [UInt8]
        var headers: [(String, String)] = []

        init(status: Int = 200, contentType: String, body: String, headers: [(String, String)] = []) {
            self.status = status
            self.contentType = contentType
            self.body = Array(body.utf8)
            self.headers = headers
        }
    }

    typealias Handler = @Sendable (Request) -> Response

    /// The port listened on (the one the system picked when 0 was asked).
    let port: UInt16
    let address: ListenAddress
    private let lock = NSLock()
    private var daemon: OpaquePointer?
    private let context: Unmanaged<Context>

    /// Starts listening on `address`, port `port` (0: any free port).
    /// - Throws: `ServeError` when libmicrohttpd cannot be opened, or the address cannot be
    ///   listened on (taken, not this machine's).
    init(address: ListenAddress, port: UInt16, handler: @escaping Handler) throws(ServeError) {
        if let failure = nbi_open_microhttpd() {
            throw ServeError(message: "cannot open the HTTP server's library: \(String(cString: failure))")
        }
        let box = Context(handler: handler)
        let context = Unmanaged.passRetained(box)
        let started = address.withSocketAddress(port: port) { socketAddress in
            nbi_mhd_start(
                address.isIPv6 ? 1 : 0, socketAddress, 512, HTTPServer.answer, context.toOpaque())
        }
        guard let started else {
            context.release()
            throw ServeError(
                message: "cannot listen on \(address.literal) port \(port): \(String(cString: strerror(errno)))")
        }
        let bound = nbi_mhd_port(started)
        self.daemon = started
        self.context = context
        self.address = address
        self.port = bound == 0 ? port : bound
        box.port = self.port
    }

    deinit { stop() }

    /// Closes the listening socket and waits for the requests being answered; calling it again
    /// does nothing.
    func stop() {
        let stopping: OpaquePointer? = lock.withLock {
            defer { daemon = nil }
            return daemon
        }
        guard let stopping else { return }
        MHD_stop_daemon(stopping)
        context.release()
    }

    /// `http://127.0.0.1:PORT/`; for a wildcard address, the loopback address of its family.
    var url: String {
        "http://\(address.browsable):\(port)/"
    }

    /// Whether a request's `Host` header names this server: an IP address literal or
    /// `localhost`, with this port (which may be left out only when it is 80). Any other name
    /// could be one that an attacker points at this machine.
    static func hostIsAllowed(_ host: String?, port: UInt16) -> Bool {
        guard let host = host?.lowercased(), !host.isEmpty else { return false }
        var name = host
        var given: String?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            name = String(host[host.index(after: host.startIndex)..<close])
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return false }
                given = String(rest.dropFirst())
            }
            guard ListenAddress(ipv6: name) != nil else { return false }
        } else {
            if let colon = host.lastIndex(of: ":") {
                name = String(host[..<colon])
                given = String(host[host.index(after: colon)...])
            }
            guard name == "localhost" || ListenAddress(ipv4: name) != nil else { return false }
        }
        if let given { return given == String(port) }
        return port == 80
    }

    /// What the C callback reaches the server through.
    private final class Context: @unchecked Sendable {
        let handler: Handler
        /// Set once, before the first request can arrive.
        var port: UInt16 = 0
        init(handler: @escaping Handler) { self.handler = handler }
    }

    /// libmicrohttpd's access handler: called once per request here, since a response is queued
    /// on the first call (a request body, which GET and HEAD do not have, is never read).
    private static let answer: MHD_AccessHandlerCallback = {
        context, connection, url, method, _, _, _, _ in
        guard let context, let connection else { return .NO }
        let server = Unmanaged<Context>.fromOpaque(context).takeUnretainedValue()
        let methodName = method.map { String(cString: $0) } ?? ""
        let response: Response
        if methodName != "GET" && methodName != "HEAD" {
            response = Response(
                status: 405, contentType: "text/plain; charset=utf-8",
                body: "405 method not allowed: this server only reads (GET, HEAD)\n",
                headers: [("Allow", "GET, HEAD")])
        } else if !hostIsAllowed(header(connection, "Host"), port: server.port) {
            response = Response(
                status: 403, contentType: "text/plain; charset=utf-8",
                body: "403 forbidden: the Host header does not name this server\n")
        } else {
            let request = Request(
                method: methodName, path: url.map { String(cString: $0) } ?? "/", arguments: arguments(connection))
            response = server.handler(request)
        }
        return send(response, on: connection)
    }

    private static func header(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    private final class Arguments {
        var values: [String: String] = [:]
    }

    private static func arguments(_ connection: OpaquePointer) -> [String: String] {
        let collected = Arguments()
        let pointer = Unmanaged.passUnretained(collected).toOpaque()
        _ = MHD_get_connection_values(
            connection, .GET_ARGUMENT_KIND,
            { context, _, key, value in
                guard let context, let key else { return .YES }
                let into = Unmanaged<Arguments>.fromOpaque(context).takeUnretainedValue()
                let name = String(cString: key)
                if into.values[name] == nil { into.values[name] = value.map { String(cString: $0) } ?? "" }
                return .YES
            }, pointer)
        return withExtendedLifetime(collected) { collected.values }
    }

    /// Headers every answer carries unless it sets its own: nothing is cached (the index changes
    /// under it), nothing is sniffed, framed or sent on to another site, and only this server's
    /// own script and pictures are loaded.
    static let commonHeaders: [(String, String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        (
            "Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; img-src 'self'; connect-src 'self'; "
                + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        ),
    ]

    private static func send(_ response: Response, on connection: OpaquePointer) -> MHD_Result {
        let made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        MHD_add_response_header(made, "Content-Type", response.contentType)
        let own = Set(response.headers.map { $0.0.lowercased() })
        for (name, value) in commonHeaders where !own.contains(name.lowercased()) {
            MHD_add_response_header(made, name, value)
        }
        for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }
}

/// `serve` could not start; printed as `notebook-index: <message>`.
struct ServeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
