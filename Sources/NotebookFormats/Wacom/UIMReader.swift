import DrawingModel
import Foundation

/// Reads Wacom's Universal Ink Model files (`.uim`), versions 3.0.0 and 3.1.0: one page of ink.
///
/// Container (`RIFFChunks`), form type `UINK`:
/// ```
/// HEAD  version major, minor, patch (bytes), then for 3.1 one reserved byte and an 8-byte
///       descriptor per following chunk: version (3 bytes), content type (1 = protobuf),
///       compression (0 = none), 3 reserved
/// 3.0:  DATA  one protobuf `InkObject`: inkData 2 (strokes 1), inkTree 4 (nodes)
/// 3.1:  PRPS INPT BRSH INKD KNWG INKS, each one protobuf message; only INKD (`InkData`: strokes 1,
///       properties 6) and INKS (`InkStructure`: inkTree 2, nodes 2 with depth 1, groupID 2,
///       index 3) are read
/// ```
/// Strokes (`UIMInkData`) are Catmull-Rom splines whose points lie on the curve; they become the
/// B-spline control points as other formats' pen samples do. Which strokes: those the main ink
/// tree refers to, in stroke order, each once; every stroke when the file has no main tree. Views
/// (handwriting segmentation, entity trees) are not read. Compressed chunks (zip, LZMA) are
/// refused, as Wacom's own library does.
///
/// Units: as stored (device-independent pixels in Wacom's samples, origin top left, y down); the
/// ink transform and unit scale are not applied. Stroke IDs: the stroke's UUID from the file;
/// `StableStrokeID` of the file with key `uim/index` where a stroke has none.
package struct UIMReader: RIFFInkReader {
    package static let formatName = "uim"
    package static let displayName = "Wacom UIM"
    package static let fileExtensions = ["uim"]
    /// Most strokes read from one file.
    static let maxStrokes = ReadLimits.maxStrokesPerPage

    static let riffForm = "UINK"
    static let riffFormatTitle = "Universal Ink Model"

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let riff = try chunks(contents)
        guard let head = riff.chunks.first, head.id == "HEAD", head.data.count >= 3 else {
            throw ReadError("UIM file has no HEAD chunk first")
        }
        let h = head.data.startIndex
        let version = (head.data[h], head.data[h + 1], head.data[h + 2])
        var strokes: [UIMStroke]
        var tree: [Int]?
        switch version {
        case (3, 0, 0):
            guard let data = riff.chunk("DATA") else { throw ReadError("UIM 3.0 file has no DATA chunk") }
            (strokes, tree) = try inkObject30(ProtobufReader(data, context: "UIM ink"))
        case (3, 1, 0):
            (strokes, tree) = try chunks31(riff, head: head.data)
        default:
            throw ReadError(
                "unsupported Universal Ink Model version \(version.0).\(version.1).\(version.2) (this build reads 3.0.0 and 3.1.0)"
            )
        }
        let ids = StableStrokeID(fileContents: contents)
        var kept: [Int] = Array(strokes.indices)
        if let tree, !tree.isEmpty {
            for index in tree where index >= strokes.count {
                throw ReadError("UIM ink tree refers to stroke \(index), but the file has \(strokes.count)")
            }
            kept = Array(Set(tree)).sorted()
        }
        let drawn = try kept.map { (i: Int) throws(ReadError) -> Stroke in
            try inkStroke(strokes[i], id: strokes[i].id ?? ids.id(key: "uim/\(i)"), index: i)
        }
        return Notebook(format: formatName, pages: [Page(drawing: Drawing(strokes: drawn))])
    }

    private static func inkStroke(_ s: UIMStroke, id: UUID, index: Int) throws(ReadError) -> Stroke {
        guard s.xs.count == s.ys.count else {
            throw ReadError("UIM stroke \(index + 1): \(s.xs.count) x values but \(s.ys.count) y values")
        }
        let width = s.size ?? s.sizes.first ?? 1
        let points = s.xs.indices.map { k -> StrokePoint in
            let w = k < s.sizes.count ? s.sizes[k] : width
            return StrokePoint(location: Point(x: s.xs[k], y: s.ys[k]), size: Size(width: w, height: w))
        }
        return Stroke(
            id: id, ink: Ink(kind: .pen, color: s.color, width: width), path: StrokePath(controlPoints: points))
    }

    /// UIM 3.0 `InkObject`: the strokes of inkData 2, and the stroke indices of inkTree 4 (`Node`:
    /// index 3, type 4 = 2 for a stroke).
    private static func inkObject30(_ message: ProtobufReader) throws(ReadError) -> ([UIMStroke], [Int]?) {
        var r = message
        var strokes: [UIMStroke] = []
        var treeIndices: [Int] = []
        var hasTree = false
        try r.forEach { (number, value) throws(ReadError) in
            switch number {
            case 2:
                var inkData = try value.message("ink data")
                try inkData.forEach { (n, v) throws(ReadError) in
                    guard n == 1 else { return }
                    guard strokes.count < maxStrokes else { throw v.error("more than \(maxStrokes) strokes") }
                    strokes.append(try UIMInkData.stroke30(try v.message("stroke \(strokes.count + 1)")))
                }
            case 4:
                var node = try value.message("ink tree node")
                var index: UInt64 = 0, type: UInt64 = 0
                try node.forEach { (n, v) throws(ReadError) in
                    if n == 3 { index = try v.uint() }
                    if n == 4 { type = try v.uint() }
                }
                guard treeIndices.count < maxStrokes else { throw value.error("more than \(maxStrokes) tree nodes") }
                hasTree = true
                if type == 2 { treeIndices.append(Int(clamping: index)) }
            default: break
            }
        }
        return (strokes, hasTree ? treeIndices : nil)
    }

    /// UIM 3.1: checks each chunk's descriptor, then reads INKD and INKS.
    private static func chunks31(_ riff: RIFFChunks, head: ArraySlice<UInt8>) throws(ReadError) -> ([UIMStroke], [Int]?)
    {
        let descriptors = Array(head.dropFirst(4))
        let body = riff.chunks.dropFirst()
        guard descriptors.count >= body.count * 8 else {
            throw ReadError("UIM HEAD describes \(descriptors.count / 8) chunks, but the file has \(body.count)")
        }
        var strokes: [UIMStroke] = []
        var tree: [Int]?
        var inkData: ArraySlice<UInt8>?, structure: ArraySlice<UInt8>?
        for (k, chunk) in body.enumerated() where chunk.id == "INKD" || chunk.id == "INKS" {
            let d = descriptors[(k * 8)..<(k * 8 + 8)].map { $0 }
            guard d[3] == 1 else { throw ReadError("UIM chunk \(chunk.id) is not protobuf (content type \(d[3]))") }
            guard d[4] == 0 else {
                throw ReadError("UIM chunk \(chunk.id) is compressed (type \(d[4])), which is not supported")
            }
            if chunk.id == "INKD" { inkData = chunk.data } else { structure = chunk.data }
        }
        if let inkData {
            var r = ProtobufReader(inkData, context: "UIM ink data")
            var properties: [(size: Double?, color: Ink.Color?)] = []
            var strokeMessages: [ProtobufReader] = []
            // Properties may follow the strokes that use them: collect both, then decode.
            try r.forEach { (number, value) throws(ReadError) in
                switch number {
                case 1:
                    guard strokeMessages.count < maxStrokes else {
                        throw value.error("more than \(maxStrokes) strokes")
                    }
                    strokeMessages.append(try value.message("stroke \(strokeMessages.count + 1)"))
                case 6:
                    guard properties.count < maxStrokes else { throw value.error("more than \(maxStrokes) properties") }
                    properties.append(try UIMInkData.pathPointProperties31(try value.message("properties")))
                default: break
                }
            }
            strokes = try strokeMessages.map { (m: ProtobufReader) throws(ReadError) in
                try UIMInkData.stroke31(m, properties: properties)
            }
        }
        if let structure {
            var r = ProtobufReader(structure, context: "UIM ink structure")
            try r.forEach { (number, value) throws(ReadError) in
                guard number == 2 else { return }
                var inkTree = try value.message("ink tree")
                var indices: [Int] = []
                try inkTree.forEach { (n, v) throws(ReadError) in
                    guard n == 2 else { return }
                    var node = try v.message("node")
                    try node.forEach { (m, x) throws(ReadError) in
                        guard m == 3 else { return }
                        guard indices.count < maxStrokes else { throw x.error("more than \(maxStrokes) tree nodes") }
                        indices.append(Int(clamping: try x.uint()))
                    }
                }
                tree = indices
            }
        }
        return (strokes, tree)
    }
}
