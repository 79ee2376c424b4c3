import DrawingModel
import Foundation

/// OneNote's ink nodes ([MS-ONE], the ink nodes named as in onenote.rs) turned into strokes.
///
/// ```
/// InkContainer 0x00060014   OffsetFromParentHoriz/Vert (half inches), InkScalingX/Y (floats),
///                           InkData → InkDataNode 0x0002003B → InkStrokes → InkStrokeNode…
/// InkStrokeNode 0x00020047  InkPath (bytes), InkStrokeProperties → StrokePropertiesNode 0x00120048
/// StrokePropertiesNode      InkDimensions: 32 bytes a dimension (GUID, i32 min, i32 max, u32 unit,
///                           f32 resolution), InkWidth/InkHeight (floats, HIMETRIC), InkColor
///                           (COLORREF 0x00BBGGRR), InkRasterOperation (9: highlighter;
///                           the corpus's marker has it, with a nib 56 wide and 400 high)
/// InkPath                   unsigned numbers of 7 bits a byte (high bit: more follows), the low
///                           bit of each the sign ([MS-ISF] multi-byte encoding of signed numbers):
///                           the count of values that follow, then each dimension in turn (all X,
///                           then all Y, …), its first value absolute and the others differences
/// ```
/// The layout of InkPath was established on the corpus sections: in all their 76 stroke nodes the
/// first value equals the number after it, which splits evenly by the dimensions, and the summed
/// differences draw the letters the recognition beside them names. Coordinates are HIMETRIC
/// (1/1000 cm, the dimensions' resolution) times the container's scaling; the reader gives points.
enum OneNoteInk {
    static let container: UInt32 = 0x0006_0014
    static let inkData: UInt32 = 0x2000_3415
    static let inkStrokes: UInt32 = 0x2400_3416
    static let inkPath: UInt32 = 0x1C00_340B
    static let strokeProperties: UInt32 = 0x2000_3409
    static let dimensions: UInt32 = 0x1C00_340A
    static let width: UInt32 = 0x1400_340D
    static let height: UInt32 = 0x1400_340C
    static let color: UInt32 = 0x1400_340F
    static let rasterOperation: UInt32 = 0x0C00_3413
    static let scalingX: UInt32 = 0x1400_1C46
    static let scalingY: UInt32 = 0x1400_1C47

    static let xDimension = UUID(uuidString: "598A6A8F-52C0-4BA0-93AF-AF357411A561")
    static let yDimension = UUID(uuidString: "B53F9F75-04E0-4498-A7EE-C30DBB5A9011")
    static let pressureDimension = UUID(uuidString: "7307502D-F9F4-4E18-B3F2-2CE1B1A3610C")
    /// Points per HIMETRIC unit (72 per inch, 2540 HIMETRIC per inch).
    static let pointsPerUnit = 72.0 / 2540

    /// One stroke node's ink, in page points from `origin` (the container's place on the page).
    struct Decoded {
        var node: ExGUID
        var stroke: Stroke
    }

    /// The strokes of an InkContainer whose place on the page is `origin` (points).
    static func strokes(
        of container: OneNoteObject, origin: Point, in space: OneNoteObjectSpace, id: (Int) -> UUID
    ) throws(ReadError) -> [Decoded] {
        let scale = (x: container.float(scalingX) ?? 1, y: container.float(scalingY) ?? 1)
        var strokes: [Decoded] = []
        for dataID in container.objects(inkData) {
            guard let data = try space.object(dataID) else { continue }
            for node in data.objects(inkStrokes) {
                guard let object = try space.object(node), let path = object.bytes(inkPath) else { continue }
                let properties = try object.objects(strokeProperties).first.flatMap { (id: ExGUID) throws(ReadError) in
                    try space.object(id)
                }
                do throws(ReadError) {
                    let stroke = try decode(
                        path, properties: properties, origin: origin, scale: scale, id: id(strokes.count))
                    strokes.append(Decoded(node: node, stroke: stroke))
                } catch {
                    throw ReadError("ink stroke \(node): \(error.description)")
                }
            }
        }
        return strokes
    }

    static func decode(
        _ path: ArraySlice<UInt8>, properties: OneNoteObject?, origin: Point, scale: (x: Double, y: Double), id: UUID
    ) throws(ReadError) -> Stroke {
        let dimensions =
            properties?.bytes(dimensions).map { raw in
                stride(from: raw.startIndex, to: raw.endIndex - 31, by: 32).map { at in
                    (
                        guid: LittleEndianBytes.guid(raw[at..<(at + 16)]), min: int32(raw, at + 16),
                        max: int32(raw, at + 20)
                    )
                }
            } ?? []
        let count = max(dimensions.count, 2)
        let x = dimensions.firstIndex { $0.guid == xDimension } ?? 0
        let y = dimensions.firstIndex { $0.guid == yDimension } ?? 1
        let pressure = dimensions.firstIndex { $0.guid == pressureDimension }
        let values = try signedNumbers(path)
        guard let declared = values.first, declared == values.count - 1 else {
            throw ReadError("InkPath declares \(values.first ?? 0) values but holds \(max(values.count - 1, 0))")
        }
        guard declared % count == 0, x < count, y < count else {
            throw ReadError("InkPath's \(declared) values do not split into \(count) dimensions")
        }
        let points = declared / count
        guard points <= ReadLimits.maxPointsPerStroke else {
            throw ReadError("more than \(ReadLimits.maxPointsPerStroke) points")
        }
        try PointBudget.charge(points)
        func channel(_ k: Int) -> [Double] {
            var sum = 0
            return values[(1 + k * points)..<(1 + (k + 1) * points)].map { delta in
                sum += delta
                return Double(sum)
            }
        }
        let xs = channel(x), ys = channel(y)
        let forces: [Double]? = pressure.map { k in
            let span = Double(dimensions[k].max) - Double(dimensions[k].min)
            return channel(k).map { span > 0 ? min(max(($0 - Double(dimensions[k].min)) / span, 0), 1) : 1 }
        }
        let width = (properties?.float(self.width)).flatMap { $0 > 0 ? $0 * pointsPerUnit : nil } ?? 1
        let height = (properties?.float(self.height)).flatMap { $0 > 0 ? $0 * pointsPerUnit : nil } ?? width
        let controlPoints = (0..<points).map { k in
            StrokePoint(
                location: Point(
                    x: origin.x + xs[k] * scale.x * pointsPerUnit, y: origin.y + ys[k] * scale.y * pointsPerUnit),
                size: Size(width: width, height: height), force: forces?[k] ?? StrokePoint.defaultForce)
        }
        let colorRef = properties?.integer(color) ?? 0
        let ink = Ink(
            kind: properties?.integer(rasterOperation) == 9 ? .highlighter : .pen,
            color: Ink.Color(
                red: Double(colorRef & 0xFF) / 255, green: Double(colorRef >> 8 & 0xFF) / 255,
                blue: Double(colorRef >> 16 & 0xFF) / 255),
            width: width)
        return Stroke(id: id, ink: ink, path: StrokePath(controlPoints: controlPoints))
    }

    /// The signed numbers of a multi-byte encoded array. Each value is at most 2^40 in magnitude
    /// (ink far beyond any page is refused here, before sums could overflow).
    static func signedNumbers(_ bytes: ArraySlice<UInt8>) throws(ReadError) -> [Int] {
        var values: [Int] = []
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes {
            guard shift <= 35 else { throw ReadError("InkPath holds a number of more than 40 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 != 0 {
                shift += 7
                continue
            }
            let magnitude = Int(value >> 1)
            values.append(value & 1 == 1 ? -magnitude : magnitude)
            value = 0
            shift = 0
        }
        guard shift == 0 else { throw ReadError("InkPath ends inside a number") }
        return values
    }

    private static func int32(_ raw: ArraySlice<UInt8>, _ at: Int) -> Int32 {
        Int32(
            bitPattern: UInt32(raw[at]) | UInt32(raw[at + 1]) << 8 | UInt32(raw[at + 2]) << 16 | UInt32(raw[at + 3])
                << 24)
    }
}
