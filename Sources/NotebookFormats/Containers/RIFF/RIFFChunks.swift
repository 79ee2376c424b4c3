import DrawingModel
import Foundation

/// The chunks of a RIFF file (the container of Wacom's UIM and WILL ink).
///
/// ```
/// "RIFF", uint32 size (little-endian; the bytes after it), 4-byte form type ("UINK", "WILL"),
/// then chunks: 4-byte id, uint32 size, data, one pad byte when the size is odd
/// ```
/// Sizes are checked against the bytes there; a RIFF size larger than the file is refused (a
/// truncated file), a smaller one ends the chunk list there.
struct RIFFChunks {
    struct Chunk {
        var id: String
        var data: ArraySlice<UInt8>
    }

    var form: String
    var chunks: [Chunk]

    /// Most chunks accepted (UIM 3.1 writes seven).
    static let maxChunks = 1_024

    /// Whether `head` starts a RIFF file of form type `form`.
    static func matches(_ head: some Collection<UInt8>, form: String) -> Bool {
        let prefix = Array(head.prefix(12))
        return prefix.count == 12 && prefix[0..<4].elementsEqual("RIFF".utf8) && prefix[8..<12].elementsEqual(form.utf8)
    }

    init(_ bytes: [UInt8]) throws(ReadError) {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8) else { throw ReadError("not a RIFF file") }
        let size = Self.uint32(bytes, at: 4)
        guard size >= 4, size <= bytes.count - 8 else {
            throw ReadError("RIFF size \(size) does not fit in the file's \(bytes.count - 8) bytes (truncated file?)")
        }
        form = String(decoding: bytes[8..<12], as: UTF8.self)
        let end = 8 + size
        var offset = 12
        chunks = []
        while offset < end {
            guard end - offset >= 8 else { throw ReadError("RIFF chunk header at byte \(offset) is truncated") }
            guard chunks.count < Self.maxChunks else { throw ReadError("more than \(Self.maxChunks) RIFF chunks") }
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let length = Self.uint32(bytes, at: offset + 4)
            guard length <= end - offset - 8 else {
                throw ReadError(
                    "RIFF chunk '\(id)' at byte \(offset) declares \(length) bytes, past the end of the file")
            }
            chunks.append(Chunk(id: id, data: bytes[(offset + 8)..<(offset + 8 + length)]))
            offset += 8 + length + (length & 1)
        }
    }

    /// The first chunk with this id.
    func chunk(_ id: String) -> ArraySlice<UInt8>? {
        chunks.first { $0.id == id }?.data
    }

    private static func uint32(_ bytes: [UInt8], at i: Int) -> Int {
        Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24
    }
}

/// A reader of one RIFF form type (Wacom's UIM and WILL): recognised by the RIFF header and its
/// form type, read whole from disk.
protocol RIFFInkReader: NotebookReader {
    /// The four-character form type after the RIFF size ("UINK", "WILL").
    static var riffForm: String { get }
    /// What the format is called in messages ("Universal Ink Model").
    static var riffFormatTitle: String { get }
}

extension RIFFInkReader {
    package static func canRead(_ probe: FormatProbe) -> Bool {
        RIFFChunks.matches(probe.head, form: riffForm)
    }

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    /// The chunks of `contents`, refusing anything but a RIFF file of this form type.
    static func chunks(_ contents: [UInt8]) throws(ReadError) -> RIFFChunks {
        guard RIFFChunks.matches(contents, form: riffForm) else {
            if contents.starts(with: Array("RIFF".utf8)) {
                throw ReadError("RIFF file is not \(riffFormatTitle) (form type is not \(riffForm))")
            }
            throw ReadError("not a \(riffFormatTitle) file")
        }
        return try RIFFChunks(contents)
    }
}
