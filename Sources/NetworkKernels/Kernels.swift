/// The few dense kernels the recognizer's network needs. Their inner loops run over contiguous
/// rows in SIMD blocks, which compile to the vector instructions the module is built for.
///
/// This file is compiled twice: as `NetworkKernels` for the target's baseline (SSE on x86-64) and,
/// on x86-64, as `NetworkKernelsAVX2` for processors with AVX2 and FMA (twice the vector width and
/// a fused multiply-add, so a line takes less time), which `Recognition` picks at run time.
///
/// Both modules alone are built with `-Ounchecked` (no overflow or precondition checks): their
/// loops are the network's time, and every index in them is derived from shapes the caller
/// checked when the model was loaded. Everything that reads files or ink stays checked.
package enum Kernels {
    /// `c[m×n] = a[m×k] · b[k×n] (+ bias[n])`, all row-major. Rows of `a` go by in pairs, each
    /// load of `b` serving both (four rows measured slower: they need more registers than SSE has).
    package static func matmul(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ c: UnsafeMutablePointer<Float>,
        m: Int, k: Int, n: Int, bias: UnsafePointer<Float>?
    ) {
        for i in 0..<m {
            if let bias {
                (c + i * n).update(from: bias, count: n)
            } else {
                (c + i * n).update(repeating: 0, count: n)
            }
        }
        matmulAdd(a, b, c, m: m, k: k, n: n)
    }

    /// `c[m×n] += a[m×k] · b[k×n]`, all row-major: `matmul` without the start from the bias (the
    /// recurrence of several lines at once adds their hidden states' share to the gates).
    package static func matmulAdd(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ c: UnsafeMutablePointer<Float>,
        m: Int, k: Int, n: Int
    ) {
        var i = 0
        #if FUSED_MULTIPLY_ADD
        // AVX2's 16 registers hold six rows' sums of one wide block with room for the loads:
        // each load of `b` then serves six rows, and fewer loads a row is what the product is
        // bound by (four rows were faster than pairs, and six, without skipping zeros, faster
        // again); the rest go by pairs
        while i + 6 <= m {
            accumulateSix(a + i * k, count: k, times: b, into: c + i * n, width: n)
            i += 6
        }
        #endif
        while i + 2 <= m {
            accumulatePair(a + i * k, count: k, times: b, into: c + i * n, width: n)
            i += 2
        }
        if i < m {
            accumulate(a + i * k, count: k, times: b, into: c + i * n, width: n)
        }
    }

    // (SIMD32 would fit AVX2's registers as SIMD16 fits SSE's, but the compiler spills it to the
    // stack, which is far slower)
    typealias Wide = SIMD16<Float>
    typealias Narrow = SIMD8<Float>

    /// `y[n] += x[k] · b[k×n]`. Blocks of outputs stay in registers while all of `x` goes by, so
    /// `y` is loaded and stored once instead of once per row of `b` (which made the LSTM's
    /// recurrence memory-bound); zeros of `x` (ReLU outputs, padding) are skipped. A block is two
    /// `Wide` vectors: enough independent sums to hide the latency of an addition, few enough to
    /// stay in the 16 vector registers.
    package static func accumulate(
        _ x: UnsafePointer<Float>, count k: Int, times b: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>,
        width n: Int
    ) {
        let lanes = Wide.scalarCount, rowBytes = n * MemoryLayout<Float>.stride
        var j = 0
        while j + 2 * lanes <= n {
            let out = UnsafeMutableRawPointer(y + j), outHigh = UnsafeMutableRawPointer(y + j + lanes)
            var low = out.loadUnaligned(as: Wide.self)
            var high = outHigh.loadUnaligned(as: Wide.self)
            var row = UnsafeRawPointer(b + j)
            for p in 0..<k {
                let s = x[p]
                if s != 0 {
                    multiplyAdd(&low, s, row.loadUnaligned(as: Wide.self))
                    multiplyAdd(&high, s, (row + lanes * MemoryLayout<Float>.stride).loadUnaligned(as: Wide.self))
                }
                row += rowBytes
            }
            out.storeBytes(of: low, as: Wide.self)
            outHigh.storeBytes(of: high, as: Wide.self)
            j += 2 * lanes
        }
        accumulateTail(x, count: k, times: b, into: y, width: n, from: j)
    }

    /// `accumulate` for two consecutive rows of `x` (`2 × k`) and of `y` (`2 × n`): each load of
    /// `b` serves both rows, which halves the traffic from the cache that bounds `matmul`.
    static func accumulatePair(
        _ x: UnsafePointer<Float>, count k: Int, times b: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>,
        width n: Int
    ) {
        let lanes = Wide.scalarCount, rowBytes = n * MemoryLayout<Float>.stride
        let x1 = x + k, y1 = y + n
        var j = 0
        while j + lanes <= n {
            let out0 = UnsafeMutableRawPointer(y + j), out1 = UnsafeMutableRawPointer(y1 + j)
            var acc0 = out0.loadUnaligned(as: Wide.self)
            var acc1 = out1.loadUnaligned(as: Wide.self)
            var row = UnsafeRawPointer(b + j)
            for p in 0..<k {
                let s0 = x[p], s1 = x1[p]
                if s0 != 0 || s1 != 0 {
                    let w = row.loadUnaligned(as: Wide.self)
                    multiplyAdd(&acc0, s0, w)
                    multiplyAdd(&acc1, s1, w)
                }
                row += rowBytes
            }
            out0.storeBytes(of: acc0, as: Wide.self)
            out1.storeBytes(of: acc1, as: Wide.self)
            j += lanes
        }
        accumulateTail(x, count: k, times: b, into: y, width: n, from: j)
        accumulateTail(x1, count: k, times: b, into: y1, width: n, from: j)
    }

    /// `accumulatePair` for six consecutive rows of `x` (`6 × k`) and of `y` (`6 × n`): twelve of
    /// AVX2's sixteen registers hold the sums, enough independent additions to keep both FMA
    /// units busy through the instruction's latency. Zeros are not skipped (six rows are seldom
    /// all zero at once, and the test cost more than it saved); each sum still adds its products
    /// in the order of `p`, so a row gets what it gets alone.
    static func accumulateSix(
        _ x: UnsafePointer<Float>, count k: Int, times b: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>,
        width n: Int
    ) {
        let lanes = Wide.scalarCount, rowBytes = n * MemoryLayout<Float>.stride
        let x1 = x + k, x2 = x + 2 * k, x3 = x + 3 * k, x4 = x + 4 * k, x5 = x + 5 * k
        let y1 = y + n, y2 = y + 2 * n, y3 = y + 3 * n, y4 = y + 4 * n, y5 = y + 5 * n
        var j = 0
        while j + lanes <= n {
            let out0 = UnsafeMutableRawPointer(y + j), out1 = UnsafeMutableRawPointer(y1 + j)
            let out2 = UnsafeMutableRawPointer(y2 + j), out3 = UnsafeMutableRawPointer(y3 + j)
            let out4 = UnsafeMutableRawPointer(y4 + j), out5 = UnsafeMutableRawPointer(y5 + j)
            var acc0 = out0.loadUnaligned(as: Wide.self)
            var acc1 = out1.loadUnaligned(as: Wide.self)
            var acc2 = out2.loadUnaligned(as: Wide.self)
            var acc3 = out3.loadUnaligned(as: Wide.self)
            var acc4 = out4.loadUnaligned(as: Wide.self)
            var acc5 = out5.loadUnaligned(as: Wide.self)
            var row = UnsafeRawPointer(b + j)
            for p in 0..<k {
                let w = row.loadUnaligned(as: Wide.self)
                multiplyAdd(&acc0, x[p], w)
                multiplyAdd(&acc1, x1[p], w)
                multiplyAdd(&acc2, x2[p], w)
                multiplyAdd(&acc3, x3[p], w)
                multiplyAdd(&acc4, x4[p], w)
                multiplyAdd(&acc5, x5[p], w)
                row += rowBytes
            }
            out0.storeBytes(of: acc0, as: Wide.self)
            out1.storeBytes(of: acc1, as: Wide.self)
            out2.storeBytes(of: acc2, as: Wide.self)
            out3.storeBytes(of: acc3, as: Wide.self)
            out4.storeBytes(of: acc4, as: Wide.self)
            out5.storeBytes(of: acc5, as: Wide.self)
            j += lanes
        }
        for (xr, yr) in [(x, y), (x1, y1), (x2, y2), (x3, y3), (x4, y4), (x5, y5)] {
            accumulateTail(xr, count: k, times: b, into: yr, width: n, from: j)
        }
    }

    /// `y[j..<n] += x[k] · b[k×n][j..<n]`: the columns the wide blocks leave, eight at a time,
    /// then one by one.
    @inline(__always)
    private static func accumulateTail(
        _ x: UnsafePointer<Float>, count k: Int, times b: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>,
        width n: Int, from start: Int
    ) {
        let rowBytes = n * MemoryLayout<Float>.stride
        var j = start
        while j + 8 <= n {
            let out = UnsafeMutableRawPointer(y + j)
            var acc = out.loadUnaligned(as: Narrow.self)
            var row = UnsafeRawPointer(b + j)
            for p in 0..<k {
                if x[p] != 0 { multiplyAdd(&acc, x[p], row.loadUnaligned(as: Narrow.self)) }
                row += rowBytes
            }
            out.storeBytes(of: acc, as: Narrow.self)
            j += 8
        }
        guard j < n else { return }
        for p in 0..<k where x[p] != 0 {
            let s = x[p], r = b + p * n
            for i in j..<n { y[i] += s * r[i] }
        }
    }

    /// `sum += s · w`, fused where the module is built for FMA (without the instruction,
    /// `addingProduct` would call the library's `fmaf` once a lane).
    @inline(__always)
    private static func multiplyAdd<Vector: SIMD>(_ sum: inout Vector, _ s: Float, _ w: Vector)
    where Vector.Scalar == Float {
        #if FUSED_MULTIPLY_ADD
        sum = sum.addingProduct(s, w)
        #else
        sum += s * w
        #endif
    }

    /// 1-D convolution (cross-correlation as XLA computes it) with `kernel` taps, zero padding of
    /// `kernel / 2` on each side and the given stride. `x` is `t × cin`, `w` is `kernel × cin × cout`.
    /// Returns the `ceil(t / stride) × cout` output.
    package static func conv1d(
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
                        matmul(
                            cp.baseAddress!, wp.baseAddress!, yp.baseAddress!, m: tOut, k: kernel * cin, n: cout,
                            bias: bp.baseAddress!)
                    }
                }
            }
        }
        return y
    }

    /// One LSTM step's gates to its new state: `gates` holds the `4 × h` pre-activations in the
    /// order input, forget, cell, output; `cell` and `hidden` (h each) are updated in place.
    /// Eight units at a time through `exp8`: one `expf` call per gate and unit was a large share
    /// of all recognition time.
    package static func lstmCell(
        gates g: UnsafePointer<Float>, cell: UnsafeMutablePointer<Float>, hidden: UnsafeMutablePointer<Float>, h: Int
    ) {
        typealias Lane = SIMD8<Float>
        func load(_ p: UnsafePointer<Float>) -> Lane { UnsafeRawPointer(p).loadUnaligned(as: Lane.self) }
        var j = 0
        while j + 8 <= h {
            let input = sigmoid8(load(g + j))
            let forget = sigmoid8(load(g + h + j))
            let candidate = tanh8(load(g + 2 * h + j))
            let output = sigmoid8(load(g + 3 * h + j))
            let c = forget * load(cell + j) + input * candidate
            UnsafeMutableRawPointer(cell + j).storeBytes(of: c, as: Lane.self)
            UnsafeMutableRawPointer(hidden + j).storeBytes(of: output * tanh8(c), as: Lane.self)
            j += 8
        }
        for j in j..<h {
            let input = sigmoid(g[j])
            let forget = sigmoid(g[h + j])
            let candidate = tanh(g[2 * h + j])
            let output = sigmoid(g[3 * h + j])
            cell[j] = forget * cell[j] + input * candidate
            hidden[j] = output * tanh(cell[j])
        }
    }

    /// `e^x` of eight values: `x = n ln 2 + r` with `|r| <= ln 2 / 2`, `e^r` by its Taylor
    /// polynomial to degree 7 (relative error under 2e-7 after rounding), `2^n` built in the
    /// exponent bits. Inputs are clamped to ±87, where `e^x` is still a normal float. Rounding to
    /// `n` adds 1.5 · 2^23, which leaves `n` in the low bits of the sum (the standard library's
    /// float-to-integer vector conversion is a generic call per lane).
    @inline(__always)
    package static func exp8(_ x: SIMD8<Float>) -> SIMD8<Float> {
        // (`clamped` is a generic call)
        let x = x.replacing(with: -87, where: x .< -87).replacing(with: 87, where: x .> 87)
        let shifter: Float = 12_582_912  // 1.5 · 2^23
        let shifted = x * 1.442_695_04 + shifter
        let n = shifted - shifter
        // ln 2 in two parts, so that n · ln 2 is exact to float precision for |n| <= 126
        let r = x - n * 0.693_145_75 - n * 1.428_606_8e-6
        var p = SIMD8<Float>(repeating: 1 / 5040)
        p = p * r + 1 / 720
        p = p * r + 1 / 120
        p = p * r + 1 / 24
        p = p * r + 1 / 6
        p = p * r + 0.5
        p = p * r + 1
        p = p * r + 1
        let exponent = unsafeBitCast(shifted, to: SIMD8<Int32>.self) &- Int32(bitPattern: shifter.bitPattern)
        return p * unsafeBitCast((exponent &+ 127) &<< 23, to: SIMD8<Float>.self)
    }

    @inline(__always)
    static func sigmoid8(_ x: SIMD8<Float>) -> SIMD8<Float> { 1 / (1 + exp8(-x)) }

    /// tanh as `2σ(2x) − 1`: absolute error about 1e-7 near 0, ±1 exactly where it saturates
    /// (folding the sign by hand instead was not inlined: a call twice per eight units).
    @inline(__always)
    static func tanh8(_ x: SIMD8<Float>) -> SIMD8<Float> { 2 * sigmoid8(2 * x) - 1 }

    /// Each row of `rows × width` values turned into log-probabilities (log-softmax), the sum of
    /// exponentials eight at a time through `exp8`.
    package static func logSoftmaxRows(_ x: inout [Float], width: Int) {
        guard width > 0 else { return }
        x.withUnsafeMutableBufferPointer { xp in
            for start in stride(from: 0, to: xp.count - width + 1, by: width) {
                let row = xp.baseAddress! + start
                var m = -Float.infinity
                for j in 0..<width { m = max(m, row[j]) }
                var sums = SIMD8<Float>(repeating: 0)
                var j = 0
                while j + 8 <= width {
                    sums += exp8(UnsafeRawPointer(row + j).loadUnaligned(as: SIMD8<Float>.self) - m)
                    j += 8
                }
                var sum: Float = 0
                for lane in 0..<8 { sum += sums[lane] }
                for j in j..<width { sum += expf(row[j] - m) }
                let lse = m + logf(sum)
                for j in 0..<width { row[j] -= lse }
            }
        }
    }

    /// Depthwise 1-D convolution: each of the `channels` columns of `x` (`t × channels`) with its
    /// own `kernel` taps (`w` is `kernel × channels`), zero padding of `kernel / 2` on each side and
    /// the given stride; returns the `ceil(t / stride) × channels` output.
    package static func depthwiseConv1d(
        _ x: [Float], t: Int, channels c: Int, w: [Float], bias: [Float], kernel: Int, stride: Int
    ) -> [Float] {
        let pad = kernel / 2
        let tOut = (t + stride - 1) / stride
        var y = [Float](repeating: 0, count: tOut * c)
        for o in 0..<tOut {
            for j in 0..<c { y[o * c + j] = bias[j] }
            for k in 0..<kernel {
                let src = o * stride + k - pad
                guard src >= 0, src < t else { continue }
                for j in 0..<c { y[o * c + j] += w[k * c + j] * x[src * c + j] }
            }
        }
        return y
    }

    package static func relu(_ x: inout [Float]) {
        x.withUnsafeMutableBufferPointer { xp in
            let count = xp.count
            var i = 0
            while i + 8 <= count {
                let v = UnsafeMutableRawPointer(xp.baseAddress! + i)
                let lanes = v.loadUnaligned(as: Narrow.self)
                v.storeBytes(of: lanes.replacing(with: 0, where: lanes .< 0), as: Narrow.self)
                i += 8
            }
            for i in i..<count where xp[i] < 0 { xp[i] = 0 }
        }
    }

    /// 2×2 max pool with stride 2 of a `size × size × channels` image (`size` even), eight
    /// channels at a time. Each maximum is chosen as `Swift.max` chooses (the second value where
    /// it is not below the first), so a pool of `-0` and `0` gives the same zero as a scalar loop.
    package static func maxPooled(_ x: [Float], size n: Int, channels c: Int) -> [Float] {
        @inline(__always) func larger(_ a: Narrow, _ b: Narrow) -> Narrow { a.replacing(with: b, where: b .>= a) }
        let half = n / 2
        return [Float](unsafeUninitializedCapacity: half * half * c) { out, count in
            x.withUnsafeBufferPointer { xp in
                for y in 0..<half {
                    for x0 in 0..<half {
                        let top = xp.baseAddress! + (2 * y * n + 2 * x0) * c, bottom = top + n * c
                        let pooled = out.baseAddress! + (y * half + x0) * c
                        var ch = 0
                        while ch + 8 <= c {
                            func lanes(_ p: UnsafePointer<Float>) -> Narrow {
                                UnsafeRawPointer(p + ch).loadUnaligned(as: Narrow.self)
                            }
                            let m = larger(
                                larger(lanes(top), lanes(top + c)), larger(lanes(bottom), lanes(bottom + c)))
                            UnsafeMutableRawPointer(pooled + ch).storeBytes(of: m, as: Narrow.self)
                            ch += 8
                        }
                        for ch in ch..<c {
                            pooled[ch] = max(max(top[ch], top[c + ch]), max(bottom[ch], bottom[c + ch]))
                        }
                    }
                }
            }
            count = half * half * c
        }
    }

    @inline(__always)
    package static func sigmoid(_ x: Float) -> Float { 1 / (1 + expf(-x)) }

    /// tanh through one `expf` (glibc's `tanhf` goes through `expm1f`, a noticeable share of all
    /// recognition time); absolute error about 1e-7, far below what the network resolves.
    @inline(__always)
    package static func tanh(_ x: Float) -> Float {
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
