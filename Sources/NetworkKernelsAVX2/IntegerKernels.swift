import _Builtin_intrinsics.intel

/// The network's large matrix products in 16-bit integers, for processors with AVX2: one
/// `vpmaddwd` multiplies sixteen pairs and adds each pair into a 32-bit sum, twice the products
/// an instruction of `Kernels.matmulAdd`'s fused multiply-adds computes, and the weights take half
/// the cache.
///
/// A matrix `w[k×n]` is stored as `k / 2` rows of pairs (`w[2q][j], w[2q + 1][j]` side by side
/// for every column `j`, `n` padded to a multiple of 16 with zeros), each column scaled to
/// `±levels` with its own scale; a row of activations is scaled to `±levels` with its own scale
/// too. The caller keeps `k · levels²` within `Int32.max` (Recognition's `IntegerWeights`), so
/// no sum of `k` products overflows its 32 bits: the sums are exact whatever their order, and a
/// row's result is the same in any batch.
package enum IntegerKernels {
    /// `q[i][0..<k] = round(a[i] / scales[i])` with `scales[i] = max |a[i]| / levels` (0 for a
    /// row of zeros), for `m` rows of `a[m×k]`; the rows of `q` are `stride` long, the values past
    /// `k` zero.
    package static func quantizeRows(
        _ a: UnsafePointer<Float>, m: Int, k: Int, levels: Int, into q: UnsafeMutablePointer<Int16>, stride: Int,
        scales: UnsafeMutablePointer<Float>
    ) {
        // every bit but the sign: `and` with it is the magnitude (the standard library's
        // `pointwiseMax` of a value and its negation is a generic call, too slow for this loop)
        let magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fff_ffff))
        for i in 0..<m {
            let row = a + i * k, out = q + i * stride
            var largest = _mm256_setzero_ps()
            var p = 0
            while p + 8 <= k {
                let v = _mm256_loadu_ps(row + p)
                largest = _mm256_max_ps(largest, _mm256_and_ps(v, magnitude))
                p += 8
            }
            // the largest lane by halves: the standard library's `max()` of a vector is a call
            // a row (`__m256` is `SIMD8<Float>`, `__m128` `SIMD4<Float>`)
            var half = _mm_max_ps(largest.lowHalf, largest.highHalf)
            half = _mm_max_ps(half, _mm_movehl_ps(half, half))
            var top = _mm_max_ss(half, _mm_movehdup_ps(half))[0]
            for p in p..<k { top = max(top, abs(row[p])) }
            scales[i] = top / Float(levels)
            let inverse = top > 0 ? Float(levels) / top : 0
            p = 0
            while p + 8 <= k {
                let v = UnsafeRawPointer(row + p).loadUnaligned(as: SIMD8<Float>.self) * inverse
                // rounds to nearest, as the processor does by default
                let rounded = unsafeBitCast(_mm256_cvtps_epi32(v), to: SIMD8<Int32>.self)
                UnsafeMutableRawPointer(out + p).storeBytes(
                    of: SIMD8<Int16>(truncatingIfNeeded: rounded), as: SIMD8<Int16>.self)
                p += 8
            }
            for p in p..<k {
                // as the vector conversion does, a value that is not a number becomes 0 (the
                // conversion of NaN to an integer is not checked in this module: it would be garbage)
                let scaled = (row[p] * inverse).rounded(.toNearestOrEven)
                out[p] = scaled.isNaN ? 0 : Int16(max(-Float(levels), min(Float(levels), scaled)))
            }
            for p in k..<stride { out[p] = 0 }
        }
    }

    /// `c[i][j] += rowScales[i] · columnScales[j] · Σ_p a[i][p] · w[p][j]` for `m` rows of `a`
    /// (quantized, `2 · pairs` values a row) and the `n` columns of `w` (quantized, in pairs, with
    /// `paddedWidth` columns a pair-row and as many column scales); with a `bias`, every row of `c`
    /// starts from it instead of from its own values (one pass over `c` fewer than copying it in
    /// first). Rows go six at a time (twelve of the sixteen registers hold sums; each load of `w`
    /// serves six rows), then two, then one.
    package static func matmulAdd(
        _ a: UnsafePointer<Int16>, rowScales: UnsafePointer<Float>, m: Int, pairs: Int,
        _ w: UnsafePointer<Int16>, columnScales: UnsafePointer<Float>, paddedWidth: Int,
        into c: UnsafeMutablePointer<Float>, n: Int, bias: UnsafePointer<Float>? = nil
    ) {
        let rowPairs = UnsafeRawPointer(a).assumingMemoryBound(to: Int32.self)
        var i = 0
        while i + 6 <= m {
            sixRows(rowPairs + i * pairs, rowScales + i, pairs: pairs, w, columnScales, paddedWidth, c + i * n, n, bias)
            i += 6
        }
        while i + 2 <= m {
            twoRows(rowPairs + i * pairs, rowScales + i, pairs: pairs, w, columnScales, paddedWidth, c + i * n, n, bias)
            i += 2
        }
        if i < m {
            oneRow(rowPairs + i * pairs, rowScales[i], pairs: pairs, w, columnScales, paddedWidth, c + i * n, n, bias)
        }
    }

    @inline(__always)
    private static func pairOf(_ x: UnsafePointer<Int32>, _ q: Int) -> __m256i { _mm256_set1_epi32(x[q]) }

    @inline(__always)
    private static func load(_ p: UnsafeRawPointer) -> __m256i {
        _mm256_loadu_si256(p.assumingMemoryBound(to: __m256i.self))
    }

    @inline(__always)
    private static func madd(_ sum: __m256i, _ x: __m256i, _ w: __m256i) -> __m256i {
        _mm256_add_epi32(sum, _mm256_madd_epi16(x, w))
    }

    private static func sixRows(
        _ x: UnsafePointer<Int32>, _ rowScales: UnsafePointer<Float>, pairs: Int, _ w: UnsafePointer<Int16>,
        _ columnScales: UnsafePointer<Float>, _ width: Int, _ c: UnsafeMutablePointer<Float>, _ n: Int,
        _ bias: UnsafePointer<Float>?
    ) {
        let x1 = x + pairs, x2 = x + 2 * pairs, x3 = x + 3 * pairs, x4 = x + 4 * pairs, x5 = x + 5 * pairs
        let pairRowBytes = width * 4
        var j = 0
        while j < n {
            var s00 = _mm256_setzero_si256(), s01 = s00, s10 = s00, s11 = s00, s20 = s00, s21 = s00
            var s30 = s00, s31 = s00, s40 = s00, s41 = s00, s50 = s00, s51 = s00
            var row = UnsafeRawPointer(w + 2 * j)
            for q in 0..<pairs {
                let w0 = load(row), w1 = load(row + 32)
                let a0 = pairOf(x, q), a1 = pairOf(x1, q), a2 = pairOf(x2, q)
                s00 = madd(s00, a0, w0)
                s01 = madd(s01, a0, w1)
                s10 = madd(s10, a1, w0)
                s11 = madd(s11, a1, w1)
                s20 = madd(s20, a2, w0)
                s21 = madd(s21, a2, w1)
                let a3 = pairOf(x3, q), a4 = pairOf(x4, q), a5 = pairOf(x5, q)
                s30 = madd(s30, a3, w0)
                s31 = madd(s31, a3, w1)
                s40 = madd(s40, a4, w0)
                s41 = madd(s41, a4, w1)
                s50 = madd(s50, a5, w0)
                s51 = madd(s51, a5, w1)
                row += pairRowBytes
            }
            let count = min(16, n - j), out = c + j
            addScaled(s00, s01, rowScales[0], columnScales + j, from: bias.map { $0 + j }, into: out, count: count)
            addScaled(s10, s11, rowScales[1], columnScales + j, from: bias.map { $0 + j }, into: out + n, count: count)
            addScaled(
                s20, s21, rowScales[2], columnScales + j, from: bias.map { $0 + j }, into: out + 2 * n, count: count)
            addScaled(
                s30, s31, rowScales[3], columnScales + j, from: bias.map { $0 + j }, into: out + 3 * n, count: count)
            addScaled(
                s40, s41, rowScales[4], columnScales + j, from: bias.map { $0 + j }, into: out + 4 * n, count: count)
            addScaled(
                s50, s51, rowScales[5], columnScales + j, from: bias.map { $0 + j }, into: out + 5 * n, count: count)
            j += 16
        }
    }

    private static func twoRows(
        _ x: UnsafePointer<Int32>, _ rowScales: UnsafePointer<Float>, pairs: Int, _ w: UnsafePointer<Int16>,
        _ columnScales: UnsafePointer<Float>, _ width: Int, _ c: UnsafeMutablePointer<Float>, _ n: Int,
        _ bias: UnsafePointer<Float>?
    ) {
        let x1 = x + pairs
        let pairRowBytes = width * 4
        var j = 0
        while j < n {
            var s00 = _mm256_setzero_si256(), s01 = s00, s10 = s00, s11 = s00
            var row = UnsafeRawPointer(w + 2 * j)
            for q in 0..<pairs {
                let w0 = load(row), w1 = load(row + 32)
                let a0 = pairOf(x, q), a1 = pairOf(x1, q)
                s00 = madd(s00, a0, w0)
                s01 = madd(s01, a0, w1)
                s10 = madd(s10, a1, w0)
                s11 = madd(s11, a1, w1)
                row += pairRowBytes
            }
            addScaled(
                s00, s01, rowScales[0], columnScales + j, from: bias.map { $0 + j }, into: c + j, count: min(16, n - j))
            addScaled(
                s10, s11, rowScales[1], columnScales + j, from: bias.map { $0 + j }, into: c + n + j,
                count: min(16, n - j))
            j += 16
        }
    }

    private static func oneRow(
        _ x: UnsafePointer<Int32>, _ rowScale: Float, pairs: Int, _ w: UnsafePointer<Int16>,
        _ columnScales: UnsafePointer<Float>, _ width: Int, _ c: UnsafeMutablePointer<Float>, _ n: Int,
        _ bias: UnsafePointer<Float>?
    ) {
        let pairRowBytes = width * 4
        var j = 0
        while j < n {
            var s0 = _mm256_setzero_si256(), s1 = s0
            var row = UnsafeRawPointer(w + 2 * j)
            for q in 0..<pairs {
                let a = pairOf(x, q)
                s0 = madd(s0, a, load(row))
                s1 = madd(s1, a, load(row + 32))
                row += pairRowBytes
            }
            addScaled(s0, s1, rowScale, columnScales + j, from: bias.map { $0 + j }, into: c + j, count: min(16, n - j))
            j += 16
        }
    }

    /// `out[0..<count] = start[0..<count] + rowScale · columnScales[0..<count] · sums` for the 16
    /// sums of one block, where `start` is the bias or else `out` itself (`count` < 16 only in the
    /// last block of a row whose width is not a multiple of 16).
    @inline(__always)
    private static func addScaled(
        _ low: __m256i, _ high: __m256i, _ rowScale: Float, _ columnScales: UnsafePointer<Float>,
        from bias: UnsafePointer<Float>?, into out: UnsafeMutablePointer<Float>, count: Int
    ) {
        typealias Lane = SIMD8<Float>
        let start = UnsafeRawPointer(bias ?? UnsafePointer(out))
        let lowSums = _mm256_cvtepi32_ps(low)
        let highSums = _mm256_cvtepi32_ps(high)
        let lowScales = UnsafeRawPointer(columnScales).loadUnaligned(as: Lane.self) * rowScale
        let highScales = UnsafeRawPointer(columnScales + 8).loadUnaligned(as: Lane.self) * rowScale
        if count == 16 {
            let o = UnsafeMutableRawPointer(out)
            o.storeBytes(of: start.loadUnaligned(as: Lane.self).addingProduct(lowSums, lowScales), as: Lane.self)
            o.storeBytes(
                of: (start + 32).loadUnaligned(as: Lane.self).addingProduct(highSums, highScales), toByteOffset: 32,
                as: Lane.self)
        } else {
            let first = start.assumingMemoryBound(to: Float.self)
            for l in 0..<count {
                out[l] = first[l] + (l < 8 ? lowSums[l] * lowScales[l] : highSums[l - 8] * highScales[l - 8])
            }
        }
    }
}
