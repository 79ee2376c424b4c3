import DrawingModel
import Foundation

/// Walks the tags of one Ink Serialized Format stream (layout in `ISFReader`) and makes its
/// strokes: the tables a stroke refers to are kept as they come, and each stroke tag is decoded
/// with the entries its indices select at that point.
struct ISFStream {
    private var strokes: [(ordinal: Int, stroke: Stroke)] = []
    private var strokeTags = 0
    private var attributes: [ISFDrawingAttributes] = []
    private var descriptors: [ISFStrokeDescriptor] = []
    private var transforms: [DrawingModel.AffineTransform] = []
    private var metrics: [ISFMetrics] = []
    private var attributeIndex = 0
    private var descriptorIndex = 0
    private var transformIndex = 0
    private var metricIndex = 0
    private var guids = 0
    private var strokeIDs: [Int64] = []
    /// Drawing units per HIMETRIC unit.
    private let scale: Double

    /// Pressure range assumed without a metric block (Tablet PC pens report 0…1023).
    static let defaultPressure: ClosedRange<Double> = 0...1023

    /// The strokes of the stream in `bytes` (version, size, tags), in drawing units `scale` to the
    /// HIMETRIC unit, with IDs from `ids`: keyed by the stream's stroke IDs where it has one for
    /// every stroke, else by position.
    /// - Throws: `ReadError` naming the tag or stroke and the byte where the stream is broken.
    static func strokes(_ bytes: [UInt8], ids: StableStrokeID, scale: Double) throws(ReadError) -> [Stroke] {
        guard let first = bytes.first else { throw ReadError("empty file") }
        if bytes.starts(with: Array("GIF8".utf8)) {
            throw ReadError("a GIF image, not an ISF stream (ISF inside a GIF, a \"fortified GIF\", is not read)")
        }
        // Version 0 is the only one there is.
        guard first == 0 else {
            throw ReadError(
                "not an Ink Serialized Format stream (it starts with byte \(hex(first)), not version 0)")
        }
        var reader = ISFByteReader(bytes.dropFirst())
        let size = try reader.unsigned()
        guard size <= UInt64(reader.remaining) else {
            throw ReadError(
                "the ISF header declares a stream of \(size) bytes, but only \(reader.remaining) follow (truncated file?)"
            )
        }
        var stream = ISFStream(scale: scale)
        var tags = ISFByteReader(reader.rest.prefix(Int(size)))
        while !tags.isAtEnd { try stream.readTag(&tags) }
        return stream.finished(ids: ids)
    }

    private init(scale: Double) {
        self.scale = scale
    }

    private mutating func readTag(_ reader: inout ISFByteReader) throws(ReadError) {
        let at = reader.offset
        let tag = try reader.unsigned()
        switch tag {
        case ISFTag.inkSpaceRectangle:
            for _ in 0..<4 { _ = try reader.signed() }
        case ISFTag.guidTable:
            let table = try reader.payload("GUID table")
            guard table.remaining % 16 == 0 else {
                throw ReadError("GUID table at byte \(at) of \(table.remaining) bytes is not a whole number of GUIDs")
            }
            guids = table.remaining / 16
        case ISFTag.drawingAttributesTable:
            let guids = guids
            attributes = try Self.table(try reader.payload("drawing attributes table"), "drawing attributes") {
                (block) throws(ReadError) in try ISFDrawingAttributes(block, guids: guids)
            }
        case ISFTag.drawingAttributesBlock:
            attributes = [try ISFDrawingAttributes(try reader.payload("drawing attributes"), guids: guids)]
            attributeIndex = 0
        case ISFTag.strokeDescriptorTable:
            descriptors = try Self.table(try reader.payload("stroke descriptor table"), "stroke descriptors") {
                (block) throws(ReadError) in try ISFStrokeDescriptor(block)
            }
        case ISFTag.strokeDescriptorBlock:
            descriptors = [try ISFStrokeDescriptor(try reader.payload("stroke descriptor"))]
            descriptorIndex = 0
        case ISFTag.metricTable:
            metrics = try Self.table(try reader.payload("metric table"), "metric blocks") {
                (block) throws(ReadError) in try ISFMetrics(block)
            }
        case ISFTag.metricBlock:
            metrics = [try ISFMetrics(try reader.payload("metric block"))]
            metricIndex = 0
        case ISFTag.drawingAttributesIndex:
            attributeIndex = try reader.count(atMost: ISFTag.maxTableEntries, "drawing attributes index")
        case ISFTag.strokeDescriptorIndex:
            descriptorIndex = try reader.count(atMost: ISFTag.maxTableEntries, "stroke descriptor index")
        case ISFTag.transformIndex:
            transformIndex = try reader.count(atMost: ISFTag.maxTableEntries, "transform index")
        case ISFTag.metricIndex:
            metricIndex = try reader.count(atMost: ISFTag.maxTableEntries, "metric index")
        case ISFTag.transformTable, ISFTag.extendedTransformTable:
            try readTransformTable(&reader, wide: tag == ISFTag.extendedTransformTable)
        case ISFTag.transforms:
            transforms = [try ISFTag.transform(tag, from: &reader, wide: false)]
            transformIndex = 0
        case ISFTag.stroke:
            strokeTags += 1
            do {
                try readStroke(try reader.payload("stroke"))
            } catch {
                throw ReadError("stroke \(strokeTags) (byte \(at)): \(error.description)")
            }
        case ISFTag.strokeIDs:
            var list = try reader.payload("stroke IDs")
            let count = try list.count(atMost: ReadLimits.maxStrokesPerPage, "stroke ID count")
            strokeIDs = try ISFPacketCodec.decode(&list, count: count)
        case ISFTag.firstKnownGUID...:
            try ISFTag.checkGUID(tag, guids: guids, at: at)
            try reader.skipExtendedProperty("property \(tag)")
        default:
            // Compression header, persistent format, HIMETRIC size and tags without a meaning here:
            // size-prefixed, so skipped whole.
            _ = try reader.payload("tag \(tag)")
        }
    }

    /// The entries of a table: each a size-prefixed block.
    private static func table<Entry>(
        _ payload: ISFByteReader, _ what: String, entry: (ISFByteReader) throws(ReadError) -> Entry
    ) throws(ReadError) -> [Entry] {
        var reader = payload
        var entries: [Entry] = []
        while !reader.isAtEnd {
            guard entries.count < ISFTag.maxTableEntries else {
                throw ReadError("more than \(ISFTag.maxTableEntries) \(what) in one table")
            }
            entries.append(try entry(try reader.payload(what)))
        }
        return entries
    }

    /// A transform table (tags and values), or the extended table's doubles replacing its entries.
    private mutating func readTransformTable(_ reader: inout ISFByteReader, wide: Bool) throws(ReadError) {
        var table = try reader.payload(wide ? "extended transform table" : "transform table")
        if !wide { transforms = [] }
        var k = 0
        while !table.isAtEnd {
            let transform = try ISFTag.transform(try table.unsigned(), from: &table, wide: wide)
            if k < transforms.count {
                transforms[k] = transform
            } else {
                guard transforms.count < ISFTag.maxTableEntries else {
                    throw ReadError("more than \(ISFTag.maxTableEntries) transforms in one table")
                }
                transforms.append(transform)
            }
            k += 1
        }
    }

    /// The entry `index` selects, or `fallback` while the stream has no such table.
    private static func entry<Entry>(
        _ table: [Entry], _ index: Int, _ fallback: Entry, _ what: String
    ) throws(ReadError) -> Entry {
        guard !table.isEmpty else { return fallback }
        guard index < table.count else { throw ReadError("uses \(what) \(index), but the table has \(table.count)") }
        return table[index]
    }

    /// One stroke tag's payload: point count, then a compressed block per packet property.
    private mutating func readStroke(_ payload: ISFByteReader) throws(ReadError) {
        var reader = payload
        guard strokes.count < ReadLimits.maxStrokesPerPage else {
            throw ReadError("more than \(ReadLimits.maxStrokesPerPage) strokes")
        }
        let count = try reader.count(atMost: ReadLimits.maxPointsPerStroke, "point count")
        guard count > 0 else { return }  // draws nothing
        let descriptor = try Self.entry(descriptors, descriptorIndex, ISFStrokeDescriptor(), "stroke descriptor")
        guard descriptor.hasX, descriptor.hasY else { throw ReadError("its descriptor has no X or no Y coordinates") }
        let drawing = try Self.entry(attributes, attributeIndex, ISFDrawingAttributes(), "drawing attributes")
        let transform = try Self.entry(transforms, transformIndex, .identity, "transform")
        let metric = try Self.entry(metrics, metricIndex, ISFMetrics(), "metric block")
        try PointBudget.charge(count)

        // X and Y come first; decode up to pressure when the descriptor has it, the rest is unused.
        let order = descriptor.packetOrder
        let needed = order.firstIndex(of: ISFTag.normalPressure) ?? 1
        var columns: [UInt64: [Int64]] = [:]
        for property in order.prefix(needed + 1) {
            do {
                columns[property] = try ISFPacketCodec.decode(&reader, count: count)
            } catch {
                throw ReadError("\(Self.name(property)): \(error.description)")
            }
        }
        guard let xs = columns[ISFTag.x], let ys = columns[ISFTag.y] else {
            throw ReadError("no X and Y packet data")
        }
        let pressures = columns[ISFTag.normalPressure]
        let range = metric.pressure ?? Self.defaultPressure
        let toPage = transform.concatenating(DrawingModel.AffineTransform(scaleX: scale, y: scale))
        let ink = drawing.ink(scale: scale)
        let points = (0..<count).map { k -> StrokePoint in
            let location = Point(x: Double(xs[k]), y: Double(ys[k])).applying(toPage)
            var force = StrokePoint.defaultForce
            if let pressures {
                force = min(
                    max((Double(pressures[k]) - range.lowerBound) / (range.upperBound - range.lowerBound), 0), 1)
            }
            return StrokePoint(location: location, size: Size(width: ink.width, height: ink.width), force: force)
        }
        strokes.append(
            (strokeTags - 1, Stroke(id: UUID(), ink: ink, path: StrokePath(controlPoints: points))))
    }

    static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    private static func name(_ property: UInt64) -> String {
        switch property {
        case ISFTag.x: "X"
        case ISFTag.y: "Y"
        case ISFTag.normalPressure: "pressure"
        default: "property \(property)"
        }
    }

    /// The strokes with their IDs: the stream's own where it numbers every stroke tag once, else
    /// by position.
    private func finished(ids: StableStrokeID) -> [Stroke] {
        let own = strokeIDs.count == strokeTags && Set(strokeIDs).count == strokeIDs.count
        return strokes.map { entry in
            var stroke = entry.stroke
            stroke.id = own ? ids.id(key: "isf/\(strokeIDs[entry.ordinal])") : ids.id(page: 0, index: entry.ordinal)
            return stroke
        }
    }
}
