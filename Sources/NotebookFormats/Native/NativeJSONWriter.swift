import DrawingModel
import Foundation

/// Writes notebook-index JSON, the format `NativeJSONReader` reads (see `docs/native-json.md`).
///
/// Lossless: every number is written as the shortest decimal that reads back as the same double,
/// so `NativeJSONReader.read(NativeJSONWriter.encode(notebook))` equals `notebook` in everything but
/// `format` (which becomes "json"). One stroke per line keeps diffs of sample notebooks readable.
package enum NativeJSONWriter {
    /// Why a notebook could not be written: JSON has no NaN or infinity.
    package struct WriteError: Error, Sendable, CustomStringConvertible, Equatable {
        package var description: String
    }

    /// The file's bytes (UTF-8).
    /// - Throws: `WriteError` when a number is not finite.
    package static func encode(_ notebook: Notebook) throws(WriteError) -> [UInt8] {
        var out = "{\"format\":\"\(NativeJSONReader.formatTag)\",\"version\":\(NativeJSONReader.version)"
        if let title = notebook.title { out += ",\"title\":" + JSONStringLiteral.quoted(title) }
        out += ",\"pages\":["
        for (p, page) in notebook.pages.enumerated() {
            out += p == 0 ? "\n{" : ",\n{"
            if let size = page.size {
                out += "\"size\":{\"width\":\(try finite(size.width)),\"height\":\(try finite(size.height))},"
            }
            if let c = page.background {
                out += "\"background\":" + (try list([c.red, c.green, c.blue, c.alpha])) + ","
            }
            out += "\"texts\":["
            for (t, text) in page.texts.enumerated() {
                out += (t == 0 ? "" : ",") + "{\"text\":" + JSONStringLiteral.quoted(text.text)
                if let b = text.bounds { out += ",\"bounds\":" + (try rect(b)) }
                out += "}"
            }
            out += "],\"strokes\":["
            for (s, stroke) in page.drawing.strokes.enumerated() {
                out += (s == 0 ? "\n" : ",\n") + (try encode(stroke))
            }
            out += page.drawing.strokes.isEmpty ? "]}" : "\n]}"
        }
        out += notebook.pages.isEmpty ? "]}\n" : "\n]}\n"
        return Array(out.utf8)
    }

    /// Writes the notebook to `url`, replacing any file there.
    package static func write(_ notebook: Notebook, to url: URL) throws {
        try Data(encode(notebook)).write(to: url, options: .atomic)
    }

    private static func encode(_ stroke: Stroke) throws(WriteError) -> String {
        let ink = stroke.ink, c = ink.color
        var out = "{\"id\":\"\(stroke.id.canonicalString)\",\"ink\":{\"kind\":\"\(ink.kind.rawValue)\",\"color\":"
        out += try list([c.red, c.green, c.blue, c.alpha]) + ",\"width\":\(try finite(ink.width))}"
        if !stroke.transform.isIdentity {
            let m = stroke.transform
            out += ",\"transform\":" + (try list([m.a, m.b, m.c, m.d, m.tx, m.ty]))
        }
        if let date = stroke.path.creationDate {
            out += ",\"created\":\(try finite(date.timeIntervalSinceReferenceDate))"
        }
        if let mask = stroke.mask {
            out += ",\"mask\":{\"sweeps\":["
            for (k, sweep) in mask.sweeps.enumerated() {
                out += (k == 0 ? "" : ",") + "{\"radius\":\(try finite(sweep.radius)),\"points\":"
                out += try locations(sweep.points) + "}"
            }
            out += "],\"polygons\":["
            for (k, polygon) in mask.polygons.enumerated() {
                out += (k == 0 ? "" : ",") + (try locations(polygon))
            }
            out += "]}"
        }
        out += ",\"points\":["
        for (k, p) in stroke.path.controlPoints.enumerated() {
            out += (k == 0 ? "" : ",") + (try point(p))
        }
        return out + "]}"
    }

    /// `[x, y, t, w, h, opacity, force, azimuth, altitude]`, without trailing default values.
    private static func point(_ p: StrokePoint) throws(WriteError) -> String {
        let d = StrokePoint(location: .zero)
        var values = [
            p.location.x, p.location.y, p.timeOffset, p.size.width, p.size.height, p.opacity, p.force,
            p.azimuth, p.altitude,
        ]
        let defaults = [0, 0, d.timeOffset, d.size.width, d.size.height, d.opacity, d.force, d.azimuth, d.altitude]
        // Bit-for-bit comparison, so -0.0 is kept.
        while values.count > 2, values.last?.bitPattern == defaults[values.count - 1].bitPattern {
            values.removeLast()
        }
        return try list(values)
    }

    private static func locations(_ points: [Point]) throws(WriteError) -> String {
        var out = "["
        for (k, p) in points.enumerated() {
            out += (k == 0 ? "" : ",") + (try list([p.x, p.y]))
        }
        return out + "]"
    }

    private static func rect(_ r: Rect) throws(WriteError) -> String {
        "{\"x\":\(try finite(r.x)),\"y\":\(try finite(r.y)),\"width\":\(try finite(r.width)),\"height\":\(try finite(r.height))}"
    }

    private static func list(_ values: [Double]) throws(WriteError) -> String {
        var out = "["
        for (k, v) in values.enumerated() {
            out += (k == 0 ? "" : ",") + (try finite(v))
        }
        return out + "]"
    }

    private static func finite(_ v: Double) throws(WriteError) -> String {
        guard v.isFinite else { throw WriteError(description: "cannot write \(v) in JSON") }
        return number(v)
    }

    /// The shortest decimal that reads back as `v`: integers without a fraction, `-0.0` kept.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15, !(v == 0 && v.sign == .minus) {
            return String(Int64(v))
        }
        return v.description
    }
}
