import DrawingModel

/// Tag numbers of the Ink Serialized Format (see `ISFReader`): the stream's own tags below 32,
/// then the known property GUIDs from 50 (X, Y, pressure, the drawing attributes) and custom GUIDs
/// (entries of the stream's GUID table) from 100.
enum ISFTag {
    static let inkSpaceRectangle: UInt64 = 0
    static let guidTable: UInt64 = 1
    static let drawingAttributesTable: UInt64 = 2
    static let drawingAttributesBlock: UInt64 = 3
    static let strokeDescriptorTable: UInt64 = 4
    static let strokeDescriptorBlock: UInt64 = 5
    static let buttons: UInt64 = 6
    static let noX: UInt64 = 7
    static let noY: UInt64 = 8
    static let drawingAttributesIndex: UInt64 = 9
    static let stroke: UInt64 = 10
    static let strokePropertyList: UInt64 = 11
    static let strokeDescriptorIndex: UInt64 = 13
    static let compressionHeader: UInt64 = 14
    static let transformTable: UInt64 = 15
    /// 16…21: full matrix, isotropic scale, anisotropic scale, rotation, translation, scale and
    /// translation; 22 (quad) has no defined layout here.
    static let transforms: ClosedRange<UInt64> = 16...21
    static let transformIndex: UInt64 = 23
    static let metricTable: UInt64 = 24
    static let metricBlock: UInt64 = 25
    static let metricIndex: UInt64 = 26
    static let mantissa: UInt64 = 27
    static let persistentFormat: UInt64 = 28
    static let himetricSize: UInt64 = 29
    static let strokeIDs: UInt64 = 30
    static let extendedTransformTable: UInt64 = 31

    static let x: UInt64 = 50
    static let y: UInt64 = 51
    static let normalPressure: UInt64 = 56
    static let penStyle: UInt64 = 67
    static let color: UInt64 = 68
    static let penWidth: UInt64 = 69
    static let penHeight: UInt64 = 70
    static let penTip: UInt64 = 71
    static let drawingFlags: UInt64 = 72
    static let transparency: UInt64 = 80
    static let curveFittingError: UInt64 = 81
    static let rasterOperation: UInt64 = 87

    static let firstKnownGUID: UInt64 = 50
    static let firstCustomGUID: UInt64 = 100

    /// Most entries read into one drawing-attributes, stroke-descriptor, transform or metric table.
    static let maxTableEntries = 65_536
}

/// One entry of the drawing-attributes table: how the strokes that select it are drawn.
struct ISFDrawingAttributes: Equatable {
    /// Pen width in HIMETRIC units (0.01 mm); 53 is the Tablet PC pen's default.
    var width: Double = 53
    /// COLORREF: 0x00BBGGRR.
    var color: UInt64 = 0
    /// 0 (opaque) … 255 (invisible).
    var transparency: UInt64 = 0
    /// Windows raster operation; 9 (mask pen) is how a highlighter is stored.
    var rasterOperation: UInt64 = 13

    static let maskPen: UInt64 = 9

    /// Reads one block: tag and value pairs.
    init(_ block: ISFByteReader, guids: Int) throws(ReadError) {
        var reader = block
        while !reader.isAtEnd {
            let at = reader.offset
            let tag = try reader.unsigned()
            switch tag {
            case ISFTag.color: color = try reader.unsigned() & 0xFF_FFFF
            case ISFTag.transparency: transparency = min(try reader.unsigned(), 255)
            case ISFTag.penStyle, ISFTag.penTip, ISFTag.drawingFlags, ISFTag.curveFittingError:
                _ = try reader.unsigned()
            case ISFTag.penWidth, ISFTag.penHeight:
                let size = Double(try reader.unsigned())
                if tag == ISFTag.penWidth { width = size }
                // An optional fraction (tag 27) follows, as an extended property: skipped.
                var peek = reader
                if !peek.isAtEnd, try peek.unsigned() == ISFTag.mantissa {
                    reader = peek
                    try reader.skipExtendedProperty("pen size fraction")
                }
            case ISFTag.rasterOperation:
                rasterOperation = UInt64(try reader.byte())
                try reader.skip(3, "raster operation")
            case ISFTag.firstKnownGUID...:
                try ISFTag.checkGUID(tag, guids: guids, at: at)
                try reader.skipExtendedProperty("drawing attribute \(tag)")
            default:
                throw ReadError("drawing attributes: tag \(tag) at byte \(at) is not a property")
            }
        }
    }

    init() {}

    /// The ink in drawing units, `scale` of them a HIMETRIC unit.
    func ink(scale: Double) -> Ink {
        let alpha = Double(255 - transparency) / 255
        let color = Ink.Color(
            red: Double(color & 0xFF) / 255, green: Double(color >> 8 & 0xFF) / 255,
            blue: Double(color >> 16 & 0xFF) / 255, alpha: alpha)
        return Ink(kind: rasterOperation == Self.maskPen ? .highlighter : .pen, color: color, width: width * scale)
    }
}

/// One entry of the stroke-descriptor table: which packet properties each point of a stroke has,
/// in the order their blocks follow X and Y.
struct ISFStrokeDescriptor: Equatable {
    var hasX = true
    var hasY = true
    /// Tags of the packet properties after X and Y.
    var properties: [UInt64] = []

    /// Most packet properties accepted in one descriptor (Windows defines fewer than 40).
    static let maxProperties = 64

    init() {}

    init(_ block: ISFByteReader) throws(ReadError) {
        var reader = block
        while !reader.isAtEnd {
            let tag = try reader.unsigned()
            switch tag {
            case ISFTag.noX: hasX = false
            case ISFTag.noY: hasY = false
            case ISFTag.buttons:
                let count = try reader.count(atMost: reader.remaining, "button count")
                for _ in 0..<count { _ = try reader.unsigned() }
            case ISFTag.strokePropertyList:
                // The rest names per-stroke properties, which carry no packet data.
                reader.skipToEnd()
            default:
                guard properties.count < Self.maxProperties else {
                    throw ReadError("stroke descriptor lists more than \(Self.maxProperties) packet properties")
                }
                properties.append(tag)
            }
        }
    }

    /// Every packet property in stream order.
    var packetOrder: [UInt64] {
        (hasX ? [ISFTag.x] : []) + (hasY ? [ISFTag.y] : []) + properties
    }
}

/// The pressure range of one metric block (other metrics do not change what is read).
struct ISFMetrics: Equatable {
    var pressure: ClosedRange<Double>?

    init() {}

    /// Reads one block: per property its tag, a size, then minimum and maximum (signed), units
    /// and resolution.
    init(_ block: ISFByteReader) throws(ReadError) {
        var reader = block
        while !reader.isAtEnd {
            let tag = try reader.unsigned()
            var entry = try reader.payload("metric of property \(tag)")
            guard tag == ISFTag.normalPressure else { continue }
            let low = Double(try entry.signed()), high = Double(try entry.signed())
            if high > low { pressure = low...high }
        }
    }
}

extension ISFTag {
    typealias Matrix = DrawingModel.AffineTransform

    /// Refuses a custom tag with no entry in the GUID table.
    static func checkGUID(_ tag: UInt64, guids: Int, at offset: Int) throws(ReadError) {
        guard tag >= firstCustomGUID else { return }
        guard tag - firstCustomGUID < UInt64(guids) else {
            throw ReadError("custom tag \(tag) at byte \(offset) has no entry in the GUID table (\(guids) GUIDs)")
        }
    }

    /// Reads the values of transform tag `tag` (16…21); `wide` reads doubles (the extended table).
    /// The matrix maps a stroke's stored coordinates to HIMETRIC units.
    static func transform(_ tag: UInt64, from reader: inout ISFByteReader, wide: Bool) throws(ReadError) -> Matrix {
        let at = reader.offset
        func number() throws(ReadError) -> Double {
            let value = wide ? try reader.float64() : try reader.float32()
            guard value.isFinite else { throw ReadError("transform at byte \(at) has a value that is not finite") }
            return value
        }
        switch tag {
        case 16:
            let a = try number(), b = try number(), c = try number(), d = try number()
            let tx = try number(), ty = try number()
            return Matrix(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
        case 17:
            let s = try number()
            return Matrix(scaleX: s, y: s)
        case 18:
            let sx = try number(), sy = try number()
            return Matrix(scaleX: sx, y: sy)
        case 19:
            // Hundredths of a degree.
            let angle = Double(try reader.unsigned() % 36_000) / 100 * .pi / 180
            return Matrix(rotationAngle: angle)
        case 20:
            let tx = try number(), ty = try number()
            return Matrix(translationX: tx, y: ty)
        case 21:
            let sx = try number(), sy = try number(), tx = try number(), ty = try number()
            return Matrix(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
        default:
            throw ReadError("transform tag \(tag) at byte \(at) is not supported (16 to 21 are)")
        }
    }
}
