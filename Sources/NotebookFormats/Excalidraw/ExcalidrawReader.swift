import DrawingModel
import Foundation

/// Reads Excalidraw drawings (docs/formats.md#excalidraw-file): `.excalidraw` scenes and the Obsidian Excalidraw
/// plugin's `.excalidraw.md` notes (`ExcalidrawMarkdown` finds the scene in them).
///
/// ```
/// {"type": "excalidraw", "version": 2, "elements": [
///    {"type": "freedraw", "id", "x", "y", "width", "height", "angle", "points": [[dx, dy], …],
///     "pressures": [0–1, …], "simulatePressure", "strokeColor": "#1e1e1e", "strokeWidth",
///     "opacity": 0–100, "isDeleted", …},
///    {"type": "text", "text", "originalText", "x", "y", "width", "height", "angle", …},
///    {"type": "frame", "name", …}, …], "appState": {…}, "files": {…}}
/// ```
/// One page: every `freedraw` element not `isDeleted` is a stroke, its points relative to its
/// `x`, `y` and turned by `angle` (radians, clockwise on screen) about the centre of its box;
/// pressure is kept unless `simulatePressure` (mouse or touch). Typed text: text elements and
/// frame names, boxed. Shapes, arrows, images and embedded files are skipped; frames and groups
/// change no coordinates (Excalidraw stores every element in scene coordinates).
///
/// Units: scene pixels, y down; the canvas is unbounded, so the page has no size. Stroke IDs:
/// `StableStrokeID` of the file keyed by the element's `id`.
package struct ExcalidrawReader: NotebookReader {
    package static let formatName = "excalidraw"
    package static let displayName = "Excalidraw"
    package static let fileExtensions = ["excalidraw"]
    /// `.excalidraw.md` ends in `.md`, like every Markdown note: taken only when its content says so.
    package static let probedExtensions = ["md"]
    /// Largest scene accepted (bytes of JSON, after decompression for `compressed-json`).
    static let maxSceneSize = 128 << 20

    package static func canRead(_ probe: FormatProbe) -> Bool {
        guard probe.container == .none else { return false }
        let head = String(decoding: probe.head.prefix(4096), as: UTF8.self)
        if head.hasPrefix("---") || head.hasPrefix("\u{FEFF}---") { return ExcalidrawMarkdown.isPluginNote(head) }
        let compact = head.filter { !$0.isWhitespace }
        return compact.hasPrefix("{") && compact.contains("\"type\":\"excalidraw")
    }

    package static func read(at url: URL) throws -> Notebook {
        try read(contents: Containers.readFile(at: url), fileExtension: url.pathExtension.lowercased())
    }

    package static func read(contents: [UInt8], fileExtension: String) throws -> Notebook {
        let first = contents.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
        let scene: DocumentTree
        if first == UInt8(ascii: "{") {
            guard contents.count <= maxSceneSize else {
                throw ReadError(
                    "scene is \(describeByteCount(contents.count)), over the \(describeByteCount(maxSceneSize)) limit")
            }
            scene = try JSONTree.parse(contents)
        } else {
            scene = try JSONTree.parse(ExcalidrawMarkdown.sceneJSON(contents, limit: maxSceneSize))
        }
        guard let type = scene["type"]?.string, type.hasPrefix("excalidraw"), let elements = scene["elements"]?.array
        else { throw ReadError("not an Excalidraw scene (no \"type\": \"excalidraw\" with \"elements\")") }
        let ids = StableStrokeID(fileContents: contents)
        var page = Page(drawing: Drawing())
        for (k, element) in elements.enumerated() where element["isDeleted"]?.bool != true {
            let id = element["id"]?.string ?? "\(k)"
            do throws(ReadError) {
                switch element["type"]?.string {
                case "freedraw":
                    if let stroke = try stroke(element, id: ids.id(key: id)) {
                        guard page.drawing.strokes.count < ReadLimits.maxStrokesPerPage else {
                            throw ReadError("more than \(ReadLimits.maxStrokesPerPage) strokes")
                        }
                        page.drawing.strokes.append(stroke)
                    }
                case "text":
                    if let text = text(element, element["originalText"]?.string ?? element["text"]?.string) {
                        page.texts.append(text)
                    }
                case "frame", "magicframe":
                    if let text = text(element, element["name"]?.string) { page.texts.append(text) }
                default: break
                }
            } catch {
                throw ReadError("element \(k + 1) (\(id)): \(error.description)")
            }
        }
        return Notebook(format: formatName, pages: [page])
    }

    private static func stroke(_ element: DocumentTree, id: UUID) throws(ReadError) -> Stroke? {
        guard let list = element["points"]?.array else { throw ReadError("freedraw element has no points") }
        guard list.count <= ReadLimits.maxPointsPerStroke else {
            throw ReadError("more than \(ReadLimits.maxPointsPerStroke) points")
        }
        guard !list.isEmpty else { return nil }
        try PointBudget.charge(list.count)
        let pressures = element["simulatePressure"]?.bool == true ? [] : (element["pressures"]?.array ?? [])
        let width = element["strokeWidth"]?.number.flatMap { $0 > 0 ? $0 : nil } ?? 1
        var points: [StrokePoint] = []
        points.reserveCapacity(list.count)
        for (k, value) in list.enumerated() {
            guard let pair = value.array, pair.count >= 2, let dx = pair[0].number, let dy = pair[1].number else {
                throw ReadError("point \(k + 1) is not a pair of finite numbers")
            }
            let force = pressures.count == list.count ? pressures[k].number.map { min(max($0, 0), 1) } : nil
            points.append(
                StrokePoint(
                    location: Point(x: dx, y: dy), size: Size(width: width, height: width),
                    force: force ?? StrokePoint.defaultForce))
        }
        var color = hexColor(element["strokeColor"]?.string)
        color.alpha *= min(max((element["opacity"]?.number ?? 100) / 100, 0), 1)
        return Stroke(
            id: id, ink: Ink(kind: .pen, color: color, width: width), transform: placement(element),
            path: StrokePath(controlPoints: points))
    }

    /// From an element's own coordinates (relative to `x`, `y`) to the scene: moved by `x`, `y`,
    /// then turned by `angle` about the centre of its `width` × `height` box.
    static func placement(_ element: DocumentTree) -> DrawingModel.AffineTransform {
        let x = element["x"]?.number ?? 0, y = element["y"]?.number ?? 0
        let move = DrawingModel.AffineTransform(translationX: x, y: y)
        let angle = element["angle"]?.number ?? 0
        guard angle != 0 else { return move }
        let cx = x + (element["width"]?.number ?? 0) / 2, cy = y + (element["height"]?.number ?? 0) / 2
        return move.concatenating(DrawingModel.AffineTransform(translationX: -cx, y: -cy))
            .concatenating(DrawingModel.AffineTransform(rotationAngle: angle))
            .concatenating(DrawingModel.AffineTransform(translationX: cx, y: cy))
    }

    private static func text(_ element: DocumentTree, _ value: String?) -> TextElement? {
        guard let text = value?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        let width = element["width"]?.number ?? 0, height = element["height"]?.number ?? 0
        let transform = placement(element)
        let box = Rect(
            enclosing: [(0.0, 0.0), (width, 0), (0, height), (width, height)].map {
                Point(x: $0.0, y: $0.1).applying(transform)
            })
        return TextElement(text: text, bounds: box)
    }

    /// `#rgb`, `#rrggbb` or `#rrggbbaa`; black for anything else (named colours, "transparent").
    static func hexColor(_ text: String?) -> Ink.Color {
        guard let text, text.hasPrefix("#") else { return .black }
        var digits = Array(text.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(String(digits), radix: 16) else {
            return .black
        }
        let rgb = digits.count == 8 ? value >> 8 : value
        let alpha = digits.count == 8 ? Double(value & 0xFF) / 255 : 1
        return Ink.Color(
            red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255,
            alpha: alpha)
    }
}
