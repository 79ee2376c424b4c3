import Foundation

/// The learned stroke classifier: for each trace of a page, how likely it is writing rather than
/// drawing (figures, arrows, connectors, tables, brackets, fraction bars) or markup (underlines,
/// strike-outs, circles and boxes around words). A small MLP over `StrokeFeatures` rows, trained on
/// generated note pages (`Training/layout/`), never on the real labelled strokes it is measured on.
///
/// Weight file (`Resources/stroke-classifier.txt`, text, written by `Training/layout/train.py`):
///
///     stroke-classifier 1
///     inputs N
///     mean v1 … vN
///     scale v1 … vN
///     layer IN OUT relu|none      then OUT lines of IN weights, then one line of OUT biases
///     …                           (the last layer has 3 outputs: writing, drawing, markup)
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

    let mean: [Double]
    let scale: [Double]
    let layers: [Layer]

    /// Classes in output order.
    static let classCount = 3

    /// A trace whose probability of being writing is below this is read as no writing.
    static let writingThreshold = 0.1

    /// Reads a weight file's text.
    /// - Throws: `ModelError.invalid` naming what is wrong (header, counts, numbers, shapes).
    package init(text: String) throws(ModelError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
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
        guard lines.popFirst() == "stroke-classifier 1" else { throw fail("not a version 1 stroke classifier") }
        // a network trained without the row context reads the leading features of each row
        let accepted = [StrokeFeatures.inputCount, StrokeFeatures.inputCount - StrokeFeatures.contextCount]
        let count = try numbers(lines.popFirst(), prefix: "inputs", count: 1)[0]
        guard let inputs = Int(exactly: count), accepted.contains(inputs) else {
            throw fail("takes \(count) inputs, features have \(StrokeFeatures.inputCount)")
        }
        mean = try numbers(lines.popFirst(), prefix: "mean", count: inputs)
        scale = try numbers(lines.popFirst(), prefix: "scale", count: inputs)
        var layers: [Layer] = []
        var width = inputs
        while let header = lines.popFirst() {
            let fields = header.split(separator: " ")
            guard fields.count == 4, fields[0] == "layer", let n = Int(fields[1]), let m = Int(fields[2]),
                n == width, (1...1024).contains(m), fields[3] == "relu" || fields[3] == "none"
            else { throw fail("bad layer header") }
            var weights: [Double] = []
            for _ in 0..<m { weights += try numbers(lines.popFirst(), prefix: nil, count: n) }
            let biases = try numbers(lines.popFirst(), prefix: nil, count: m)
            layers.append(Layer(inputs: n, outputs: m, weights: weights, biases: biases, relu: fields[3] == "relu"))
            width = m
        }
        guard !layers.isEmpty, width == Self.classCount else { throw fail("expected 3 outputs") }
        self.layers = layers
    }

    /// The classifier shipped in the resources; a failure when the file is missing or damaged.
    package static let shipped: Result<StrokeClassifier, ModelError> = Result { () throws(ModelError) in
        let data = try RecognizerResources.load("stroke-classifier", "txt")
        return try StrokeClassifier(text: String(decoding: data, as: UTF8.self))
    }

    /// Softmax probabilities (writing, drawing, markup) of one `StrokeFeatures` row (its first
    /// `mean.count` values).
    func probabilities(of row: [Double]) -> [Double] {
        var x = zip(row, zip(mean, scale)).map { ($0 - $1.0) * $1.1 }
        for layer in layers {
            var y = layer.biases
            for o in 0..<layer.outputs {
                let base = o * layer.inputs
                var sum = 0.0
                for i in 0..<layer.inputs { sum += layer.weights[base + i] * x[i] }
                y[o] += sum
                if layer.relu, y[o] < 0 { y[o] = 0 }
            }
            x = y
        }
        let top = x.max() ?? 0
        let e = x.map { exp($0 - top) }
        let total = e.reduce(0, +)
        return e.map { $0 / total }
    }

    /// Whether each trace is writing, by the probability of writing against `writingThreshold`.
    /// - Complexity: O(n²) for n traces (`StrokeFeatures.rows`), then O(n) network evaluations.
    func isWriting(_ traces: [InkTrace], sizes: [Double]) -> [Bool] {
        let context = mean.count == StrokeFeatures.inputCount
        return StrokeFeatures.rows(of: traces, sizes: sizes, context: context).map {
            probabilities(of: $0)[0] >= Self.writingThreshold
        }
    }
}
