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

    /// A row of bits moved by any offset, across words, is the row of cells moved, what leaves
    /// the row dropped (past `side`: cleared by `clearBeyondSide`).
    @Test(arguments: [1, 3, 63, 64, 65, 130, -1, -63, -64, -65, -130])
    func fineGridRowsShiftAcrossWords(offset: Int) {
        var grid = FineGrid(side: 150)
        let marked = [0, 1, 62, 63, 64, 100, 127, 128, 149]
        for x in marked { grid.set(x: x, y: 0) }
        var moved = grid
        moved.bits =
            FineGrid.shifted(Array(grid.bits[0..<grid.words]), by: offset)
            + Array(grid.bits[grid.words...])
        moved.clearBeyondSide()
        let want = Set(marked.map { $0 + offset }.filter { (0..<150).contains($0) })
        let got = Set((0..<150).filter { moved.bits[$0 / 64] >> UInt64($0 % 64) & 1 == 1 })
        #expect(got == want)
    }

    /// With a pen wider than a 64-cell word and a fine grid not a whole number of words wide,
    /// the image is still the disc stamped around each mark, averaged: a lone dot covers the
    /// pixels of a disc of the pen's radius, symmetric about the dot.
    @Test func aWidePenOnAnOddGridIsADisc() throws {
        let raster = try #require(CharacterRaster(side: 40, inner: 10, supersampling: 5, radius: 14))
        let image = raster.image(of: [[Point(x: 1, y: 1)]])
        #expect(image.count == 40 * 40)
        // the dot sits at the centre of the grid: pixel (20, 20) holds it
        for (y, x) in [(20, 20), (20, 7), (20, 33), (7, 20), (33, 20), (11, 11)] {
            #expect(image[y * 40 + x] > 0, "pixel (\(x), \(y))")
        }
        for (y, x) in [(0, 0), (20, 4), (20, 37), (3, 20), (8, 8)] {
            #expect(image[y * 40 + x] == 0, "pixel (\(x), \(y))")
        }
        for y in 0..<40 {
            for x in 0..<40 where image[y * 40 + x] == 1 {
                let dx = Double(x) + 0.5 - 20.1, dy = Double(y) + 0.5 - 20.1
                #expect((dx * dx + dy * dy).squareRoot() <= 14.8, "pixel (\(x), \(y)) is inside the disc")
            }
        }
    }
}
