import DrawingModel
import Foundation

/// Reads Wacom Ink Layer Language data files (`.will`, WILL 2 "data" format): one page of ink.
///
/// Container (`RIFFChunks`), form type `WILL`: a `HEAD` chunk (format version), then an `INK `
/// chunk holding a stream of protobuf `Path` messages, each prefixed by its varint length:
/// ```
/// Path: startParameter 1, endParameter 2 (floats), decimalPrecision 3, data 4 (packed sint32:
///       x0, y0, then the deltas of each following x, y), strokeWidth 5 (packed sint32: one width,
///       or a first width and deltas), strokeColor 6 (packed sint32: RGBA, high byte red, with
///       deltas likewise), id 100
/// ```
/// Coordinates and widths are integers in units of 10^-decimalPrecision; decoded they are the
/// file's own units (device-independent pixels in Wacom's samples, y down). The points are
/// Catmull-Rom spline points on the curve and become the B-spline control points. WILL's zip
/// ("file format", OPC package) variant is not read.
///
/// Stroke IDs: WILL gives each path a number, not a UUID: `StableStrokeID` of the file with key
/// `will/<id>` (`will/index/<n>` where the number repeats or is missing).
package struct WILLReader: RIFFInkReader {
    package static let formatName = "will"
    package static let displayName = "Wacom WILL"
    package static let fileExtensions = ["will"]

    static let riffForm = "WILL"
    static let riffFormatTitle = "WILL data"

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        if ZipArchive.hasMagic(contents) {
            throw ReadError("WILL file format (zip package) is not supported, only WILL data (RIFF)")
        }
        let riff = try chunks(contents)
        guard let ink = riff.chunk("INK ") else { throw ReadError("WILL file has no INK chunk") }
        let messages = try ProtobufReader.delimitedMessages(
            ink, context: "WILL ink", limit: ReadLimits.maxStrokesPerPage)
        let ids = StableStrokeID(fileContents: contents)
        var seen: Set<UInt64> = []
        var strokes: [Stroke] = []
        for (k, message) in messages.enumerated() {
            let (ink, stroke, number) = try path(ProtobufReader(message, context: "WILL path \(k + 1)"))
            let key = number.map { seen.insert($0).inserted ? "will/\($0)" : "will/index/\(k)" } ?? "will/index/\(k)"
            strokes.append(Stroke(id: ids.id(key: key), ink: ink, path: stroke))
        }
        return Notebook(format: formatName, pages: [Page(drawing: Drawing(strokes: strokes))])
    }

    private static func path(_ message: ProtobufReader) throws(ReadError) -> (Ink, StrokePath, UInt64?) {
        var r = message
        var precision: UInt64 = 0
        var data: [Int64] = [], widths: [Int64] = [], colors: [Int64] = []
        var number: UInt64?
        let limit = ReadLimits.maxPointsPerStroke
        try r.forEach { (field, value) throws(ReadError) in
            switch field {
            case 3: precision = try value.uint()
            case 4: try value.appendVarints(to: &data, zigzag: true, limit: 2 * limit)
            case 5: try value.appendVarints(to: &widths, zigzag: true, limit: limit)
            case 6: try value.appendVarints(to: &colors, zigzag: true, limit: limit)
            case 100: number = try value.uint()
            default: break
            }
        }
        guard precision <= 20 else { throw r.error("decimal precision \(precision)") }
        guard data.count % 2 == 0 else { throw r.error("odd number of coordinates (\(data.count))") }
        let scale = pow(10.0, -Double(precision))
        // x and y are delta-coded separately, each against its own previous value.
        var points: [StrokePoint] = []
        points.reserveCapacity(data.count / 2)
        var x: Int64 = 0, y: Int64 = 0
        let decodedWidths = UIMInkData.undelta(widths, precision: Int(precision))
        for k in 0..<(data.count / 2) {
            x = x &+ data[2 * k]
            y = y &+ data[2 * k + 1]
            let w = decodedWidths.isEmpty ? 1 : decodedWidths[min(k, decodedWidths.count - 1)]
            points.append(
                StrokePoint(
                    location: Point(x: Double(x) * scale, y: Double(y) * scale), size: Size(width: w, height: w)))
        }
        var color = Ink.Color.black
        if let rgba = colors.first.map({ UInt32(truncatingIfNeeded: $0) }) {
            color = Ink.Color(
                red: Double(rgba >> 24 & 0xFF) / 255, green: Double(rgba >> 16 & 0xFF) / 255,
                blue: Double(rgba >> 8 & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
        }
        let width = decodedWidths.first ?? 1
        return (Ink(kind: .pen, color: color, width: width), StrokePath(controlPoints: points), number)
    }
}
