import DrawingModel
import Foundation

/// Parses SVG `transform` lists (SVG 1.1 §7.6): `matrix(a b c d e f)`, `translate(x [y])`,
/// `scale(x [y])`, `rotate(angle [cx cy])`, `skewX(angle)`, `skewY(angle)`, separated by white space
/// or commas. The list applies right to left (the last transform first), so the result maps the
/// element's coordinates into its parent's.
enum SVGTransform {
    /// The transform of the attribute; an unreadable list gives nil (SVG then ignores the attribute).
    static func parse(_ text: String) -> DrawingModel.AffineTransform? {
        var lexer = NumberLexer(text)
        var result = DrawingModel.AffineTransform.identity
        while true {
            lexer.skipSeparator()
            if lexer.isAtEnd { return result }
            let nameStart = lexer.position
            while let byte = lexer.current, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") {
                lexer.position += 1
            }
            let name = String(decoding: lexer.bytes[nameStart..<lexer.position], as: UTF8.self)
            lexer.skipSpace()
            guard lexer.current == UInt8(ascii: "(") else { return nil }
            lexer.position += 1
            var arguments: [Double] = []
            while true {
                lexer.skipSeparator()
                if lexer.current == UInt8(ascii: ")") {
                    lexer.position += 1
                    break
                }
                guard arguments.count < 6, let value = lexer.number(), value.isFinite else { return nil }
                arguments.append(value)
            }
            guard let step = transform(name, arguments) else { return nil }
            // "A B" maps p to A(B(p)): B applies first.
            result = step.concatenating(result)
        }
    }

    private static func transform(_ name: String, _ v: [Double]) -> DrawingModel.AffineTransform? {
        switch (name, v.count) {
        case ("matrix", 6):
            return DrawingModel.AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        case ("translate", 1), ("translate", 2):
            return DrawingModel.AffineTransform(translationX: v[0], y: v.count > 1 ? v[1] : 0)
        case ("scale", 1), ("scale", 2):
            return DrawingModel.AffineTransform(scaleX: v[0], y: v.count > 1 ? v[1] : v[0])
        case ("rotate", 1):
            return DrawingModel.AffineTransform(rotationAngle: v[0] * .pi / 180)
        case ("rotate", 3):
            return DrawingModel.AffineTransform(translationX: -v[1], y: -v[2])
                .concatenating(DrawingModel.AffineTransform(rotationAngle: v[0] * .pi / 180))
                .concatenating(DrawingModel.AffineTransform(translationX: v[1], y: v[2]))
        case ("skewX", 1):
            return DrawingModel.AffineTransform(a: 1, b: 0, c: tan(v[0] * .pi / 180), d: 1, tx: 0, ty: 0)
        case ("skewY", 1):
            return DrawingModel.AffineTransform(a: 1, b: tan(v[0] * .pi / 180), c: 0, d: 1, tx: 0, ty: 0)
        default:
            return nil
        }
    }
}
