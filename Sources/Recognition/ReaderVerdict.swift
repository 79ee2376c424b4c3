import Foundation

/// The reader's own verdict on ink the layout let through: after a page's lines are read, each
/// word is judged writing or drawing from what the reading made of it, and a word judged drawing
/// gives no readings (its strokes then count as drawing).
///
/// The stroke classifier decides before reading, from shape and context alone, and leaves ink it
/// doubts to the reader, since writing lost costs words. Drawing it lets through reads unlike
/// writing: unsure readings, no listed word, an odd mix of letters, digits and marks, many traces
/// for few characters, ink much larger or longer than the line's letters. A small network over
/// those figures (`features`), with the classifier's probabilities of the word's traces, decides;
/// it is trained on generated note pages (`Training/layout/verdict.py`), never on real notes, and
/// costs no second reading.
///
/// Weight file (`Resources/reader-verdict.txt`, text, written by `Training/layout/verdict.py`):
///
///     reader-verdict 1
///     inputs N                    (N = `featureCount`)
///     mean v1 … vN
///     scale v1 … vN
///     layer IN OUT relu|none      then OUT lines of IN weights, then one line of OUT biases
///     …                           (the last layer has 1 output: the logit of drawing)
///     threshold T                 a word whose probability of drawing is above T is dropped
///
/// Inputs are standardised as `(x - mean) * scale`.
package struct ReaderVerdict: Sendable {
    let mean: [Double]
    let scale: [Double]
    let layers: [StrokeClassifier.Layer]
    /// A word whose probability of drawing is above this gives no readings.
    package var threshold: Double

    /// Whether the shipped recognizer judges its readings (`configured` without the variable).
    static let isShipped = true

    /// The variable that turns the verdict on at its value as threshold, for measuring it against
    /// the same binary without it; a value above 1 keeps every word.
    static let environmentVariable = "NBI_READER_VERDICT"

    /// The verdict the product reads with: the shipped weights when `isShipped` or when
    /// `NBI_READER_VERDICT` gives a threshold, else nil (every word kept).
    /// - Throws: `ModelError` when the weights are wanted and missing or damaged.
    package static func configured(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ModelError) -> ReaderVerdict? {
        let override = environment[environmentVariable].flatMap(Double.init)
        guard isShipped || override != nil else { return nil }
        let data = try RecognizerResources.load("reader-verdict", "txt")
        var verdict = try ReaderVerdict(text: String(decoding: data, as: UTF8.self))
        if let override { verdict.threshold = override }
        return verdict
    }

    /// Reads a weight file's text.
    /// - Throws: `ModelError.invalid` naming what is wrong (header, counts, numbers, shapes).
    package init(text: String) throws(ModelError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        func fail(_ why: String) -> ModelError { .invalid("reader-verdict.txt: \(why)") }
        func numbers(prefix: String?, count: Int) throws(ModelError) -> [Double] {
            guard let line = lines.popFirst() else { throw fail("ends early") }
            var fields = line.split(separator: " ")[...]
            if let prefix {
                guard fields.popFirst().map(String.init) == prefix else { throw fail("expected '\(prefix)'") }
            }
            let values = fields.compactMap { Double($0) }
            guard values.count == fields.count, values.count == count, values.allSatisfy(\.isFinite) else {
                throw fail("'\(prefix ?? "weights")' needs \(count) numbers")
            }
            return values
        }
        guard lines.popFirst() == "reader-verdict 1" else { throw fail("not a version 1 reader verdict") }
        guard let inputs = try numbers(prefix: "inputs", count: 1).first.map({ Int($0) }), inputs == Self.featureCount
        else { throw fail("needs \(Self.featureCount) inputs") }
        mean = try numbers(prefix: "mean", count: inputs)
        scale = try numbers(prefix: "scale", count: inputs)
        var layers: [StrokeClassifier.Layer] = []
        var width = inputs
        while let header = lines.first, header.hasPrefix("layer ") {
            lines.removeFirst()
            let fields = header.split(separator: " ")
            guard fields.count == 4, let n = Int(fields[1]), let m = Int(fields[2]), n == width, (1...1024).contains(m),
                fields[3] == "relu" || fields[3] == "none"
            else { throw fail("bad layer line '\(header)'") }
            var weights: [Double] = []
            for _ in 0..<m { weights += try numbers(prefix: nil, count: n) }
            let biases = try numbers(prefix: nil, count: m)
            layers.append(
                StrokeClassifier.Layer(
                    inputs: n, outputs: m, weights: weights, biases: biases, relu: fields[3] == "relu"))
            width = m
        }
        guard !layers.isEmpty, width == 1 else { throw fail("the last layer must have 1 output") }
        self.layers = layers
        guard let threshold = try numbers(prefix: "threshold", count: 1).first else { throw fail("no threshold") }
        self.threshold = threshold
    }

    /// The probability that a word with these `features` is drawing.
    func drawingProbability(_ features: [Double]) -> Double {
        let x = layers.reduce(zip(features, zip(mean, scale)).map { ($0 - $1.0) * $1.1 }) {
            StrokeClassifier.apply($1, to: $0)
        }
        return 1 / (1 + exp(-x[0]))
    }

    /// The words of each read line that the verdict takes for writing; lines read without the
    /// classifier's probabilities (CJK writing, the rules) keep every word.
    func judged(_ read: [(TextLine, [DecodedWord])], reader: any LineReading) -> [(TextLine, [DecodedWord])] {
        let features = Self.features(of: read, reader: reader)
        return zip(read, features).map { lineRead, lineFeatures -> (TextLine, [DecodedWord]) in
            guard let lineFeatures else { return lineRead }
            let kept = zip(lineRead.1, lineFeatures).filter { drawingProbability($0.1) <= threshold }.map(\.0)
            return (lineRead.0, kept)
        }
    }
}
