import DrawingModel

/// One subpath of SVG path data: where it starts and its segments as cubic Béziers (lines and
/// quadratics are raised to cubics, arcs approximated by cubics of at most 90°).
struct SVGSubpath: Sendable {
    var start: Point
    var segments: [CubicBezier] = []
    /// Whether every segment is a straight line (M/L/H/V/Z only), as Write's pens write them.
    var isPolyline = true
    var isClosed = false

    /// The start and every segment's end point.
    var vertices: [Point] { [start] + segments.map(\.p3) }
}

/// Parses the `d` attribute of `<path>` (SVG 1.1 §8.3): every command `M L H V C S Q T A Z`, absolute
/// (upper case) and relative (lower case), repeated parameters, separators omitted where the grammar
/// allows (`M1-2.5.5`, arc flags written as single digits).
///
/// As the SVG specification asks, an error ends the path: what was read before it is kept.
enum SVGPathData {
    /// The subpaths of `d`; a lone `M` gives a subpath with no segments.
    /// At most `limit` segments are read in all.
    static func parse(_ d: String, limit: Int = ReadLimits.maxPointsPerStroke) -> [SVGSubpath] {
        var parser = Parser(lexer: NumberLexer(d), limit: limit)
        parser.run()
        parser.flush()
        return parser.subpaths
    }

    private struct Parser {
        var lexer: NumberLexer
        let limit: Int
        var subpaths: [SVGSubpath] = []
        var current: SVGSubpath?
        var point = Point.zero
        var lastCubicHandle: Point?
        var lastQuadraticHandle: Point?
        var segmentCount = 0

        init(lexer: NumberLexer, limit: Int) {
            self.lexer = lexer
            self.limit = limit
        }

        mutating func run() {
            var command: UInt8 = 0
            while true {
                lexer.skipSeparator()
                guard let byte = lexer.current else { return }
                if isCommand(byte) {
                    command = byte
                    lexer.position += 1
                } else if command == 0 || command == UInt8(ascii: "z") || command == UInt8(ascii: "Z") {
                    return  // numbers without a command: error, stop
                }
                guard segmentCount < limit, execute(command) else { return }
                // After a moveto, further coordinate pairs are implicit linetos.
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            }
        }

        private func isCommand(_ byte: UInt8) -> Bool {
            switch byte | 0x20 {
            case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
                UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
                return true
            default:
                return false
            }
        }

        /// Runs one command with its parameters; false on a parameter error.
        private mutating func execute(_ command: UInt8) -> Bool {
            let relative = command >= UInt8(ascii: "a")
            let origin = relative ? point : .zero
            switch command | 0x20 {
            case UInt8(ascii: "m"):
                guard let p = pair(origin) else { return false }
                flush()
                current = SVGSubpath(start: p)
                point = p
                clearHandles()
            case UInt8(ascii: "l"):
                guard let p = pair(origin) else { return false }
                line(to: p)
            case UInt8(ascii: "h"):
                guard let x = number() else { return false }
                line(to: Point(x: x + origin.x, y: point.y))
            case UInt8(ascii: "v"):
                guard let y = number() else { return false }
                line(to: Point(x: point.x, y: y + origin.y))
            case UInt8(ascii: "c"):
                guard let c1 = pair(origin), let c2 = pair(origin), let p = pair(origin) else { return false }
                cubic(c1, c2, p)
            case UInt8(ascii: "s"):
                let c1 = lastCubicHandle.map { 2 * point - $0 } ?? point
                guard let c2 = pair(origin), let p = pair(origin) else { return false }
                cubic(c1, c2, p)
            case UInt8(ascii: "q"):
                guard let q = pair(origin), let p = pair(origin) else { return false }
                quadratic(q, p)
            case UInt8(ascii: "t"):
                let q = lastQuadraticHandle.map { 2 * point - $0 } ?? point
                guard let p = pair(origin) else { return false }
                quadratic(q, p)
            case UInt8(ascii: "a"):
                guard let rx = number(), let ry = number(), let angle = number(), let large = flag(),
                    let sweep = flag(),
                    let p = pair(origin)
                else { return false }
                arc(rx: rx, ry: ry, angle: angle, large: large, sweep: sweep, to: p)
            case UInt8(ascii: "z"):
                guard var subpath = current else { return true }
                if point != subpath.start { append(CubicBezier(line: point, to: subpath.start), line: true) }
                subpath = current ?? subpath
                subpath.isClosed = true
                current = subpath
                point = subpath.start
                flush()
                // A command after Z without M continues from the start point in a new subpath.
                current = SVGSubpath(start: point)
                clearHandles()
            default:
                return false
            }
            return true
        }

        mutating func flush() {
            if let subpath = current, !subpath.segments.isEmpty || !subpath.isClosed {
                if !(subpath.segments.isEmpty && subpaths.last?.isClosed == true
                    && subpaths.last?.start == subpath.start)
                {
                    subpaths.append(subpath)
                }
            }
            current = nil
        }

        private mutating func clearHandles() {
            lastCubicHandle = nil
            lastQuadraticHandle = nil
        }

        private mutating func line(to p: Point) {
            append(CubicBezier(line: point, to: p), line: true)
            point = p
            clearHandles()
        }

        private mutating func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
            append(CubicBezier(p0: point, p1: c1, p2: c2, p3: p), line: false)
            point = p
            lastCubicHandle = c2
            lastQuadraticHandle = nil
        }

        private mutating func quadratic(_ q: Point, _ p: Point) {
            append(
                CubicBezier(p0: point, p1: point + (q - point) * (2.0 / 3), p2: p + (q - p) * (2.0 / 3), p3: p),
                line: false)
            point = p
            lastQuadraticHandle = q
            lastCubicHandle = nil
        }

        private mutating func arc(rx: Double, ry: Double, angle: Double, large: Bool, sweep: Bool, to p: Point) {
            let pieces = SVGArc.cubics(
                from: point, to: p, rx: rx, ry: ry, rotation: angle, largeArc: large, sweep: sweep)
            if pieces.isEmpty, point != p {
                line(to: p)
                return
            }
            for piece in pieces { append(piece, line: false) }
            point = p
            clearHandles()
        }

        private mutating func append(_ segment: CubicBezier, line: Bool) {
            if current == nil { current = SVGSubpath(start: segment.p0) }
            current?.segments.append(segment)
            if !line { current?.isPolyline = false }
            segmentCount += 1
        }

        private mutating func number() -> Double? {
            lexer.skipSeparator()
            guard let value = lexer.number(), value.isFinite else { return nil }
            return value
        }

        private mutating func pair(_ origin: Point) -> Point? {
            guard let x = number(), let y = number() else { return nil }
            return Point(x: x + origin.x, y: y + origin.y)
        }

        private mutating func flag() -> Bool? {
            lexer.skipSeparator()
            guard let byte = lexer.current, byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { return nil }
            lexer.position += 1
            return byte == UInt8(ascii: "1")
        }
    }
}
