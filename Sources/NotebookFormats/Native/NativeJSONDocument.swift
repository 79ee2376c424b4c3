import DrawingModel
import Foundation

/// Decodes the pages of a notebook-index JSON file (see `NativeJSONReader`) from a scanner, with
/// the place of every error: `page 2: stroke 5: point 3: expected 2 to 9 numbers, found 1`.
/// Pages, strokes and points are numbered from 1 in messages.
struct NativeJSONDocument {
    private(set) var pages: [Page] = []

    /// Prefixes errors thrown by `body` with `place`.
    private func within<T>(_ place: String, _ body: () throws(ReadError) -> T) throws(ReadError) -> T {
        do {
            return try body()
        } catch {
            throw ReadError("\(place): \(error.description)")
        }
    }

    func string(_ s: inout NativeJSONScanner, _ key: String) throws(ReadError) -> String {
        guard try s.peekKind() == .string else { throw ReadError("\"\(key)\" is not a string") }
        return try s.readString()
    }

    func number(_ s: inout NativeJSONScanner, _ key: String) throws(ReadError) -> Double {
        guard try s.peekKind() == .number else { throw ReadError("\"\(key)\" is not a number") }
        return try s.readNumber()
    }

    /// An array of `count` numbers (a point, a colour, a transform).
    func numbers(_ s: inout NativeJSONScanner, _ what: String, count: ClosedRange<Int>) throws(ReadError) -> [Double] {
        guard try s.peekKind() == .array else { throw ReadError("\(what) is not an array of numbers") }
        var values: [Double] = []
        try s.readArray { (s: inout NativeJSONScanner, i: Int) throws(ReadError) in
            guard i < count.upperBound else { throw ReadError("\(what) has more than \(count.upperBound) numbers") }
            guard try s.peekKind() == .number else { throw ReadError("\(what) holds something other than numbers") }
            values.append(try s.readNumber())
        }
        guard count.contains(values.count) else {
            let expected = count.count == 1 ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)"
            throw ReadError("\(what) has \(values.count) numbers, expected \(expected)")
        }
        return values
    }

    /// Reads an array whose elements `element` decodes, refusing more than `limit` of them.
    private func list<T>(
        _ s: inout NativeJSONScanner, _ key: String, limit: Int, noun: String,
        _ element: (inout NativeJSONScanner) throws(ReadError) -> T
    ) throws(ReadError) -> [T] {
        guard try s.peekKind() == .array else { throw ReadError("\"\(key)\" is not an array") }
        var items: [T] = []
        try s.readArray { (s: inout NativeJSONScanner, i: Int) throws(ReadError) in
            guard i < limit else { throw ReadError("more than \(limit) \(noun)s") }
            items.append(try within("\(noun) \(i + 1)") { () throws(ReadError) in try element(&s) })
        }
        return items
    }

    /// Reads an object, handing each key to `field`; refuses anything but an object.
    private func object(
        _ s: inout NativeJSONScanner, _ what: String,
        _ field: (inout NativeJSONScanner, String) throws(ReadError) -> Void
    ) throws(ReadError) {
        guard try s.peekKind() == .object else { throw ReadError("\(what) is not an object") }
        try s.readObject(field)
    }

    mutating func readPages(_ s: inout NativeJSONScanner) throws(ReadError) {
        pages = try list(&s, "pages", limit: ReadLimits.maxPages, noun: "page") {
            (s: inout NativeJSONScanner) throws(ReadError) in
            try readPage(&s)
        }
    }

    private func readPage(_ s: inout NativeJSONScanner) throws(ReadError) -> Page {
        var page = Page(drawing: Drawing())
        try object(&s, "page") { (s: inout NativeJSONScanner, key: String) throws(ReadError) in
            switch key {
            case "size":
                page.size = try s.takeNull() ? nil : try readSize(&s)
            case "background":
                if !(try s.takeNull()) {
                    let c = try numbers(&s, "\"background\"", count: 3...4)
                    page.background = Ink.Color(red: c[0], green: c[1], blue: c[2], alpha: c.count > 3 ? c[3] : 1)
                }
            case "texts":
                page.texts = try list(&s, key, limit: ReadLimits.maxStrokesPerPage, noun: "text") {
                    (s: inout NativeJSONScanner) throws(ReadError) in try readText(&s)
                }
            case "strokes":
                page.drawing.strokes = try list(&s, key, limit: ReadLimits.maxStrokesPerPage, noun: "stroke") {
                    (s: inout NativeJSONScanner) throws(ReadError) in try readStroke(&s)
                }
            default: try s.skipValue()
            }
        }
        return page
    }

    private func readSize(_ s: inout NativeJSONScanner) throws(ReadError) -> Size {
        var width: Double?, height: Double?
        try object(&s, "\"size\"") { (s: inout NativeJSONScanner, key: String) throws(ReadError) in
            switch key {
            case "width": width = try number(&s, key)
            case "height": height = try number(&s, key)
            default: try s.skipValue()
            }
        }
        guard let width, let height else { throw ReadError("\"size\" needs \"width\" and \"height\"") }
        return Size(width: width, height: height)
    }

    private func readRect(_ s: inout NativeJSONScanner) throws(ReadError) -> Rect {
        var x: Double?, y: Double?, width: Double?, height: Double?
        try object(&s, "\"bounds\"") { (s: inout NativeJSONScanner, key: String) throws(ReadError) in
            switch key {
            case "x": x = try number(&s, key)
            case "y": y = try number(&s, key)
            case "width": width = try number(&s, key)
            case "height": height = try number(&s, key)
            default: try s.skipValue()
            }
        }
        guard let x, let y, let width, let height else {
            throw ReadError("\"bounds\" needs \"x\", \"y\", \"width\" and \"height\"")
        }
        return Rect(x: x, y: y, width: width, height: height)
    }

    private func readText(_ s: inout NativeJSONScanner) throws(ReadError) -> TextElement {
        var text: String?, bounds: Rect?
        try object(&s, "text") { (s: inout NativeJSONScanner, key: String) throws(ReadError) in
            switch key {
            case "text": text = try string(&s, key)
            case "bounds": bounds = try s.takeNull() ? nil : try readRect(&s)
            default: try s.skipValue()
            }
        }
        guard let text else { throw ReadError("missing \"text\"") }
        return TextElement(text: text, bounds: bounds)
    }

    private func readStroke(_ s: inout NativeJSONScanner) throws(ReadError) -> Stroke {
        var id: UUID?, ink = Ink(), transform = DrawingModel.AffineTransform.identity
        var created: Date?, points: [StrokePoint]?, mask: StrokeMask?
        try object(&s, "stroke") { (s: inout NativeJSONScanner, key: String) throws(ReadError) in
            switch key {
            case "id":
                let text = try string(&s, key)
                guard let uuid = UUID(canonical: text) else {
                    throw ReadError("\"id\" is not a UUID: \"\(text.prefix(40))\"")
                }
                id = uuid
            case "ink": ink = try readInk(&s)
            case "transform":
                let m = try numbers(&s, "\"transform\"", count: 6...6)
                transform = DrawingModel.AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
            case "created":
                created = try s.takeNull() ? nil : Date(timeIntervalSinceReferenceDate: try number(&s, key))
            case "points":
                points = try list(&s, key, limit: ReadLimits.maxPointsPerStroke, noun: "point") {
                    (s: inout NativeJSONScanner) throws(ReadError) in try readPoint(&s)
                }
                try PointBudget.charge(points?.count ?? 0)
            case "mask": mask = try s.takeNull() ? nil : try readMask(&s)
            default: try s.skipValue()
            }
        }
        guard let id else { throw ReadError("missing \"id\"") }
        guard let points else { throw ReadError("missing \"points\"") }
        return Stroke(
            id: id, ink: ink, transform: transform,
            path: StrokePath(controlPoints: points, creationDate: created), mask: mask)
    }

    private func readPoint(_ s: inout NativeJSONScanner) throws(ReadError) -> StrokePoint {
        let v = try numbers(&s, "point", count: 2...9)
        let d = StrokePoint(location: .zero)
        func at(_ i: Int, _ fallback: Double) -> Double { i < v.count ? v[i] : fallback }
        return StrokePoint(
            location: Point(x: v[0], y: v[1]), timeOffset: at(2, d.timeOffset),
            size: Size(width: at(3, d.size.width), height: at(4, d.size.height)), opacity: at(5, d.opacity),
            force: at(6, d.force), azimuth: at(7, d.azimuth), altitude: at(8, d.altitude))
    }

    private func readInk(_ s: inout NativeJSONScanner) throws(ReadError) -> Ink {
        var ink = Ink()
        try object(&s, "\"ink\"") { (s: inout NativeJSONScanner, key: String) throws(ReadError) in
            switch key {
            case "kind":
                let name = try string(&s, key)
                guard let kind = Ink.Kind(rawValue: name) else {
                    throw ReadError("unknown ink kind \"\(name.prefix(40))\"")
                }
                ink.kind = kind
            case "color":
                let c = try numbers(&s, "\"color\"", count: 3...4)
                ink.color = Ink.Color(red: c[0], green: c[1], blue: c[2], alpha: c.count > 3 ? c[3] : 1)
            case "width": ink.width = try number(&s, key)
            default: try s.skipValue()
            }
        }
        return ink
    }

    private func readMask(_ s: inout NativeJSONScanner) throws(ReadError) -> StrokeMask {
        var mask = StrokeMask()
        try object(&s, "\"mask\"") { (s: inout NativeJSONScanner, key: String) throws(ReadError) in
            switch key {
            case "sweeps":
                mask.sweeps = try list(&s, key, limit: ReadLimits.maxStrokesPerPage, noun: "sweep") {
                    (s: inout NativeJSONScanner) throws(ReadError) in try readSweep(&s)
                }
            case "polygons":
                mask.polygons = try list(&s, key, limit: ReadLimits.maxStrokesPerPage, noun: "polygon") {
                    (s: inout NativeJSONScanner) throws(ReadError) in try readLocations(&s, key)
                }
            default: try s.skipValue()
            }
        }
        return mask
    }

    private func readSweep(_ s: inout NativeJSONScanner) throws(ReadError) -> StrokeMask.Sweep {
        var radius: Double?, points: [Point]?
        try object(&s, "sweep") { (s: inout NativeJSONScanner, key: String) throws(ReadError) in
            switch key {
            case "radius": radius = try number(&s, key)
            case "points": points = try readLocations(&s, key)
            default: try s.skipValue()
            }
        }
        guard let radius, let points else { throw ReadError("a sweep needs \"radius\" and \"points\"") }
        return StrokeMask.Sweep(points: points, radius: radius)
    }

    private func readLocations(_ s: inout NativeJSONScanner, _ key: String) throws(ReadError) -> [Point] {
        try list(&s, key, limit: ReadLimits.maxPointsPerStroke, noun: "point") {
            (s: inout NativeJSONScanner) throws(ReadError) in
            let v = try numbers(&s, "point", count: 2...2)
            return Point(x: v[0], y: v[1])
        }
    }
}
