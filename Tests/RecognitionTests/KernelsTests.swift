import NetworkKernels
import SeededRandom
import Testing

/// The blocked kernels against the plain triple loop, on shapes that exercise every remainder
/// path (rows not a multiple of four, columns not a multiple of 8 or 32, zeros in the input).
struct KernelsTests {
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

    @Test(arguments: [(1, 1, 1), (3, 5, 7), (4, 96, 32), (5, 30, 96), (9, 17, 41), (8, 192, 80)])
    func matmulMatchesTheTripleLoop(shape: (Int, Int, Int)) {
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
                            Kernels.matmul(ap.baseAddress!, bp.baseAddress!, cp.baseAddress!, m: m, k: k, n: n,
                                           bias: withBias ? biasp.baseAddress! : nil)
                        }
                    }
                }
            }
            let worst = zip(got, want).map { abs($0 - $1) }.max() ?? 0
            #expect(worst < 1e-4, "m \(m) k \(k) n \(n) bias \(withBias): off by \(worst)")
        }
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
