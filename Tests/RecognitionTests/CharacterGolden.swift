import DrawingModel
import Foundation

/// The character network's golden data (Tests/Fixtures/cjk-characters-golden.json, written by
/// `Training/cjk/export_cjk.py --golden` with the shipped model): made-up ink, the raster
/// `synth.raster` draws of it, and the five best classes with their logits under numpy's float64
/// forward pass of the file's weights.
struct CharacterGolden: Decodable {
    struct Case: Decodable {
        var strokes: [[[Double]]]
        var raster: [Double]
        var top: [Int]
        var logits: [Double]

        var points: [[Point]] { strokes.map { $0.map { Point(x: $0[0], y: $0[1]) } } }
    }

    var cases: [Case]

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/cjk-characters-golden.json")

    static func load() throws -> CharacterGolden {
        try JSONDecoder().decode(CharacterGolden.self, from: Data(contentsOf: fixture))
    }
}
