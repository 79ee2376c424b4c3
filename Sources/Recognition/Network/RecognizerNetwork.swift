import Foundation
import NetworkKernels

/// The trained network: a convolutional front end and bidirectional LSTM layers giving per-frame
/// log-probabilities over the alphabet (class 0 is the CTC blank). Mirrors `Training/model.py`.
///
/// Immutable after loading, so one instance serves every thread.
struct RecognizerNetwork: Sendable {
    struct LSTMDirection: Sendable {
        var wx: [Float]  // input × 4H
        var wh: [Float]  // H × 4H
        var b: [Float]  // 4H, gates in the order i, f, g, o
    }

    let config: ModelFile.Metadata.Config
    let kernels: KernelSet
    let featureCount: Int
    let classCount: Int
    private let conv: [(w: [Float], b: [Float])]
    private let lstm: [(forward: LSTMDirection, backward: LSTMDirection)]
    private let outW: [Float]
    private let outB: [Float]

    /// The frames the network emits for `points` input points.
    static func frameCount(points: Int) -> Int { (points + 1) / 2 }

    init(file: ModelFile, kernels: KernelSet = .fastest) throws(ModelError) {
        let cfg = file.metadata.config
        guard file.metadata.architecture == "conv3-bilstm-ctc" else {
            throw .invalid("unknown architecture \(file.metadata.architecture)")
        }
        if let residualFrom = cfg.residualFrom, !(1...cfg.layers).contains(residualFrom) {
            throw .invalid("residual_from \(residualFrom) is outside 1...\(cfg.layers)")
        }
        config = cfg
        self.kernels = kernels
        featureCount = file.metadata.features.count
        classCount = file.metadata.alphabet.unicodeScalars.count + 1
        let c = cfg.channels, h = cfg.hidden, k = cfg.kernel
        conv = [
            (try file.tensor("conv1.w", shape: [k, featureCount, c]), try file.tensor("conv1.b", shape: [c])),
            (try file.tensor("conv2.w", shape: [k, c, c]), try file.tensor("conv2.b", shape: [c])),
            (try file.tensor("conv3.w", shape: [k, c, c]), try file.tensor("conv3.b", shape: [c])),
        ]
        var layers: [(LSTMDirection, LSTMDirection)] = []
        var input = c
        for l in 0..<cfg.layers {
            func direction(_ d: String) throws(ModelError) -> LSTMDirection {
                LSTMDirection(
                    wx: try file.tensor("lstm\(l).\(d).wx", shape: [input, 4 * h]),
                    wh: try file.tensor("lstm\(l).\(d).wh", shape: [h, 4 * h]),
                    b: try file.tensor("lstm\(l).\(d).b", shape: [4 * h]))
            }
            layers.append((try direction("fwd"), try direction("bwd")))
            input = 2 * h
        }
        lstm = layers
        outW = try file.tensor("out.w", shape: [2 * h, classCount])
        outB = try file.tensor("out.b", shape: [classCount])
    }

    /// Log-probabilities, `frames × classCount` row-major, for `t × featureCount` features.
    func logProbabilities(features: [Float], t: Int) -> [Float] {
        guard t > 0 else { return [] }
        let c = config.channels, k = config.kernel
        var y1 = kernels.conv1d(
            features, t: t, cin: featureCount, w: conv[0].w, bias: conv[0].b, cout: c, kernel: k, stride: 1)
        Kernels.relu(&y1)
        var y2 = kernels.conv1d(y1, t: t, cin: c, w: conv[1].w, bias: conv[1].b, cout: c, kernel: k, stride: 2)
        Kernels.relu(&y2)
        let frames = Self.frameCount(points: t)
        var y3 = kernels.conv1d(y2, t: frames, cin: c, w: conv[2].w, bias: conv[2].b, cout: c, kernel: k, stride: 1)
        Kernels.relu(&y3)
        for i in y3.indices { y3[i] += y2[i] }

        var x = y3
        var width = c
        let residualFrom = config.residualFrom ?? lstm.count
        for (index, layer) in lstm.enumerated() {
            let h = config.hidden
            let fwd = runLSTM(layer.forward, x: x, t: frames, input: width, hidden: h, reversed: false)
            let bwd = runLSTM(layer.backward, x: x, t: frames, input: width, hidden: h, reversed: true)
            var next = [Float](repeating: 0, count: frames * 2 * h)
            for f in 0..<frames {
                for j in 0..<h {
                    next[f * 2 * h + j] = fwd[f * h + j]
                    next[f * 2 * h + h + j] = bwd[f * h + j]
                }
            }
            if index >= residualFrom {
                for i in next.indices { next[i] += x[i] }
            }
            x = next
            width = 2 * h
        }
        var logits = [Float](repeating: 0, count: frames * classCount)
        x.withUnsafeBufferPointer { xp in
            outW.withUnsafeBufferPointer { wp in
                outB.withUnsafeBufferPointer { bp in
                    logits.withUnsafeMutableBufferPointer { lp in
                        kernels.matmul(
                            xp.baseAddress!, wp.baseAddress!, lp.baseAddress!, m: frames, k: width, n: classCount,
                            bias: bp.baseAddress!)
                    }
                }
            }
        }
        Kernels.logSoftmaxRows(&logits, width: classCount)
        return logits
    }

    /// One LSTM direction over `t` steps; returns `t × hidden` outputs in input order.
    private func runLSTM(_ d: LSTMDirection, x: [Float], t: Int, input: Int, hidden h: Int, reversed: Bool) -> [Float] {
        let g4 = 4 * h
        var xw = [Float](repeating: 0, count: t * g4)
        x.withUnsafeBufferPointer { xp in
            d.wx.withUnsafeBufferPointer { wp in
                d.b.withUnsafeBufferPointer { bp in
                    xw.withUnsafeMutableBufferPointer { op in
                        kernels.matmul(
                            xp.baseAddress!, wp.baseAddress!, op.baseAddress!, m: t, k: input, n: g4,
                            bias: bp.baseAddress!)
                    }
                }
            }
        }
        var out = [Float](repeating: 0, count: t * h)
        var state = [Float](repeating: 0, count: 2 * h)  // h, then c
        var gates = [Float](repeating: 0, count: g4)
        d.wh.withUnsafeBufferPointer { whp in
            xw.withUnsafeBufferPointer { xwp in
                out.withUnsafeMutableBufferPointer { op in
                    state.withUnsafeMutableBufferPointer { sp in
                        gates.withUnsafeMutableBufferPointer { gp in
                            let hState = sp.baseAddress!, cState = hState + h, g = gp.baseAddress!
                            for step in 0..<t {
                                let f = reversed ? t - 1 - step : step
                                g.update(from: xwp.baseAddress! + f * g4, count: g4)
                                kernels.accumulate(hState, count: h, times: whp.baseAddress!, into: g, width: g4)
                                kernels.lstmCell(gates: g, cell: cState, hidden: hState, h: h)
                                (op.baseAddress! + f * h).update(from: hState, count: h)
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
