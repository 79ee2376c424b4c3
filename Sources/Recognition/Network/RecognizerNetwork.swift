import Foundation
import NetworkKernels

/// The trained network: a convolutional front end and bidirectional LSTM layers giving per-frame
/// log-probabilities over the alphabet (class 0 is the CTC blank). Two architectures:
/// "conv3-bilstm-ctc" (`Training/model.py`: three convolutions, the second halving the rate) and
/// "sepconv-bilstm-ctc" (generation 3, `Training/bakeoff.py`'s `SeparableNet`: a convolution, then
/// depthwise-separable blocks added to their input, the striding ones dividing the rate).
///
/// Immutable after loading, so one instance serves every thread.
struct RecognizerNetwork: Sendable {
    /// One separable block: depthwise taps (kernel × channels), pointwise matrix (channels ×
    /// channels), each with its bias, and the stride of the depthwise step.
    struct SeparableBlock: Sendable {
        var depthwise: (w: [Float], b: [Float])
        var pointwise: (w: WeightMatrix, b: [Float])
        var stride: Int
    }

    let config: ModelFile.Metadata.Config
    let kernels: KernelSet
    let featureCount: Int
    let classCount: Int
    /// conv3: three convolutions; sepconv: the stem only.
    private let conv: [(w: [Float], b: [Float])]
    private let blocks: [SeparableBlock]
    private let lstm: [BidirectionalLSTM]
    private var outW: WeightMatrix
    private var outB: [Float]
    /// The output layer's weights as floats (`2·hidden × classCount`), kept beside `outW` (which
    /// may hold only an integer copy) so that an adaptation can start from them
    /// (`replacingOutputLayer`).
    private(set) var outputWeights: [Float]
    var outputBias: [Float] { outB }
    /// The width of the hidden states the output layer reads (`hiddenStates(lines:)`).
    var hiddenWidth: Int { 2 * config.hidden }

    /// How many input rows make one output frame.
    var rowsPerFrame: Int { blocks.isEmpty ? 2 : blocks.reduce(1) { $0 * $1.stride } }

    /// The frames the network emits for `points` input points (each stride rounds up).
    func frameCount(points: Int) -> Int {
        blocks.isEmpty ? (points + 1) / 2 : blocks.reduce(points) { ($0 + $1.stride - 1) / $1.stride }
    }

    init(file: ModelFile, kernels: KernelSet = .fastest) throws(ModelError) {
        let cfg = file.metadata.config
        let separable: Bool
        switch file.metadata.architecture {
        case "conv3-bilstm-ctc": separable = false
        case "sepconv-bilstm-ctc": separable = true
        default: throw .invalid("unknown architecture \(file.metadata.architecture)")
        }
        if let residualFrom = cfg.residualFrom, !(1...cfg.layers).contains(residualFrom) {
            throw .invalid("residual_from \(residualFrom) is outside 1...\(cfg.layers)")
        }
        config = cfg
        self.kernels = kernels
        featureCount = file.metadata.features.count
        classCount = file.metadata.alphabet.unicodeScalars.count + 1
        let c = cfg.channels, h = cfg.hidden, k = cfg.kernel
        if separable {
            guard let strides = cfg.blockStrides, !strides.isEmpty, strides.allSatisfy({ (1...4).contains($0) }) else {
                throw .invalid("sepconv-bilstm-ctc needs block_strides of 1 to 4")
            }
            conv = [(try file.tensor("stem.w", shape: [k, featureCount, c]), try file.tensor("stem.b", shape: [c]))]
            blocks = try strides.enumerated().map { i, stride throws(ModelError) in
                SeparableBlock(
                    depthwise: (
                        try file.tensor("block\(i).dw.w", shape: [k, c]), try file.tensor("block\(i).dw.b", shape: [c])
                    ),
                    pointwise: (
                        WeightMatrix(
                            try file.tensor("block\(i).pw.w", shape: [c, c]), rows: c, columns: c, for: kernels),
                        try file.tensor("block\(i).pw.b", shape: [c])
                    ),
                    stride: stride)
            }
        } else {
            conv = [
                (try file.tensor("conv1.w", shape: [k, featureCount, c]), try file.tensor("conv1.b", shape: [c])),
                (try file.tensor("conv2.w", shape: [k, c, c]), try file.tensor("conv2.b", shape: [c])),
                (try file.tensor("conv3.w", shape: [k, c, c]), try file.tensor("conv3.b", shape: [c])),
            ]
            blocks = []
        }
        var layers: [BidirectionalLSTM] = []
        var input = c
        for l in 0..<cfg.layers {
            func direction(_ d: String) throws(ModelError) -> BidirectionalLSTM.Direction {
                BidirectionalLSTM.Direction(
                    wx: WeightMatrix(
                        try file.tensor("lstm\(l).\(d).wx", shape: [input, 4 * h]), rows: input, columns: 4 * h,
                        for: kernels),
                    wh: WeightMatrix(
                        try file.tensor("lstm\(l).\(d).wh", shape: [h, 4 * h]), rows: h, columns: 4 * h, for: kernels),
                    b: try file.tensor("lstm\(l).\(d).b", shape: [4 * h]))
            }
            layers.append(
                BidirectionalLSTM(
                    forward: try direction("fwd"), backward: try direction("bwd"), input: input, hidden: h))
            input = 2 * h
        }
        lstm = layers
        outputWeights = try file.tensor("out.w", shape: [2 * h, classCount])
        outW = WeightMatrix(outputWeights, rows: 2 * h, columns: classCount, for: kernels)
        outB = try file.tensor("out.b", shape: [classCount])
    }

    /// This network with another output layer (`2·hidden × classCount` weights and
    /// `classCount` biases): a writer's adaptation (`HandAdaptation`), the layers below unchanged.
    func replacingOutputLayer(weights: [Float], bias: [Float]) -> RecognizerNetwork {
        precondition(weights.count == hiddenWidth * classCount && bias.count == classCount)
        var network = self
        network.outputWeights = weights
        network.outW = WeightMatrix(weights, rows: hiddenWidth, columns: classCount, for: kernels)
        network.outB = bias
        return network
    }

    /// Log-probabilities, `frames × classCount` row-major, for `t × featureCount` features.
    func logProbabilities(features: [Float], t: Int) -> [Float] {
        logProbabilities(lines: [(features, t)])[0]
    }

    /// `logProbabilities(features:t:)` of several lines at once: their recurrences step
    /// together, the hidden states of all lines still running one matrix, so each load of the
    /// recurrent weights serves every line (`Kernels.matmulAdd` takes rows six at a time).
    /// Each line's result is the one it gets alone: its sums are the same, in the same order.
    func logProbabilities(lines: [(features: [Float], t: Int)]) -> [[Float]] {
        logProbabilities(hiddenStates: hiddenStates(lines: lines))
    }

    /// The output layer over each line's hidden states: log-probabilities, `frames × classCount`.
    func logProbabilities(hiddenStates: [[Float]]) -> [[Float]] {
        logits(hiddenStates: hiddenStates).map { logits in
            var logits = logits
            Kernels.logSoftmaxRows(&logits, width: classCount)
            return logits
        }
    }

    /// The output layer over each line's hidden states before the softmax: logits,
    /// `frames × classCount` (what a writer's hand reads again from: `HandEvidence`).
    func logits(hiddenStates: [[Float]]) -> [[Float]] {
        hiddenStates.map { x in
            let frames = x.count / hiddenWidth
            guard frames > 0 else { return [] }
            var logits = [Float](repeating: 0, count: frames * classCount)
            x.withUnsafeBufferPointer { xp in
                outB.withUnsafeBufferPointer { bp in
                    logits.withUnsafeMutableBufferPointer { lp in
                        kernels.matmul(
                            xp.baseAddress!, rows: frames, times: outW, into: lp.baseAddress!, bias: bp.baseAddress!)
                    }
                }
            }
            return logits
        }
    }

    /// What the output layer reads: each line's last LSTM layer's states, `frames × 2·hidden`
    /// row-major (empty for an empty line). An adaptation of the output layer learns from these
    /// (they do not change with it).
    func hiddenStates(lines: [(features: [Float], t: Int)]) -> [[Float]] {
        var results = [[Float]](repeating: [], count: lines.count)
        let running = lines.indices.filter { lines[$0].t > 0 }
        guard !running.isEmpty else { return results }
        var xs = running.map { frontEnd(features: lines[$0].features, t: lines[$0].t) }
        let frames = running.map { frameCount(points: lines[$0].t) }
        let residualFrom = config.residualFrom ?? lstm.count
        for (index, layer) in lstm.enumerated() {
            let states = layer.states(of: xs, frames: frames, kernels: kernels)
            for line in xs.indices {
                var next = states[line]
                if index >= residualFrom {
                    for i in next.indices { next[i] += xs[line][i] }
                }
                xs[line] = next
            }
        }
        for (line, source) in running.enumerated() { results[source] = xs[line] }
        return results
    }

    /// The convolutional front end: `frameCount(points: t) × channels` for one line.
    private func frontEnd(features: [Float], t: Int) -> [Float] {
        let c = config.channels, k = config.kernel
        var y1 = kernels.conv1d(
            features, t: t, cin: featureCount, w: conv[0].w, bias: conv[0].b, cout: c, kernel: k, stride: 1)
        Kernels.relu(&y1)
        guard blocks.isEmpty else { return separableBlocks(y1, t: t) }
        var y2 = kernels.conv1d(y1, t: t, cin: c, w: conv[1].w, bias: conv[1].b, cout: c, kernel: k, stride: 2)
        Kernels.relu(&y2)
        let frames = frameCount(points: t)
        var y3 = kernels.conv1d(y2, t: frames, cin: c, w: conv[2].w, bias: conv[2].b, cout: c, kernel: k, stride: 1)
        Kernels.relu(&y3)
        for i in y3.indices { y3[i] += y2[i] }
        return y3
    }

    /// The separable blocks over the stem's output (`t × channels`): each adds
    /// relu(pointwise(depthwise(y))) to y, taken at every stride-th row where the block strides.
    private func separableBlocks(_ stem: [Float], t: Int) -> [Float] {
        let c = config.channels
        var y = stem, rows = t
        for block in blocks {
            let depthwise = Kernels.depthwiseConv1d(
                y, t: rows, channels: c, w: block.depthwise.w, bias: block.depthwise.b, kernel: config.kernel,
                stride: block.stride)
            let outRows = (rows + block.stride - 1) / block.stride
            var z = [Float](repeating: 0, count: outRows * c)
            depthwise.withUnsafeBufferPointer { dp in
                block.pointwise.b.withUnsafeBufferPointer { bp in
                    z.withUnsafeMutableBufferPointer { zp in
                        kernels.matmul(
                            dp.baseAddress!, rows: outRows, times: block.pointwise.w, into: zp.baseAddress!,
                            bias: bp.baseAddress!)
                    }
                }
            }
            Kernels.relu(&z)
            for o in 0..<outRows {
                for j in 0..<c { z[o * c + j] += y[o * block.stride * c + j] }
            }
            y = z
            rows = outRows
        }
        return y
    }
}
