import Foundation
import NetworkKernels

#if canImport(NetworkKernelsAVX2)
import NetworkKernelsAVX2
#endif

/// Which build of the network's kernels runs: the target's baseline, or (x86-64) the one for AVX2
/// and FMA. The two compute the same sums, the wide one with fused multiply-adds, so their
/// results differ in the last bits only.
enum KernelSet: Sendable, CaseIterable {
    case baseline
    #if canImport(NetworkKernelsAVX2)
    case avx2
    #endif

    /// The fastest set this processor runs.
    static let fastest: KernelSet = supported.last ?? .baseline

    /// The sets this processor runs, baseline first.
    static var supported: [KernelSet] {
        allCases.filter { set in
            switch set {
            case .baseline: true
            #if canImport(NetworkKernelsAVX2)
            case .avx2: ProcessorFlags.current.isSuperset(of: ["avx2", "fma"])
            #endif
            }
        }
    }

    func matmul(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ c: UnsafeMutablePointer<Float>,
        m: Int, k: Int, n: Int, bias: UnsafePointer<Float>?
    ) {
        switch self {
        case .baseline: NetworkKernels.Kernels.matmul(a, b, c, m: m, k: k, n: n, bias: bias)
        #if canImport(NetworkKernelsAVX2)
        case .avx2: NetworkKernelsAVX2.Kernels.matmul(a, b, c, m: m, k: k, n: n, bias: bias)
        #endif
        }
    }

    func matmulAdd(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ c: UnsafeMutablePointer<Float>, m: Int, k: Int, n: Int
    ) {
        switch self {
        case .baseline: NetworkKernels.Kernels.matmulAdd(a, b, c, m: m, k: k, n: n)
        #if canImport(NetworkKernelsAVX2)
        case .avx2: NetworkKernelsAVX2.Kernels.matmulAdd(a, b, c, m: m, k: k, n: n)
        #endif
        }
    }

    func accumulate(
        _ x: UnsafePointer<Float>, count k: Int, times b: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>,
        width n: Int
    ) {
        switch self {
        case .baseline: NetworkKernels.Kernels.accumulate(x, count: k, times: b, into: y, width: n)
        #if canImport(NetworkKernelsAVX2)
        case .avx2: NetworkKernelsAVX2.Kernels.accumulate(x, count: k, times: b, into: y, width: n)
        #endif
        }
    }

    func lstmCell(
        gates g: UnsafePointer<Float>, cell: UnsafeMutablePointer<Float>, hidden: UnsafeMutablePointer<Float>, h: Int
    ) {
        switch self {
        case .baseline: NetworkKernels.Kernels.lstmCell(gates: g, cell: cell, hidden: hidden, h: h)
        #if canImport(NetworkKernelsAVX2)
        case .avx2: NetworkKernelsAVX2.Kernels.lstmCell(gates: g, cell: cell, hidden: hidden, h: h)
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
        case .avx2:
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
