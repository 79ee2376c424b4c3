import DrawingModel
import Foundation

/// What one tldraw shape brings (see `TldrawReader`): a stroke for `draw` and `highlight`, typed
/// text for shapes with a label, frames with a name.
enum TldrawShapes {
    static func stroke(
        _ shape: DocumentTree, transform: DrawingModel.AffineTransform, id: UUID
    ) throws(ReadError) -> Stroke? {
        let type = shape["type"]?.string
        guard type == "draw" || type == "highlight", let props = shape["props"] else { return nil }
        guard let segments = props["segments"]?.array else { throw ReadError("draw shape has no segments") }
        let scaleX = props["scaleX"]?.number ?? 1, scaleY = props["scaleY"]?.number ?? 1
        let isPen = props["isPen"]?.bool ?? false
        let width = (TldrawReader.widths[props["size"]?.string ?? "m"] ?? 3.5) * (props["scale"]?.number ?? 1)
        var points: [StrokePoint] = []
        for segment in segments {
            let samples = try TldrawPoints.decode(segment)
            guard points.count + samples.count <= ReadLimits.maxPointsPerStroke else {
                throw ReadError("more than \(ReadLimits.maxPointsPerStroke) points")
            }
            for (k, sample) in samples.enumerated() {
                let location = Point(x: sample.x * scaleX, y: sample.y * scaleY)
                // A segment starts where the previous one ended: keep the joint once.
                if k == 0, let last = points.last, last.location == location { continue }
                points.append(
                    StrokePoint(
                        location: location, size: Size(width: width, height: width),
                        force: isPen ? min(max(sample.z, 0), 1) : StrokePoint.defaultForce))
            }
        }
        guard !points.isEmpty else { return nil }
        try PointBudget.charge(points.count)
        var color = self.color(props["color"]?.string)
        color.alpha = min(max(shape["opacity"]?.number ?? 1, 0), 1)
        let ink = Ink(kind: type == "highlight" ? .highlighter : .pen, color: color, width: width)
        return Stroke(id: id, ink: ink, transform: transform, path: StrokePath(controlPoints: points))
    }

    /// The shape's label or a frame's name, boxed where the shape has a size.
    static func text(_ shape: DocumentTree, transform: DrawingModel.AffineTransform) -> TextElement? {
        guard let props = shape["props"] else { return nil }
        var text = props["text"]?.string ?? ""
        if let rich = props["richText"] { text = plainText(rich) }
        if shape["type"]?.string == "frame" { text = props["name"]?.string ?? "" }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        var bounds: Rect?
        if let width = props["w"]?.number {
            // Text shapes store no height: lines × the size's line height.
            let lines = Double(text.split(separator: "\n", omittingEmptySubsequences: false).count)
            let height =
                props["h"]?.number
                ?? lines * 1.35 * (fontSizes[props["size"]?.string ?? "m"] ?? 24) * (props["scale"]?.number ?? 1)
            let corners = [(0.0, 0.0), (width, 0), (0, height), (width, height)].map {
                Point(x: $0.0, y: $0.1).applying(transform)
            }
            bounds = Rect(enclosing: corners)
        }
        return TextElement(text: text, bounds: bounds)
    }

    static let fontSizes: [String: Double] = ["s": 18, "m": 24, "l": 36, "xl": 44]

    /// The text of a ProseMirror document: its text nodes, paragraphs on their own lines.
    static func plainText(_ node: DocumentTree, depth: Int = 0) -> String {
        guard depth < 64 else { return "" }
        if let text = node["text"]?.string { return text }
        let children = (node["content"]?.array ?? []).map { plainText($0, depth: depth + 1) }
        let type = node["type"]?.string
        return children.joined(separator: type == "doc" || type == "bulletList" || type == "orderedList" ? "\n" : "")
    }

    /// tldraw's named colours (its light theme's solid colours).
    static func color(_ name: String?) -> Ink.Color {
        let hex: [String: UInt32] = [
            "black": 0x1D1D1D, "grey": 0x9FA8B2, "light-violet": 0xE085F4, "violet": 0xAE3EC9, "blue": 0x4465E9,
            "light-blue": 0x4BA1F1, "yellow": 0xF1AC4B, "orange": 0xE16919, "green": 0x099268,
            "light-green": 0x4CB05E, "light-red": 0xF87777, "red": 0xE03131, "white": 0xFFFFFF,
        ]
        guard let name, let rgb = hex[name] else { return .black }
        return Ink.Color(
            red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
    }
}
