import DrawingModel
import Foundation

/// Reads this project's own notebook format, `notebook-index` JSON (`.json`), version 1; see
/// `docs/native-json.md` for the full description.
///
/// ```
/// {"format": "notebook-index", "version": 1, "title": "Week 1",
///  "pages": [{"size": {"width": 595, "height": 842}, "background": [0.12, 0.12, 0.12, 1],
///             "texts": [{"text": "Agenda", "bounds": {"x": 40, "y": 30, "width": 80, "height": 14}}],
///             "strokes": [{"id": "6F1C…", "ink": {"kind": "pen", "color": [0, 0, 0, 1], "width": 2},
///                          "transform": [1, 0, 0, 1, 0, 0], "created": 786_000_000.25,
///                          "points": [[x, y, t, w, h, opacity, force, azimuth, altitude], …],
///                          "mask": {"sweeps": [{"radius": 4, "points": [[x, y], …]}],
///                                   "polygons": [[[x, y], …]]}}]}]}
/// ```
///
/// * The file is recognised by `"format": "notebook-index"` in the top-level object; other JSON is
///   refused (`not a notebook-index JSON file`). A larger `version` is refused by name.
/// * Points are B-spline control points (`StrokePath`); trailing values may be left out and take
///   `StrokePoint`'s defaults (t 0, size 1 × 1, opacity 1, force 1, azimuth 0, altitude π/2).
/// * `created` is seconds since 2001-01-01 00:00:00 UTC (exact for `Date`); `transform` is
///   `[a, b, c, d, tx, ty]` as `AffineTransform`. Optional keys may be absent or null; unknown keys
///   are ignored. Stroke IDs come from the file.
/// * Bounded: files over `maxFileSize`, nesting deeper than 32, and more pages, strokes or points
///   than `ReadLimits` allows are refused; malformed input throws `ReadError`, never traps.
///
/// The reader decodes straight from the bytes (no intermediate tree), so memory stays close to the
/// size of the resulting `Notebook`.
package struct NativeJSONReader: NotebookReader {
    package static let formatName = "json"
    package static let displayName = "native JSON"
    package static let fileExtensions = ["json"]
    /// Most `.json` files are not notebooks; a crawl takes only ours.
    package static let extensionIsShared = true
    /// The value of the top-level `"format"` key.
    package static let formatTag = "notebook-index"
    /// The newest version this build reads (and `NativeJSONWriter` writes).
    package static let version = 1
    /// Largest file accepted (bytes): JSON spends about 30 bytes on a point.
    package static let maxFileSize = 128 << 20

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        try read(contents)
    }

    /// Recognises the format tag near the start of the file.
    package static func canRead(_ probe: FormatProbe) -> Bool {
        guard probe.container == .none else { return false }
        let head = probe.head.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        guard head.first == UInt8(ascii: "{") else { return false }
        let text = String(decoding: head, as: UTF8.self)
        return text.contains("\"format\"") && text.contains("\"\(formatTag)\"")
    }

    /// Decodes a whole file.
    /// - Throws: `ReadError` naming the problem and where (`page 2: stroke 5: point 3: …`).
    package static func read(_ bytes: [UInt8]) throws(ReadError) -> Notebook {
        guard bytes.count <= maxFileSize else {
            throw ReadError(
                "file is \(describeByteCount(bytes.count)), over the \(describeByteCount(maxFileSize)) limit of notebook-index JSON"
            )
        }
        var scanner = NativeJSONScanner(bytes)
        guard (try? scanner.peekKind()) == .object else { throw ReadError("not a notebook-index JSON file") }
        // First pass: the format tag and version, wherever they are, before trusting the rest.
        var format: String?, version: Double?, title: String?
        var hasPages = false
        do {
            try scanner.readObject { (s: inout NativeJSONScanner, key: String) throws(ReadError) in
                switch key {
                case "format" where try s.peekKind() == .string: format = try s.readString()
                case "version" where try s.peekKind() == .number: version = try s.readNumber()
                case "pages":
                    hasPages = true
                    try s.skipValue()
                default: try s.skipValue()
                }
            }
            try scanner.finish()
        } catch {
            throw format == formatTag ? error : ReadError("not a notebook-index JSON file")
        }
        guard format == formatTag else { throw ReadError("not a notebook-index JSON file") }
        guard let version else { throw ReadError("missing \"version\"") }
        guard version == Double(Self.version) else {
            throw ReadError(
                "unsupported notebook-index JSON version \(NativeJSONWriter.number(version)) (this build reads version \(Self.version))"
            )
        }
        // Second pass: the title and the pages.
        guard hasPages else { throw ReadError("missing \"pages\"") }
        var document = NativeJSONDocument()
        var decoder = NativeJSONScanner(bytes)
        try decoder.readObject { (s: inout NativeJSONScanner, key: String) throws(ReadError) in
            switch key {
            case "title":
                title = try s.takeNull() ? nil : try document.string(&s, "title")
            case "pages":
                try document.readPages(&s)
            default: try s.skipValue()
            }
        }
        return Notebook(format: formatName, title: title, pages: document.pages)
    }
}
