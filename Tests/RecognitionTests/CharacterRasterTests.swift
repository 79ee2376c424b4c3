import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// The raster against `Training/cjk/synth.py`'s, which the network was trained on.
struct CharacterRasterTests {
    static let trained = CharacterRaster(side: 32, inner: 28, supersampling: 4, radius: 1)!

    /// Every pixel equals the trainer's (both count fine cells, so the means are exact).
    @Test func theRasterMatchesTheTrainer() throws {
        let golden = try CharacterGolden.load()
        #expect(golden.cases.count >= 3)
        for (k, c) in golden.cases.enumerated() {
            let image = Self.trained.image(of: c.points)
            #expect(image.count == c.raster.count, "case \(k)")
            let worst = zip(image, c.raster).map { abs(Double($0) - $1) }.max() ?? .infinity
            #expect(worst <= 1e-6, "case \(k): largest pixel difference \(worst)")
            #expect(image.contains { $0 > 0 }, "case \(k) has ink")
        }
    }

    /// An image is a union of marks: the order the strokes were written in changes nothing.
    @Test func strokeOrderDoesNotMatter() throws {
        let c = try #require(try CharacterGolden.load().cases.first)
        #expect(Self.trained.image(of: c.points.reversed()) == Self.trained.image(of: c.points))
    }

    /// No ink, or only points that are not numbers, is a blank image of the full size.
    @Test(
        arguments: [
            [], [[]], [[Point(x: .nan, y: 3)]], [[Point(x: .infinity, y: 0)], []],
        ] as [[[Point]]])
    func noInkIsBlank(strokes: [[Point]]) {
        let image = Self.trained.image(of: strokes)
        #expect(image.count == 32 * 32)
        #expect(image.allSatisfy { $0 == 0 })
    }

    /// A lone point is a dot of the pen's disc, centred; coordinates near the limits of a
    /// Double neither trap nor leave the grid.
    @Test func extremeInkStaysInTheGrid() {
        let dot = Self.trained.image(of: [[Point(x: 5, y: 5)]])
        #expect(dot.reduce(0, +) > 0)
        #expect(dot[16 * 32 + 16] > 0 && dot[0] == 0)
        let huge = Self.trained.image(of: [[Point(x: -1e308, y: 0), Point(x: 1e308, y: 1e308)]])
        #expect(huge.count == 32 * 32)
    }

    /// Settings from a model file outside what the raster can draw are refused.
    @Test(arguments: [
        (0, 0, 4, 1.0), (32, 33, 4, 1.0), (32, 28, 0, 1.0), (32, 28, 17, 1.0), (32, 28, 4, -1.0),
        (32, 28, 4, .nan), (32, 28, 4, 40.0), (257, 28, 4, 1.0),
    ])
    func outOfRangeSettingsAreRefused(side: Int, inner: Int, supersampling: Int, radius: Double) {
        #expect(CharacterRaster(side: side, inner: inner, supersampling: supersampling, radius: radius) == nil)
    }
}
