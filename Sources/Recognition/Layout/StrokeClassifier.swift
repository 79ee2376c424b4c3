import Foundation

/// The learned stroke classifier: for each trace of a page, how likely it is writing rather than
/// drawing (figures, arrows, connectors, tables, brackets, fraction bars) or markup (underlines,
/// strike-outs, circles and boxes around words). A small network over the page's `StrokeFeatures`
/// rows in writing order, trained on generated note pages (`Training/layout/`), never on the real
/// labelled strokes it is measured on: an MLP judging each row alone (version 1), or one with a
/// bidirectional LSTM over the whole page's rows (version 2), so that a trace is judged by the many
/// strokes drawn before and after it. A file may hold several networks one after another (seeds
/// of one recipe, or an MLP beside a sequence model); their probabilities are averaged, which
/// takes out the variance one training run's seed brings to single words.
///
/// Weight file (`Resources/stroke-classifier.txt`, text, written by `Training/layout/train.py`):
///
///     stroke-classifier 1|2
///     inputs N
///     mean v1 … vN
///     scale v1 … vN
///     layer IN OUT relu|none      then OUT lines of IN weights, then one line of OUT biases
///     bilstm IN H                 (version 2) then, for the forward and the backward direction:
///                                 IN lines of 4H input weights, H lines of 4H recurrent weights,
///                                 one line of 4H biases (gates i, f, g, o); its output is its
///                                 input and both directions' states side by side (IN + 2H)
///     …                           (the last layer has 3 outputs: writing, drawing, markup)
///     stroke-classifier 1|2       another network, read the same way (any number of them)
///
/// Inputs are standardised as `(x - mean) * scale`; the outputs go through a softmax.
package struct StrokeClassifier: Sendable {
    struct Layer: Sendable {
        var inputs: Int
        var outputs: Int
        /// Row-major, `outputs` rows of `inputs` weights.
        var weights: [Double]
        var biases: [Double]
        var relu: Bool
    }

    /// One step of the network: a dense layer applied to each trace's row alone, or a recurrent
    /// layer over all the page's rows in writing order.
    enum Stage: Sendable {
        case dense(Layer)
        case sequence(BidirectionalLSTM)
    }

    /// One network of the file: its inputs' standardisation and its stages.
    struct Network: Sendable {
        let mean: [Double]
        let scale: [Double]
        let stages: [Stage]
    }

    /// The networks whose probabilities are averaged (one in most files).
    let networks: [Network]

    /// Classes in output order.
    static let classCount = 3

    /// A trace whose probability of being writing is below this is read as no writing.
    static let writingThreshold = 0.1

    /// The recurrent layer's kernels: floats (the widest set that does not multiply in integers),
    /// since its matrices are too small for the integer kernels to save time.
    static let kernels = KernelSet.supported.last { !$0.multipliesInIntegers } ?? .baseline

    /// Reads a weight file's text: one network, or several one after another.
    /// - Throws: `ModelError.invalid` naming what is wrong (header, counts, numbers, shapes).
    package init(text: String) throws(ModelError) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        // each network begins with its version line; the first line must be one
        let starts = lines.indices.filter { lines[$0].hasPrefix("stroke-classifier ") }
        guard starts.first == lines.startIndex else {
            throw .invalid("stroke-classifier.txt: not a version 1 or 2 stroke classifier")
        }
        var networks: [Network] = []
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : lines.endIndex
            networks.append(try Network(lines: lines[start..<end]))
        }
        self.networks = networks
    }

    /// The classifier shipped in the resources; a failure when the file is missing or damaged.
    package static let shipped: Result<StrokeClassifier, ModelError> = Result { () throws(ModelError) in
        let data = try RecognizerResources.load("stroke-classifier", "txt")
        return try StrokeClassifier(text: String(decoding: data, as: UTF8.self))
    }

    /// Probabilities (writing, drawing, markup) of each trace of a page, from its `StrokeFeatures`
    /// rows in writing order: the mean of the networks' softmax outputs.
    func probabilities(ofPage rows: [[Double]]) -> [[Double]] {
        guard !rows.isEmpty else { return [] }
        var sum = networks[0].probabilities(ofPage: rows)
        for network in networks.dropFirst() {
            for (t, p) in network.probabilities(ofPage: rows).enumerated() {
                for c in p.indices { sum[t][c] += p[c] }
            }
        }
        let count = Double(networks.count)
        return sum.map { $0.map { $0 / count } }
    }

    /// One dense layer on one trace's values (`ReaderVerdict` applies its layers with it too).
    static func apply(_ layer: Layer, to x: [Double]) -> [Double] {
        var y = layer.biases
        for o in 0..<layer.outputs {
            let base = o * layer.inputs
            var sum = 0.0
            for i in 0..<layer.inputs { sum += layer.weights[base + i] * x[i] }
            y[o] += sum
            if layer.relu, y[o] < 0 { y[o] = 0 }
        }
        return y
    }

    /// Whether each trace is writing, by the probability of writing against `writingThreshold`.
    /// - Complexity: O(n²) for n traces (`StrokeFeatures.rows`), then O(n) network steps.
    func isWriting(_ traces: [InkTrace], sizes: [Double]) -> [Bool] {
        writingProbabilities(traces, sizes: sizes).map { $0 >= Self.writingThreshold }
    }

    /// The probability that each trace is writing (the layout keeps it at `writingThreshold`; the
    /// reader's verdict weighs it again after reading).
    func writingProbabilities(_ traces: [InkTrace], sizes: [Double]) -> [Double] {
        // the row context is computed only when a network reads it
        let context = networks.contains { $0.mean.count == StrokeFeatures.inputCount }
        return probabilities(ofPage: StrokeFeatures.rows(of: traces, sizes: sizes, context: context)).map { $0[0] }
    }
}

extension StrokeClassifier.Network {
    /// Softmax probabilities of each trace of a page from its rows (each row's first `mean.count`
    /// values) in writing order.
    func probabilities(ofPage rows: [[Double]]) -> [[Double]] {
        var xs = rows.map { row in zip(row, zip(mean, scale)).map { ($0 - $1.0) * $1.1 } }
        for stage in stages {
            switch stage {
            case .dense(let layer): xs = xs.map { StrokeClassifier.apply(layer, to: $0) }
            case .sequence(let lstm):
                let flat = xs.flatMap { $0.map { Float($0) } }
                let states = lstm.states(of: [flat], frames: [xs.count], kernels: StrokeClassifier.kernels)[0]
                let h2 = 2 * lstm.hidden
                for t in xs.indices { xs[t] += states[(t * h2)..<((t + 1) * h2)].map { Double($0) } }
            }
        }
        return xs.map { logits in
            let top = logits.max() ?? 0
            let e = logits.map { exp($0 - top) }
            let total = e.reduce(0, +)
            return e.map { $0 / total }
        }
    }
}

extension StrokeClassifier.Network {
    /// Reads one network's lines, from its version line to the next network's or the file's end.
    init(lines: ArraySlice<Substring>) throws(ModelError) {
        typealias Stage = StrokeClassifier.Stage
        var lines = lines
        func fail(_ why: String) -> ModelError { .invalid("stroke-classifier.txt: \(why)") }
        func numbers(_ line: Substring?, prefix: String?, count: Int) throws(ModelError) -> [Double] {
            guard let line else { throw fail("ends early") }
            var fields = line.split(separator: " ")[...]
            if let prefix {
                guard fields.first == Substring(prefix) else { throw fail("expected \(prefix)") }
                fields = fields.dropFirst()
            }
            let values = fields.compactMap { Double($0) }
            guard values.count == fields.count, values.count == count, values.allSatisfy(\.isFinite) else {
                throw fail("expected \(count) numbers")
            }
            return values
        }
        let version = lines.popFirst()
        guard version == "stroke-classifier 1" || version == "stroke-classifier 2" else {
            throw fail("not a version 1 or 2 stroke classifier")
        }
        // a network trained without the row context reads the leading features of each row
        let accepted = [StrokeFeatures.inputCount, StrokeFeatures.inputCount - StrokeFeatures.contextCount]
        let count = try numbers(lines.popFirst(), prefix: "inputs", count: 1)[0]
        guard let inputs = Int(exactly: count), accepted.contains(inputs) else {
            throw fail("takes \(count) inputs, features have \(StrokeFeatures.inputCount)")
        }
        mean = try numbers(lines.popFirst(), prefix: "mean", count: inputs)
        scale = try numbers(lines.popFirst(), prefix: "scale", count: inputs)
        func matrix(rows: Int, columns: Int) throws(ModelError) -> [Float] {
            var values: [Float] = []
            for _ in 0..<rows { values += try numbers(lines.popFirst(), prefix: nil, count: columns).map { Float($0) } }
            return values
        }
        var stages: [Stage] = []
        var width = inputs
        while let header = lines.popFirst() {
            let fields = header.split(separator: " ")
            if version == "stroke-classifier 2", fields.count == 3, fields[0] == "bilstm", let n = Int(fields[1]),
                let h = Int(fields[2]), n == width, (1...256).contains(h)
            {
                func direction() throws(ModelError) -> BidirectionalLSTM.Direction {
                    let wx = try matrix(rows: n, columns: 4 * h)
                    let wh = try matrix(rows: h, columns: 4 * h)
                    let b = try matrix(rows: 1, columns: 4 * h)
                    return BidirectionalLSTM.Direction(
                        wx: WeightMatrix(wx, rows: n, columns: 4 * h, for: StrokeClassifier.kernels),
                        wh: WeightMatrix(wh, rows: h, columns: 4 * h, for: StrokeClassifier.kernels), b: b)
                }
                let forward = try direction()
                let backward = try direction()
                stages.append(.sequence(BidirectionalLSTM(forward: forward, backward: backward, input: n, hidden: h)))
                width = n + 2 * h
                continue
            }
            guard fields.count == 4, fields[0] == "layer", let n = Int(fields[1]), let m = Int(fields[2]),
                n == width, (1...1024).contains(m), fields[3] == "relu" || fields[3] == "none"
            else { throw fail("bad layer header") }
            var weights: [Double] = []
            for _ in 0..<m { weights += try numbers(lines.popFirst(), prefix: nil, count: n) }
            let biases = try numbers(lines.popFirst(), prefix: nil, count: m)
            let layer = StrokeClassifier.Layer(
                inputs: n, outputs: m, weights: weights, biases: biases, relu: fields[3] == "relu")
            stages.append(.dense(layer))
            width = m
        }
        guard case .dense = stages.last, width == StrokeClassifier.classCount else {
            throw fail("expected 3 outputs")
        }
        self.stages = stages
    }
}
