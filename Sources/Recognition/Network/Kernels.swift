/// The few dense kernels the network needs, written so the compiler vectorizes their inner loops:
/// every inner loop runs over a contiguous output row with unit stride.
enum Kernels {
    /// `c[m×n] = a[m×k] · b[k×n] (+ bias[n])`, all row-major.
    static func matmul(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ c: UnsafeMutablePointer<Float>,
        m: Int, k: Int, n: Int, bias: UnsafePointer<Float>?
    ) {
        for i in 0..<m {
            let row = c + i * n
            if let bias {
                row.update(from: bias, count: n)
            } else {
                row.update(repeating: 0, count: n)
            }
            let ai = a + i * k
            for p in 0..<k {
                let s = ai[p]
                if s == 0 { continue }  // ReLU outputs and padding are often exactly zero
                let bp = b + p * n
                for j in 0..<n {
                    row[j] += s * bp[j]
                }
            }
        }
    }

    /// 1-D convolution (cross-correlation as XLA computes it) with `kernel` taps, zero padding of
    /// `kernel / 2` on each side and the given stride. `x` is `t × cin`, `w` is `kernel × cin × cout`.
    /// Returns the `ceil(t / stride) × cout` output.
    static func conv1d(
        _ x: [Float], t: Int, cin: Int, w: [Float], bias: [Float], cout: Int, kernel: Int, stride: Int
    ) -> [Float] {
        let pad = kernel / 2
        let tOut = (t + stride - 1) / stride
        // im2col: each output step's receptive field laid out as one row of kernel × cin values
        var cols = [Float](repeating: 0, count: tOut * kernel * cin)
        x.withUnsafeBufferPointer { xp in
            cols.withUnsafeMutableBufferPointer { cp in
                for o in 0..<tOut {
                    for k in 0..<kernel {
                        let src = o * stride + k - pad
                        guard src >= 0, src < t else { continue }
                        (cp.baseAddress! + (o * kernel + k) * cin).update(from: xp.baseAddress! + src * cin, count: cin)
                    }
                }
            }
        }
        var y = [Float](repeating: 0, count: tOut * cout)
        cols.withUnsafeBufferPointer { cp in
            w.withUnsafeBufferPointer { wp in
                bias.withUnsafeBufferPointer { bp in
                    y.withUnsafeMutableBufferPointer { yp in
                        matmul(cp.baseAddress!, wp.baseAddress!, yp.baseAddress!, m: tOut, k: kernel * cin, n: cout,
                               bias: bp.baseAddress!)
                    }
                }
            }
        }
        return y
    }

    static func relu(_ x: inout [Float]) {
        for i in x.indices where x[i] < 0 { x[i] = 0 }
    }

    @inline(__always)
    static func sigmoid(_ x: Float) -> Float { 1 / (1 + expf(-x)) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
