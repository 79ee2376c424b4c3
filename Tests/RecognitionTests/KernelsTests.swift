import NetworkKernels
import SeededRandom
import Testing

@testable import Recognition

/// The blocked kernels against the plain triple loop, on shapes that exercise every remainder
/// path (an odd number of rows, columns not a multiple of 8, 16 or 32, zeros in the input), and
/// the vector LSTM step against the scalar formula; each with every build of the kernels this
/// processor runs.
struct KernelsTests {
    static let shapes = [(1, 1, 1), (3, 5, 7), (4, 96, 32), (5, 30, 96), (9, 17, 41), (8, 192, 80), (7, 96, 157)]
    static func naive(_ a: [Float], _ b: [Float], m: Int, k: Int, n: Int, bias: [Float]?) -> [Float] {
        var c = [Float](repeating: 0, count: m * n)
        for i in 0..<m {
            for j in 0..<n {
                var sum = bias?[j] ?? 0
                for p in 0..<k { sum += a[i * k + p] * b[p * n + j] }
                c[i * n + j] = sum
            }
        }
        return c
    }

    @Test(arguments: KernelSet.supported, shapes)
    func matmulMatchesTheTripleLoop(kernels: KernelSet, shape: (Int, Int, Int)) {
        let (m, k, n) = shape
        var random = SplitMix64(seed: UInt64(m * 10_000 + k * 100 + n))
        func value() -> Float {
            // a quarter exact zeros, as after a ReLU
            random.next() % 4 == 0 ? 0 : Float(Double(random.next() % 2001) / 1000 - 1)
        }
        let a = (0..<(m * k)).map { _ in value() }
        let b = (0..<(k * n)).map { _ in value() }
        let bias = (0..<n).map { _ in value() }
        for withBias in [false, true] {
            let want = Self.naive(a, b, m: m, k: k, n: n, bias: withBias ? bias : nil)
            var got = [Float](repeating: .nan, count: m * n)
            a.withUnsafeBufferPointer { ap in
                b.withUnsafeBufferPointer { bp in
                    bias.withUnsafeBufferPointer { biasp in
                        got.withUnsafeMutableBufferPointer { cp in
                            kernels.matmul(
                                ap.baseAddress!, bp.baseAddress!, cp.baseAddress!, m: m, k: k, n: n,
                                bias: withBias ? biasp.baseAddress! : nil)
                        }
                    }
                }
            }
            let worst = zip(got, want).map { abs($0 - $1) }.max() ?? 0
            #expect(worst < 1e-4, "m \(m) k \(k) n \(n) bias \(withBias): off by \(worst)")
        }
    }

    /// The products through `WeightMatrix` (in 16-bit integers where the set multiplies in
    /// integers) against the triple loop: within a thousandth of the largest possible sum
    /// (`k · max|a| · max|w|`), on the same shapes plus odd depths; exact where the set stays in
    /// floats or the values are small integers, whose scaled copies are exact.
    @Test(arguments: KernelSet.supported, shapes + [(6, 191, 768), (13, 384, 99)])
    func weightMatrixProductsMatchTheTripleLoop(kernels: KernelSet, shape: (Int, Int, Int)) {
        let (m, k, n) = shape
        var random = SplitMix64(seed: UInt64(m * 10_000 + k * 100 + n))
        func value() -> Float { random.next() % 4 == 0 ? 0 : Float(Double(random.next() % 2001) / 1000 - 1) }
        let a = (0..<(m * k)).map { _ in value() }
        let w = (0..<(k * n)).map { _ in value() }
        let bias = (0..<n).map { _ in value() }
        let matrix = WeightMatrix(w, rows: k, columns: n, for: kernels)
        #expect((matrix.integer != nil) == kernels.multipliesInIntegers)
        let want = Self.naive(a, w, m: m, k: k, n: n, bias: bias)
        var got = [Float](repeating: .nan, count: m * n)
        a.withUnsafeBufferPointer { ap in
            bias.withUnsafeBufferPointer { bp in
                got.withUnsafeMutableBufferPointer { cp in
                    kernels.matmul(
                        ap.baseAddress!, rows: m, times: matrix, into: cp.baseAddress!, bias: bp.baseAddress!)
                }
            }
        }
        let worst = zip(got, want).map { abs($0 - $1) }.max() ?? 0
        let tolerance: Float = kernels.multipliesInIntegers ? 1e-3 * Float(k) : 1e-4
        #expect(worst < tolerance, "m \(m) k \(k) n \(n): off by \(worst)")
    }

    /// Values that the integer copies hold exactly (each row and column reaching ±levels, the rest
    /// whole fractions of it) give exact sums, however deep: no 32-bit sum overflows.
    @Test(arguments: KernelSet.supported, [2, 191, 384, 1024])
    func integerProductsAtTheLimitAreExact(kernels: KernelSet, k: Int) {
        let (m, n) = (7, 17)
        // every value ±1: each row and column reaches its largest magnitude, so the scales are
        // 1 / levels and every scaled value is ±levels exactly; sums of k such products are the
        // largest the kernels allow
        var random = SplitMix64(seed: UInt64(k))
        let a = (0..<(m * k)).map { _ in Float(random.next() % 2 == 0 ? 1 : -1) }
        let w = (0..<(k * n)).map { i in i % n == 0 || random.next() % 2 == 0 ? Float(1) : -1 }
        let ones = [Float](repeating: 1, count: m * k)  // with column 0 all +1: the largest sum
        let matrix = WeightMatrix(w, rows: k, columns: n, for: kernels)
        for rows in [a, ones] {
            let want = Self.naive(rows, w, m: m, k: k, n: n, bias: nil)
            var got = [Float](repeating: 0, count: m * n)
            rows.withUnsafeBufferPointer { ap in
                got.withUnsafeMutableBufferPointer { cp in
                    kernels.matmulAdd(ap.baseAddress!, rows: m, times: matrix, into: cp.baseAddress!)
                }
            }
            let worst = zip(got, want).map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= Float(k) * 1e-6, "k \(k): off by \(worst)")
        }
    }

    /// A row that holds a value that is not a number (in the vector part and in the tail) spoils
    /// that row alone: the others get what they get without it.
    @Test(arguments: KernelSet.supported)
    func aRowWithNaNSpoilsItselfAlone(kernels: KernelSet) {
        let (m, k, n) = (3, 13, 20)
        var a = (0..<(m * k)).map { Float($0 % 7) / 7 - 0.4 }
        a[2] = .nan
        a[12] = .nan
        let w = (0..<(k * n)).map { Float($0 % 5) / 5 - 0.3 }
        let matrix = WeightMatrix(w, rows: k, columns: n, for: kernels)
        var got = [Float](repeating: 0, count: m * n)
        a.withUnsafeBufferPointer { ap in
            got.withUnsafeMutableBufferPointer { cp in
                kernels.matmulAdd(ap.baseAddress!, rows: m, times: matrix, into: cp.baseAddress!)
            }
        }
        let want = Self.naive(a, w, m: m, k: k, n: n, bias: nil)
        let worst = (n..<(m * n)).map { abs(got[$0] - want[$0]) }.max() ?? 0
        #expect(worst < 1e-3 * Float(k), "off by \(worst)")
    }

    #if canImport(NetworkKernelsAVX2)
    /// The integer products fused into one instruction (AVX-512 VNNI) are the very sums of the
    /// AVX2 ones: the sums are exact, so only the instructions differ.
    @Test(
        .enabled(
            if: KernelSet.supported.contains(.avx2Integer) && KernelSet.fusesIntegerProducts,
            "this processor has no AVX-512 VNNI"))
    func fusedIntegerProductsAreTheSameSums() throws {
        let (m, k, n) = (9, 191, 100)
        var random = SplitMix64(seed: 9)
        let a = (0..<(m * k)).map { _ in Float(Double(random.next() % 2001) / 1000 - 1) }
        let w = (0..<(k * n)).map { _ in Float(Double(random.next() % 2001) / 1000 - 1) }
        let integer = try #require(WeightMatrix(w, rows: k, columns: n, for: .avx2Integer).integer)
        func product(fused: Bool) -> [Float] {
            var c = [Float](repeating: 0, count: m * n)
            KernelSet.integerProducts(a, rows: m, times: integer, depth: k, into: &c, width: n, bias: nil, fused: fused)
            return c
        }
        #expect(product(fused: true) == product(fused: false))
    }
    #endif

    /// Eight units at a time and the rest one by one (h = 21), gates from saturated to small.
    @Test(arguments: KernelSet.supported)
    func lstmCellMatchesTheFormula(kernels: KernelSet) {
        let h = 21
        var random = SplitMix64(seed: 21)
        let gates = (0..<(4 * h)).map { i in
            i % 7 == 0 ? Float(i % 2 == 0 ? 100 : -100) : Float(Double(random.next() % 4001) / 200 - 10)
        }
        let cellBefore = (0..<h).map { _ in Float(Double(random.next() % 2001) / 500 - 2) }
        var cell = cellBefore, hidden = [Float](repeating: .nan, count: h)
        gates.withUnsafeBufferPointer { g in
            cell.withUnsafeMutableBufferPointer { c in
                hidden.withUnsafeMutableBufferPointer { hp in
                    kernels.lstmCell(gates: g.baseAddress!, cell: c.baseAddress!, hidden: hp.baseAddress!, h: h)
                }
            }
        }
        func sigmoid(_ x: Float) -> Float { 1 / (1 + expf(-x)) }
        for j in 0..<h {
            let c = sigmoid(gates[h + j]) * cellBefore[j] + sigmoid(gates[j]) * tanhf(gates[2 * h + j])
            #expect(abs(cell[j] - c) < 1e-6, "cell \(j)")
            #expect(abs(hidden[j] - sigmoid(gates[3 * h + j]) * tanhf(c)) < 1e-6, "hidden \(j)")
        }
    }

    /// Relative error under 3e-7 where `e^x` is a normal float; clamped beyond ±87, never inf or NaN.
    @Test func exp8MatchesTheLibrary() {
        var x: Float = -87
        while x <= 87 {
            let lanes = SIMD8<Float>((0..<8).map { x + Float($0) * 0.0123 })
            let got = Kernels.exp8(lanes)
            for i in 0..<8 where lanes[i] <= 87 {
                let want = expf(lanes[i])
                #expect(abs(got[i] - want) <= 3e-7 * want, "exp(\(lanes[i]))")
            }
            x += 0.37
        }
        let extremes = Kernels.exp8(SIMD8(-1000, -88, 88, 1000, .infinity, -.infinity, 0, 1))
        #expect(extremes[0] == extremes[1] && extremes[0] > 0 && extremes[0] < 1e-37)
        #expect(
            extremes[2] == extremes[3] && extremes[3].isFinite && extremes[4] == extremes[3]
                && extremes[5] == extremes[0])
        #expect(extremes[6] == 1 && abs(extremes[7] - Float(M_E)) < 3e-7 * Float(M_E))
    }

    @Test func tanhMatchesTheLibrary() {
        var x: Float = -12
        while x <= 12 {
            #expect(abs(Kernels.tanh(x) - tanhf(x)) < 2e-7, "tanh(\(x))")
            x += 0.01
        }
        #expect(Kernels.tanh(0) == 0)
        #expect(Kernels.tanh(100) == 1 && Kernels.tanh(-100) == -1)
    }
}

#if canImport(Glibc)
import Glibc
#endif
