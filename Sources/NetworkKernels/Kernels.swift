/// The few dense kernels the recognizer's network needs. Their inner loops run over contiguous
/// rows in SIMD blocks, which compile to the baseline vector instructions of the target (SSE on
/// x86-64).
///
/// This module alone is built with `-Ounchecked` (no overflow or precondition checks): its loops
/// are the network's time, and every index in them is derived from shapes the caller checked
/// when the model was loaded. Everything that reads files or ink stays checked.
public enum Kernels {
    /// `c[m×n] = a[m×k] · b[k×n] (+ bias[n])`, all row-major. (Sharing each load of `b` among
    /// four rows of `a` measured slower: it needs more registers than SSE has.)
    public static func matmul(
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
            accumulate(a + i * k, count: k, times: b, into: row, width: n)
        }
    }

    /// `y[n] += x[k] · b[k×n]`. Blocks of 32 outputs stay in registers while all of `x` goes by,
    /// so `y` is loaded and stored once instead of once per row of `b` (which made the LSTM's
    /// recurrence memory-bound); zeros of `x` (ReLU outputs, padding) are skipped.
    public static func accumulate(
        _ x: UnsafePointer<Float>, count k: Int, times b: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>,
        width n: Int
    ) {
        typealias Block = SIMD16<Float>
        let rowBytes = n * MemoryLayout<Float>.stride
        var j = 0
        while j + 32 <= n {
            let out = UnsafeMutableRawPointer(y + j)
            var low = out.loadUnaligned(as: Block.self)
            var high = (out + 64).loadUnaligned(as: Block.self)
            var row = UnsafeRawPointer(b + j)
            for p in 0..<k {
                let s = x[p]
                if s != 0 {
                    low += s * row.loadUnaligned(as: Block.self)
                    high += s * (row + 64).loadUnaligned(as: Block.self)
                }
                row += rowBytes
            }
            out.storeBytes(of: low, as: Block.self)
            (out + 64).storeBytes(of: high, as: Block.self)
            j += 32
        }
        accumulateColumns(x, count: k, times: b, into: y, width: n, from: j)
    }

    /// `y[j..<n] += x[k] · b[k×n][j..<n]`: the columns the SIMD blocks leave.
    @inline(__always)
    private static func accumulateColumns(
        _ x: UnsafePointer<Float>, count k: Int, times b: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>,
        width n: Int, from j: Int
    ) {
        guard j < n else { return }
        for p in 0..<k where x[p] != 0 {
            let s = x[p], r = b + p * n
            for i in j..<n { y[i] += s * r[i] }
        }
    }

    /// 1-D convolution (cross-correlation as XLA computes it) with `kernel` taps, zero padding of
    /// `kernel / 2` on each side and the given stride. `x` is `t × cin`, `w` is `kernel × cin × cout`.
    /// Returns the `ceil(t / stride) × cout` output.
    public static func conv1d(
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

    /// One LSTM step's gates to its new state: `gates` holds the `4 × h` pre-activations in the
    /// order input, forget, cell, output; `cell` and `hidden` (h each) are updated in place.
    public static func lstmCell(
        gates g: UnsafePointer<Float>, cell: UnsafeMutablePointer<Float>, hidden: UnsafeMutablePointer<Float>, h: Int
    ) {
        for j in 0..<h {
            let input = sigmoid(g[j])
            let forget = sigmoid(g[h + j])
            let candidate = tanh(g[2 * h + j])
            let output = sigmoid(g[3 * h + j])
            cell[j] = forget * cell[j] + input * candidate
            hidden[j] = output * tanh(cell[j])
        }
    }

    /// Each row of `rows × width` values turned into log-probabilities (log-softmax).
    public static func logSoftmaxRows(_ x: inout [Float], width: Int) {
        guard width > 0 else { return }
        for row in stride(from: 0, to: x.count - width + 1, by: width) {
            var m = -Float.infinity
            for j in 0..<width { m = max(m, x[row + j]) }
            var sum: Float = 0
            for j in 0..<width { sum += expf(x[row + j] - m) }
            let lse = m + logf(sum)
            for j in 0..<width { x[row + j] -= lse }
        }
    }

    public static func relu(_ x: inout [Float]) {
        for i in x.indices where x[i] < 0 { x[i] = 0 }
    }

    @inline(__always)
    public static func sigmoid(_ x: Float) -> Float { 1 / (1 + expf(-x)) }

    /// tanh through one `expf` (glibc's `tanhf` goes through `expm1f` and took a tenth of all
    /// recognition time); absolute error about 1e-7, far below what the network resolves.
    @inline(__always)
    public static func tanh(_ x: Float) -> Float {
        let e = expf(-2 * abs(x))
        let t = (1 - e) / (1 + e)
        return x < 0 ? -t : t
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
