import Foundation

/// The address `serve` listens on: an IPv4 or IPv6 address literal (`--listen ADDR`), loopback
/// unless the user names another. Host names are refused, so what is listened on is what was
/// typed, never what a resolver answers.
struct ListenAddress: Sendable, Equatable {
    /// The address as written back: `127.0.0.1`, `::1`.
    let literal: String
    let isIPv6: Bool
    private let bytes: [UInt8]

    static let loopback = ListenAddress(ipv4: "127.0.0.1")!

    /// `127.0.0.1`, `::1`, `[::1]`, `0.0.0.0`, `localhost` (the IPv4 loopback); nil for anything else.
    init?(_ text: String) {
        if text.lowercased() == "localhost" {
            self = Self.loopback
        } else if text.hasPrefix("["), text.hasSuffix("]") {
            guard let address = Self(ipv6: String(text.dropFirst().dropLast())) else { return nil }
            self = address
        } else if let address = Self(ipv4: text) ?? Self(ipv6: text) {
            self = address
        } else {
            return nil
        }
    }

    init?(ipv4 text: String) {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        literal = text
        isIPv6 = false
        bytes = withUnsafeBytes(of: address) { Array($0) }
    }

    init?(ipv6 text: String) {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        literal = text
        isIPv6 = true
        bytes = withUnsafeBytes(of: address) { Array($0) }
    }

    /// Any address of the machine (`0.0.0.0`, `::`).
    var isWildcard: Bool { bytes.allSatisfy { $0 == 0 } }

    /// What a browser on this machine is sent to: the address in a URL's form, a wildcard's
    /// loopback address instead.
    var browsable: String {
        if isWildcard { return isIPv6 ? "[::1]" : "127.0.0.1" }
        return isIPv6 ? "[\(literal)]" : literal
    }

    /// Calls `body` with the address and `port` as a socket address.
    func withSocketAddress<T>(port: UInt16, _ body: (UnsafePointer<sockaddr>) -> T) -> T {
        if isIPv6 {
            var socket = sockaddr_in6()
            socket.sin6_family = sa_family_t(AF_INET6)
            socket.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &socket.sin6_addr) { $0.copyBytes(from: bytes) }
            return withUnsafePointer(to: &socket) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
        var socket = sockaddr_in()
        socket.sin_family = sa_family_t(AF_INET)
        socket.sin_port = port.bigEndian
        withUnsafeMutableBytes(of: &socket.sin_addr) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &socket) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}
