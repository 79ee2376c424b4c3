import Foundation

/// A tiny HTTP/1.1 client over a POSIX socket, for the `serve` tests: unlike URLSession it sends
/// exactly what it is given (any method, any Host header, a path with `..` left in), and reads
/// the answer to its end (`Connection: close`).
enum HTTPTestClient {
    struct Answer {
        var status: Int
        /// Header names lowercased.
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends one request to 127.0.0.1:`port`.
    /// - Parameter host: the Host header; nil sends `127.0.0.1:PORT`, "" sends none.
    static func request(
        port: UInt16, _ target: String, method: String = "GET", host: String? = nil, body: String = ""
    ) throws -> Answer {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect: \(errno)") }
        var request = "\(method) \(target) HTTP/1.1\r\n"
        let hostHeader = host ?? "127.0.0.1:\(port)"
        if !hostHeader.isEmpty { request += "Host: \(hostHeader)\r\n" }
        if !body.isEmpty { request += "Content-Length: \(body.utf8.count)\r\n" }
        request += "Connection: close\r\n\r\n" + body
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "send: \(errno)") }
            sent += written
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && received.isEmpty { throw Failure(description: "recv: \(errno)") }
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return try parse(received)
    }

    private static func parse(_ data: Data) throws -> Answer {
        let separator = Data("\r\n\r\n".utf8)
        guard let end = data.range(of: separator) else { throw Failure(description: "no header end") }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "status line \(head[0])")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: status, headers: headers, body: Data(data[end.upperBound...]))
    }
}
