import DrawingModel
import Foundation

/// One stroke of a UIM file as stored: Catmull-Rom spline points in the file's units, per-point
/// widths where stored, the colour, and the stroke's UUID.
struct UIMStroke {
    var id: UUID?
    var xs: [Double] = []
    var ys: [Double] = []
    var sizes: [Double] = []
    var size: Double?
    var color: Ink.Color = .black
}

/// Decodes the ink-data messages of UIM 3.0 and 3.1 (schemas `UIM_3_0_0.proto` and
/// `UIM_3_1_0.proto` of Wacom's universal-ink-library). Only what drawing needs is read: spline
/// X/Y, sizes, colour, ID; sensor data, brushes, rotation, scale and offset channels are skipped.
enum UIMInkData {
    /// Most values in one channel of one stroke.
    static let maxValuesPerChannel = ReadLimits.maxPointsPerStroke

    /// UIM 3.0 `Stroke`: id string 1, splineX 4, splineY 5, red…alpha 7–10 (floats 0–1), size 11,
    /// style 22 (`Style`: properties 1 → `PathPointProperties`: size 1, red 2, green 3, blue 4,
    /// alpha 5, each a `Float32` message holding value 1).
    static func stroke30(_ message: ProtobufReader) throws(ReadError) -> UIMStroke {
        var r = message
        var stroke = UIMStroke()
        var perPoint: [Int: [Double]] = [:]
        try r.forEach { (number, value) throws(ReadError) in
            switch number {
            case 1: stroke.id = uuid(text: try value.string())
            case 4: try value.appendFloats(to: &stroke.xs, limit: maxValuesPerChannel)
            case 5: try value.appendFloats(to: &stroke.ys, limit: maxValuesPerChannel)
            case 11: try value.appendFloats(to: &stroke.sizes, limit: maxValuesPerChannel)
            case 7...10: try value.appendFloats(to: &perPoint[number, default: []], limit: maxValuesPerChannel)
            case 22:
                var style = try value.message("style")
                try style.forEach { (n, v) throws(ReadError) in
                    guard n == 1 else { return }
                    var props = try v.message("properties")
                    var channel: [Int: Double] = [:]
                    try props.forEach { (k, w) throws(ReadError) in
                        guard (1...5).contains(k) else { return }
                        var wrapper = try w.message("value")
                        try wrapper.forEach { (m, x) throws(ReadError) in
                            if m == 1 { channel[k] = try x.float() }
                        }
                    }
                    stroke.size = channel[1]
                    if let red = channel[2], let green = channel[3], let blue = channel[4] {
                        stroke.color = Ink.Color(red: red, green: green, blue: blue, alpha: channel[5] ?? 1)
                    }
                }
            default: break
            }
        }
        if let red = perPoint[7]?.first, let green = perPoint[8]?.first, let blue = perPoint[9]?.first {
            stroke.color = Ink.Color(red: red, green: green, blue: blue, alpha: perPoint[10]?.first ?? 1)
        }
        return stroke
    }

    /// UIM 3.1 `Stroke`: id bytes 1 (16-byte UUID in GUID byte order), precisions 2 (sint32: 4 bits per channel
    /// group, position in bits 0–3, size in 4–7), splineData 5 (floats: splineX 1, splineY 2,
    /// red…alpha 4–7 as 0–255, size 8) or splineCompressed 6 (the same channels as zigzag deltas
    /// in units of 10^-precision), propertiesIndex 7 (1-based into `InkData.properties`) or
    /// propertiesValue 8 (`PathPointProperties`: color 1 as sint32 RGBA, size 2).
    static func stroke31(
        _ message: ProtobufReader, properties: [(size: Double?, color: Ink.Color?)]
    ) throws(ReadError) -> UIMStroke {
        var r = message
        var stroke = UIMStroke()
        var precisions: Int64 = 0
        var compressed: (xs: [Int64], ys: [Int64], sizes: [Int64]) = ([], [], [])
        var rgba: [Int: [Int64]] = [:]
        try r.forEach { (number, value) throws(ReadError) in
            switch number {
            case 1:
                let raw = try value.bytes()
                if raw.count == 16 { stroke.id = uuid(guidBytes: Array(raw)) }
            case 2: precisions = try value.sint()
            case 5:
                var data = try value.message("spline data")
                try data.forEach { (n, v) throws(ReadError) in
                    switch n {
                    case 1: try v.appendFloats(to: &stroke.xs, limit: maxValuesPerChannel)
                    case 2: try v.appendFloats(to: &stroke.ys, limit: maxValuesPerChannel)
                    case 4...7:
                        try v.appendVarints(to: &rgba[n, default: []], zigzag: false, limit: maxValuesPerChannel)
                    case 8: try v.appendFloats(to: &stroke.sizes, limit: maxValuesPerChannel)
                    default: break
                    }
                }
            case 6:
                var data = try value.message("compressed spline")
                try data.forEach { (n, v) throws(ReadError) in
                    switch n {
                    case 1: try v.appendVarints(to: &compressed.xs, zigzag: true, limit: maxValuesPerChannel)
                    case 2: try v.appendVarints(to: &compressed.ys, zigzag: true, limit: maxValuesPerChannel)
                    case 4...7:
                        try v.appendVarints(to: &rgba[n, default: []], zigzag: false, limit: maxValuesPerChannel)
                    case 8: try v.appendVarints(to: &compressed.sizes, zigzag: true, limit: maxValuesPerChannel)
                    default: break
                    }
                }
            case 7:
                let index = try value.uint()
                guard index > 0 else { return }
                guard index <= UInt64(properties.count) else {
                    throw value.error("stroke refers to properties \(index) of \(properties.count)")
                }
                stroke.size = properties[Int(index) - 1].size
                stroke.color = properties[Int(index) - 1].color ?? stroke.color
            case 8:
                let props = try pathPointProperties31(try value.message("properties"))
                stroke.size = props.size
                stroke.color = props.color ?? stroke.color
            default: break
            }
        }
        if !compressed.xs.isEmpty || !compressed.ys.isEmpty {
            stroke.xs = undelta(compressed.xs, precision: Int(precisions & 0xF))
            stroke.ys = undelta(compressed.ys, precision: Int(precisions & 0xF))
            stroke.sizes = undelta(compressed.sizes, precision: Int((precisions >> 4) & 0xF))
        }
        if let red = rgba[4]?.first, let green = rgba[5]?.first, let blue = rgba[6]?.first {
            stroke.color = Ink.Color(
                red: Double(red & 0xFF) / 255, green: Double(green & 0xFF) / 255, blue: Double(blue & 0xFF) / 255,
                alpha: Double((rgba[7]?.first ?? 255) & 0xFF) / 255)
        }
        return stroke
    }

    /// UIM 3.1 `PathPointProperties`: color 1 (sint32, RGBA from the high byte down), size 2.
    static func pathPointProperties31(_ message: ProtobufReader) throws(ReadError) -> (size: Double?, color: Ink.Color?)
    {
        var r = message
        var size: Double?, color: Ink.Color?
        try r.forEach { (number, value) throws(ReadError) in
            switch number {
            case 1:
                let rgba = UInt32(truncatingIfNeeded: try value.sint())
                color = Ink.Color(
                    red: Double(rgba >> 24 & 0xFF) / 255, green: Double(rgba >> 16 & 0xFF) / 255,
                    blue: Double(rgba >> 8 & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
            case 2: size = try value.float()
            default: break
            }
        }
        return (size, color)
    }

    /// Running sums of `deltas`, scaled by 10^-precision.
    static func undelta(_ deltas: [Int64], precision: Int) -> [Double] {
        let scale = pow(10.0, -Double(precision))
        var sum: Int64 = 0
        return deltas.map { delta in
            sum = sum &+ delta
            return Double(sum) * scale
        }
    }

    /// A UUID from its text form, with or without dashes (UIM 3.0 writes 32 hex digits).
    static func uuid(text: String) -> UUID? {
        if let id = UUID(uuidString: text) { return id }
        let hex = Array(text.utf8)
        guard hex.count == 32 else { return nil }
        var dashed = ""
        for (k, c) in hex.enumerated() {
            if [8, 12, 16, 20].contains(k) { dashed.append("-") }
            dashed.append(Character(UnicodeScalar(c)))
        }
        return UUID(uuidString: dashed)
    }

    /// A UUID from 16 bytes in Microsoft GUID order (the first three fields little-endian), as
    /// Wacom's SDKs write them.
    static func uuid(guidBytes b: [UInt8]) -> UUID {
        UUID(
            uuid: (b[3], b[2], b[1], b[0], b[5], b[4], b[7], b[6], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        )
    }
}
