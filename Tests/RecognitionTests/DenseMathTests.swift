import SeededRandom
import Testing

@testable import Recognition

/// The adaptation's products (`DenseMath`) run on the network's kernels; they must give the
/// plain loops' sums (within the rounding of fused multiply-adds) whatever the shapes'
/// remainders, and the same floats every time.
struct DenseMathTests {
    static func random(_ count: Int, _ random: inout SplitMix64) -> [Float] {
        (0..<count).map { _ in Float.random(in: -2...2, using: &random) }
    }

    static func close(_ a: [Float], _ b: [Float]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-4 * max(1, abs($1)) }
    }

    /// `start` + `a` (`rows × width`) · `b` (`width × columns`), a term at a time.
    static func plain(_ a: [Float], rows: Int, width: Int, _ b: [Float], columns: Int, start: [Float]) -> [Float] {
        var c = start
        for r in 0..<rows {
            for d in 0..<width {
                for j in 0..<columns { c[r * columns + j] += a[r * width + d] * b[d * columns + j] }
            }
        }
        return c
    }

    @Test(arguments: [(1, 1, 1), (4, 8, 8), (7, 5, 11), (9, 13, 17), (12, 97, 97), (3, 40, 33)])
    func productsAreThoseOfThePlainLoops(shape: (rows: Int, width: Int, columns: Int)) {
        let (rows, width, columns) = shape
        var generator = SplitMix64(seed: UInt64(rows * 10_000 + width * 100 + columns))
        let a = Self.random(rows * width, &generator), b = Self.random(width * columns, &generator)
        let start = Self.random(rows * columns, &generator)
        let expected = Self.plain(a, rows: rows, width: width, b, columns: columns, start: start)
        var product = start
        DenseMath.multiply(a, rows: rows, width: width, by: b, columns: columns, adding: true, into: &product)
        #expect(Self.close(product, expected))
        var again = start
        DenseMath.multiply(a, rows: rows, width: width, by: b, columns: columns, adding: true, into: &again)
        #expect(again == product)

        // aᵀ · g, `a` as `rows × width` and `g` as `rows × columns`
        let g = Self.random(rows * columns, &generator)
        let gradientStart = Self.random(width * columns, &generator)
        var transposed = [Float](repeating: 0, count: rows * width)
        for r in 0..<rows { for d in 0..<width { transposed[d * rows + r] = a[r * width + d] } }
        let expectedGradient = Self.plain(
            transposed, rows: width, width: rows, g, columns: columns, start: gradientStart)
        var gradient = gradientStart
        a.withUnsafeBufferPointer { ap in
            g.withUnsafeBufferPointer { gp in
                gradient.withUnsafeMutableBufferPointer { cp in
                    DenseMath.accumulateTransposed(
                        ap.baseAddress!, rows: rows, width: width, times: gp.baseAddress!, columns: columns,
                        into: cp.baseAddress!)
                }
            }
        }
        #expect(Self.close(gradient, expectedGradient))
    }
}
