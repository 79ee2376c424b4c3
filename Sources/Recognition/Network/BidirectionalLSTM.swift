import Foundation

/// One bidirectional LSTM layer as the networks run it: the handwriting network's recurrent
/// layers (`RecognizerNetwork`) and the stroke classifier's pass over a page's traces
/// (`StrokeClassifier`). Gates in the order i, f, g, o (PyTorch's), the two biases summed.
struct BidirectionalLSTM: Sendable {
    struct Direction: Sendable {
        var wx: WeightMatrix  // input × 4H
        var wh: WeightMatrix  // H × 4H
        var b: [Float]  // 4H, gates in the order i, f, g, o
    }

    var forward: Direction
    var backward: Direction
    let input: Int
    let hidden: Int

    /// Each sequence's states (`frames[i] × input` in, `frames[i] × 2·hidden` out, row-major): the
    /// forward direction's state of a frame, then the backward one's. Sequences step together
    /// (`runDirection`), each getting the result it gets alone.
    func states(of xs: [[Float]], frames: [Int], kernels: KernelSet) -> [[Float]] {
        precondition(zip(xs, frames).allSatisfy { $0.count == $1 * input }, "each frame needs \(input) values")
        let h = hidden
        let fwd = Self.runDirection(forward, xs: xs, frames: frames, hidden: h, reversed: false, kernels: kernels)
        let bwd = Self.runDirection(backward, xs: xs, frames: frames, hidden: h, reversed: true, kernels: kernels)
        return xs.indices.map { line in
            var next = [Float](repeating: 0, count: frames[line] * 2 * h)
            for f in 0..<frames[line] {
                for j in 0..<h {
                    next[f * 2 * h + j] = fwd[line][f * h + j]
                    next[f * 2 * h + h + j] = bwd[line][f * h + j]
                }
            }
            return next
        }
    }

    /// One LSTM direction over several sequences (`frames[i] × input` each); returns each
    /// sequence's `frames[i] × hidden` outputs in input order. Sequences are stepped longest first,
    /// so the ones still running at a step are the first rows of the state matrices, and each load
    /// of the recurrent weights serves all of them.
    private static func runDirection(
        _ d: Direction, xs: [[Float]], frames: [Int], hidden h: Int, reversed: Bool, kernels: KernelSet
    ) -> [[Float]] {
        let g4 = 4 * h
        let order = xs.indices.sorted { frames[$0] > frames[$1] }
        let inputGates: [[Float]] = order.map { line in
            var xw = [Float](repeating: 0, count: frames[line] * g4)
            xs[line].withUnsafeBufferPointer { xp in
                d.b.withUnsafeBufferPointer { bp in
                    xw.withUnsafeMutableBufferPointer { op in
                        kernels.matmul(
                            xp.baseAddress!, rows: frames[line], times: d.wx, into: op.baseAddress!,
                            bias: bp.baseAddress!)
                    }
                }
            }
            return xw
        }
        let lengths = order.map { frames[$0] }
        var outs = lengths.map { [Float](repeating: 0, count: $0 * h) }
        var hidden = [Float](repeating: 0, count: order.count * h)
        var cell = [Float](repeating: 0, count: order.count * h)
        var gates = [Float](repeating: 0, count: order.count * g4)
        var active = order.count
        hidden.withUnsafeMutableBufferPointer { hp in
            cell.withUnsafeMutableBufferPointer { cp in
                gates.withUnsafeMutableBufferPointer { gp in
                    for step in 0..<(lengths.first ?? 0) {
                        while active > 0 && lengths[active - 1] <= step { active -= 1 }
                        for r in 0..<active {
                            let f = reversed ? lengths[r] - 1 - step : step
                            inputGates[r].withUnsafeBufferPointer { xwp in
                                (gp.baseAddress! + r * g4).update(from: xwp.baseAddress! + f * g4, count: g4)
                            }
                        }
                        kernels.matmulAdd(hp.baseAddress!, rows: active, times: d.wh, into: gp.baseAddress!)
                        for r in 0..<active {
                            let f = reversed ? lengths[r] - 1 - step : step
                            kernels.lstmCell(
                                gates: gp.baseAddress! + r * g4, cell: cp.baseAddress! + r * h,
                                hidden: hp.baseAddress! + r * h, h: h)
                            outs[r].withUnsafeMutableBufferPointer { op in
                                (op.baseAddress! + f * h).update(from: hp.baseAddress! + r * h, count: h)
                            }
                        }
                    }
                }
            }
        }
        var result = [[Float]](repeating: [], count: xs.count)
        for (r, line) in order.enumerated() { result[line] = outs[r] }
        return result
    }
}
