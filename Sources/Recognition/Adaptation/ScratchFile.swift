import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An unlinked temporary file of plain values (`BitwiseCopyable`: 16- or 32-bit floats): appended
/// to under a lock, read at offsets by any thread (`pread`). It goes when the process does, so what
/// a build keeps for its own end (`HandEvidence`'s states, `KeptLineStates`) costs disk, not memory.
package final class ScratchFile: Sendable {
    package let descriptor: Int32
    /// The name the file had before it was unlinked, for messages.
    package let path: String
    private let end = Mutex(0)

    /// Nil when no temporary file can be made.
    package init?() {
        var template = Array((NSTemporaryDirectory() + "/notebook-index-evidence-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Appends `values`; returns the byte offset they start at, nil when the write fails.
    package func append<Value: BitwiseCopyable>(_ values: [Value]) -> Int? {
        end.withLock { end in
            let count = values.count * MemoryLayout<Value>.stride
            let written = values.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, count, off_t(end)) }
            guard written == count else { return nil }
            defer { end += count }
            return end
        }
    }

    /// `count` values from byte `offset`; nil when they cannot be read.
    package func read<Value: BitwiseCopyable>(_: Value.Type, offset: Int, count: Int) -> [Value]? {
        let bytes = count * MemoryLayout<Value>.stride
        let values = [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            let read = pread(descriptor, buffer.baseAddress, bytes, off_t(offset))
            initialized = read == bytes ? count : 0
        }
        return values.count == count ? values : nil
    }
}
