/// Dense float products for a writer's adaptation (`HandAdapter`, `HandEvidence`,
/// `HandAdaptation`), row-major, through the network's own kernels (`KernelSet.fastest`: AVX2 and
/// fused multiply-adds where the processor has them), so that the fit's steps cost what the
/// network's products cost. A machine gives the same floats every time; two processors with
/// different kernel sets differ in the last bits, as their readings do.
enum DenseMath {
    /// `into` = (or += when `adding`) `a` (`rows × width`) · `b` (`width × columns`).
    static func multiply(
        _ a: [Float], rows: Int, width: Int, by b: [Float], columns: Int, adding: Bool = false, into c: inout [Float]
    ) {
        a.withUnsafeBufferPointer { ap in
            b.withUnsafeBufferPointer { bp in
                c.withUnsafeMutableBufferPointer { cp in
                    multiply(
                        ap.baseAddress!, rows: rows, width: width, by: bp.baseAddress!, columns: columns,
                        adding: adding, into: cp.baseAddress!)
                }
            }
        }
    }

    static func multiply(
        _ a: UnsafePointer<Float>, rows: Int, width: Int, by b: UnsafePointer<Float>, columns: Int, adding: Bool,
        into c: UnsafeMutablePointer<Float>
    ) {
        if !adding { c.update(repeating: 0, count: rows * columns) }
        guard rows > 0, width > 0, columns > 0 else { return }
        KernelSet.fastest.matmulAdd(a, b, c, m: rows, k: width, n: columns)
    }

    /// `into` += `a`ᵀ (`rows × width` transposed) · `g` (`rows × columns`): `a` is transposed
    /// first, so the product runs along contiguous rows as the kernels want.
    static func accumulateTransposed(
        _ a: UnsafePointer<Float>, rows: Int, width: Int, times g: UnsafePointer<Float>, columns: Int,
        into c: UnsafeMutablePointer<Float>
    ) {
        guard rows > 0, width > 0, columns > 0 else { return }
        var transposed = [Float](repeating: 0, count: rows * width)
        transposed.withUnsafeMutableBufferPointer { t in
            for r in 0..<rows { for d in 0..<width { t[d * rows + r] = a[r * width + d] } }
        }
        transposed.withUnsafeBufferPointer { t in
            KernelSet.fastest.matmulAdd(t.baseAddress!, g, c, m: width, k: rows, n: columns)
        }
    }
}
