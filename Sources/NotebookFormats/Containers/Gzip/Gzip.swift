import CZlib
import Foundation

/// Inflates gzip (RFC 1952) and raw deflate (RFC 1951) streams through the system zlib, with a cap
/// on the expanded size so that a small "zip bomb" is refused instead of filling memory.
///
/// Concatenated gzip members are inflated one after another (Stylus Labs Write's `.svgz` flushes per
/// page but is one member; `cat a.gz b.gz` files are several). Trailing zero padding after the last
/// member is ignored; any other trailing garbage is an error.
enum Gzip {
    /// Whether `bytes` starts with the gzip magic `1f 8b`.
    static func hasMagic(_ bytes: some Collection<UInt8>) -> Bool {
        var it = bytes.makeIterator()
        return it.next() == 0x1f && it.next() == 0x8b
    }

    /// Inflates a whole gzip file.
    /// - Parameter limit: the most bytes the output may have; beyond it the stream is refused.
    /// - Throws: `ReadError` for a corrupt or truncated stream, or one that expands past `limit`.
    static func decompress(_ data: [UInt8], limit: Int = ReadLimits.maxExpandedSize) throws(ReadError) -> [UInt8] {
        try inflate(data, windowBits: 15 + 16, limit: limit, what: "gzip")
    }

    /// Inflates a raw deflate stream (a zip entry with method 8).
    static func inflateRaw(
        _ data: ArraySlice<UInt8>, expectedSize: Int? = nil, limit: Int = ReadLimits.maxExpandedSize
    ) throws(ReadError) -> [UInt8] {
        try inflate(data, windowBits: -15, limit: limit, what: "deflate", expectedSize: expectedSize)
    }

    /// Inflates a zlib stream (RFC 1950: a PDF `FlateDecode` stream); bytes after its end (the end
    /// of line some writers put before `endstream`) are ignored.
    static func inflateZlib(_ data: ArraySlice<UInt8>, limit: Int) throws(ReadError) -> [UInt8] {
        try inflate(data, windowBits: 15, limit: limit, what: "Flate", ignoresTrailingBytes: true)
    }

    /// Inflates at most `limit` bytes of the start of a gzip stream, ignoring corruption further on;
    /// used to sniff what a compressed file holds.
    static func prefix(_ data: [UInt8], limit: Int) -> [UInt8] {
        (try? inflate(data, windowBits: 15 + 16, limit: limit, what: "gzip", truncateAtLimit: true)) ?? []
    }

    private static func inflate(
        _ input: some Collection<UInt8>, windowBits: Int32, limit: Int, what: String,
        expectedSize: Int? = nil, truncateAtLimit: Bool = false, ignoresTrailingBytes: Bool = false
    ) throws(ReadError) -> [UInt8] {
        let bytes = Array(input)
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(expectedSize ?? 0, bytes.count * 4), 64 << 20))
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ReadError("\(what): zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }
        let chunkSize = 64 << 10
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var consumed = 0
        var memberEnded = false
        while true {
            let status: Int32 = bytes.withUnsafeBufferPointer { inBuf in
                chunk.withUnsafeMutableBufferPointer { outBuf in
                    stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress.map { $0 + consumed })
                    stream.avail_in = UInt32(clamping: bytes.count - consumed)
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = UInt32(chunkSize)
                    let before = stream.avail_in
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    consumed += Int(before - stream.avail_in)
                    return status
                }
            }
            let produced = chunkSize - Int(stream.avail_out)
            if output.count + produced > limit {
                if truncateAtLimit {
                    output.append(contentsOf: chunk[0..<(limit - output.count)])
                    return output
                }
                throw ReadError("\(what) data expands past the \(describeByteCount(limit)) limit")
            }
            output.append(contentsOf: chunk[0..<produced])
            switch status {
            case Z_OK:
                if produced == 0 && consumed >= bytes.count {
                    if truncateAtLimit { return output }
                    throw ReadError("\(what) data is truncated")
                }
            case Z_STREAM_END:
                memberEnded = true
            case Z_BUF_ERROR:
                if truncateAtLimit { return output }
                throw ReadError("\(what) data is truncated")
            case Z_NEED_DICT:
                throw ReadError("\(what) data needs a preset dictionary")
            default:
                if truncateAtLimit { return output }
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw ReadError("\(what) data is corrupt (\(message))")
            }
            if memberEnded {
                memberEnded = false
                let rest = bytes[consumed...]
                // Another gzip member follows: inflate it too; zero padding or nothing: done.
                if windowBits > 15, Gzip.hasMagic(rest) {
                    guard inflateReset(&stream) == Z_OK else { throw ReadError("\(what): zlib reset failed") }
                    continue
                }
                if ignoresTrailingBytes || rest.allSatisfy({ $0 == 0 }) { break }
                throw ReadError("\(what) data has \(rest.count) bytes of trailing garbage")
            }
        }
        if let expectedSize, output.count != expectedSize {
            throw ReadError("\(what) data expands to \(output.count) bytes, not the \(expectedSize) declared")
        }
        return output
    }
}
