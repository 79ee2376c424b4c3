import Foundation
import NetworkKernels

#if canImport(NetworkKernelsAVX2)
import NetworkKernelsAVX2
#endif
#if canImport(NetworkKernelsVNNI)
import NetworkKernelsVNNI
#endif

/// Which build of the network's kernels runs: the target's baseline, or (x86-64) the one for AVX2
/// and FMA. The two compute the same sums, the wide one with fused multiply-adds, so their
/// results differ in the last bits only. `avx2Integer` is `avx2` with the large weight matrices
/// multiplied in 16-bit integers (`IntegerKernels`): about 12 bits of each weight and activation,
/// log-probabilities within a few hundredths of the float kernels', in less time.
enum KernelSet: Sendable, CaseIterable {
    case baseline
    #if canImport(NetworkKernelsAVX2)
    case avx2
    case avx2Integer
    #endif

    /// The fastest set this processor runs.
    static let fastest: KernelSet = supported.last ?? .baseline

    /// The sets this processor runs, baseline first.
    static var supported: [KernelSet] {
        allCases.filter { set in
            switch set {
            case .baseline: true
            #if canImport(NetworkKernelsAVX2)
            case .avx2, .avx2Integer: ProcessorFlags.current.isSuperset(of: ["avx2", "fma"])
            #endif
            }
        }
    }

    /// Whether `WeightMatrix` products go through `IntegerKernels`.
    var multipliesInIntegers: Bool {
        #if canImport(NetworkKernelsAVX2)
        self == .avx2Integer
        #else
        false
        #endif
    }

    /// `c[m×n] = a[m×k] · w[k×n] + bias[n]`, all row-major, in integers where the set does.
    func matmul(
        _ a: UnsafePointer<Float>, rows m: Int, times w: WeightMatrix, into c: UnsafeMutablePointer<Float>,
        bias: UnsafePointer<Float>
    ) {
        multiply(a, rows: m, times: w, into: c, bias: bias)
    }

    /// `c[m×n] += a[m×k] · w[k×n]`, all row-major, in integers where the set does.
    func matmulAdd(_ a: UnsafePointer<Float>, rows m: Int, times w: WeightMatrix, into c: UnsafeMutablePointer<Float>) {
        multiply(a, rows: m, times: w, into: c, bias: nil)
    }

    /// `c = bias + a · w` with a bias, `c += a · w` without: through the integer kernels or the
    /// float ones, as `w` is stored.
    private func multiply(
        _ a: UnsafePointer<Float>, rows m: Int, times w: WeightMatrix, into c: UnsafeMutablePointer<Float>,
        bias: UnsafePointer<Float>?
    ) {
        switch w.storage {
        case .floats(let values):
            values.withUnsafeBufferPointer { wp in
                if let bias {
                    matmul(a, wp.baseAddress!, c, m: m, k: w.rows, n: w.columns, bias: bias)
                } else {
                    matmulAdd(a, wp.baseAddress!, c, m: m, k: w.rows, n: w.columns)
                }
            }
        case .integers(let integer):
            #if canImport(NetworkKernelsAVX2)
            Self.integerProducts(
                a, rows: m, times: integer, depth: w.rows, into: c, width: w.columns, bias: bias,
                fused: Self.fusesIntegerProducts)
            #else
            preconditionFailure("integer weights without the integer kernels")
            #endif
        }
    }

    func matmul(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ c: UnsafeMutablePointer<Float>,
        m: Int, k: Int, n: Int, bias: UnsafePointer<Float>?
    ) {
        switch self {
        case .baseline: NetworkKernels.Kernels.matmul(a, b, c, m: m, k: k, n: n, bias: bias)
        #if canImport(NetworkKernelsAVX2)
        case .avx2, .avx2Integer: NetworkKernelsAVX2.Kernels.matmul(a, b, c, m: m, k: k, n: n, bias: bias)
        #endif
        }
    }

    func matmulAdd(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ c: UnsafeMutablePointer<Float>, m: Int, k: Int, n: Int
    ) {
        switch self {
        case .baseline: NetworkKernels.Kernels.matmulAdd(a, b, c, m: m, k: k, n: n)
        #if canImport(NetworkKernelsAVX2)
        case .avx2, .avx2Integer: NetworkKernelsAVX2.Kernels.matmulAdd(a, b, c, m: m, k: k, n: n)
        #endif
        }
    }

    #if canImport(NetworkKernelsAVX2)
    /// Whether the processor multiplies and adds 16-bit pairs in one instruction (AVX-512 VNNI, on
    /// 256-bit registers): `NetworkKernelsVNNI` then computes the integer products, the same
    /// exact sums in about two thirds of the time.
    static let fusesIntegerProducts: Bool = {
        #if canImport(NetworkKernelsVNNI)
        ProcessorFlags.current.isSuperset(of: ["avx512_vnni", "avx512vl"])
        #else
        false
        #endif
    }()

    /// `c[m×n] += a[m×k] · w`, or `c = bias + a · w` with a bias, through `IntegerKernels`: `a`'s
    /// rows quantized, then multiplied by the integer weights, in the module `fused` names.
    static func integerProducts(
        _ a: UnsafePointer<Float>, rows m: Int, times w: IntegerWeights, depth k: Int,
        into c: UnsafeMutablePointer<Float>, width n: Int, bias: UnsafePointer<Float>?, fused: Bool
    ) {
        let stride = 2 * w.pairs
        withUnsafeTemporaryAllocation(of: Int16.self, capacity: m * stride) { quantized in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: m) { rowScales in
                w.values.withUnsafeBufferPointer { values in
                    w.columnScales.withUnsafeBufferPointer { columnScales in
                        let (q, r) = (quantized.baseAddress!, rowScales.baseAddress!)
                        let (v, s) = (values.baseAddress!, columnScales.baseAddress!)
                        #if canImport(NetworkKernelsVNNI)
                        if fused {
                            NetworkKernelsVNNI.IntegerKernels.quantizeRows(
                                a, m: m, k: k, levels: w.levels, into: q, stride: stride, scales: r)
                            NetworkKernelsVNNI.IntegerKernels.matmulAdd(
                                q, rowScales: r, m: m, pairs: w.pairs, v, columnScales: s, paddedWidth: w.paddedWidth,
                                into: c, n: n, bias: bias)
                            return
                        }
                        #endif
                        NetworkKernelsAVX2.IntegerKernels.quantizeRows(
                            a, m: m, k: k, levels: w.levels, into: q, stride: stride, scales: r)
                        NetworkKernelsAVX2.IntegerKernels.matmulAdd(
                            q, rowScales: r, m: m, pairs: w.pairs, v, columnScales: s, paddedWidth: w.paddedWidth,
                            into: c, n: n, bias: bias)
                    }
                }
            }
        }
    }
    #endif

    func lstmCell(
        gates g: UnsafePointer<Float>, cell: UnsafeMutablePointer<Float>, hidden: UnsafeMutablePointer<Float>, h: Int
    ) {
        switch self {
        case .baseline: NetworkKernels.Kernels.lstmCell(gates: g, cell: cell, hidden: hidden, h: h)
        #if canImport(NetworkKernelsAVX2)
        case .avx2, .avx2Integer: NetworkKernelsAVX2.Kernels.lstmCell(gates: g, cell: cell, hidden: hidden, h: h)
        #endif
        }
    }

    func conv1d(
        _ x: [Float], t: Int, cin: Int, w: [Float], bias: [Float], cout: Int, kernel: Int, stride: Int
    ) -> [Float] {
        switch self {
        case .baseline:
            NetworkKernels.Kernels.conv1d(
                x, t: t, cin: cin, w: w, bias: bias, cout: cout, kernel: kernel, stride: stride)
        #if canImport(NetworkKernelsAVX2)
        case .avx2, .avx2Integer:
            NetworkKernelsAVX2.Kernels.conv1d(
                x, t: t, cin: cin, w: w, bias: bias, cout: cout, kernel: kernel, stride: stride)
        #endif
        }
    }
}

/// The instruction-set flags the kernel lists in /proc/cpuinfo: it lists only what both the
/// processor and the kernel support (AVX needs the kernel to save its registers). Empty where the
/// file is missing, which leaves the baseline kernels.
enum ProcessorFlags {
    static let current: Set<String> = {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }),
            let colon = line.firstIndex(of: ":")
        else { return [] }
        return Set(line[line.index(after: colon)...].split(separator: " ").map(String.init))
    }()
}
