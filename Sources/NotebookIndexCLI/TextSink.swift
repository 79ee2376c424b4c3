import Foundation
import Synchronization

/// Where the command writes text: standard output or error, or a string in tests.
package protocol TextSink: AnyObject, Sendable {
    func write(_ text: String)
}

/// A file descriptor (1 or 2), written unbuffered so progress and messages appear at once.
package final class FileDescriptorSink: TextSink {
    let descriptor: Int32

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether the descriptor is a terminal (progress bars and colour only then).
    package var isTerminal: Bool { isatty(descriptor) == 1 }

    package func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// Collects what is written (tests).
package final class StringSink: TextSink {
    private let buffer = Mutex("")

    package init() {}

    package func write(_ text: String) { buffer.withLock { $0 += text } }

    package var text: String { buffer.withLock { $0 } }
}
