import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// The learned stroke classifier against its training code: the features and probabilities of a
/// generated page (Tests/Fixtures/stroke-classifier-golden.json, written by
/// Training/layout/train.py with the shipped weights), and the weight file's checks.
@Suite struct StrokeClassifierTests {
    struct Golden: Decodable {
        var traces: [[[Double]]]
        var rows: [[Double]]
        var probabilities: [[Double]]
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/stroke-classifier-golden.json")

    static func traces(_ golden: Golden) -> [InkTrace] {
        golden.traces.enumerated().compactMap { n, points in
            InkTrace(
                points: points.map {
                    InkPoint(location: Point(x: $0[0], y: $0[1]), strokeIndex: n, startsTrace: false)
                },
                order: n)
        }
    }

    @Test func featuresMatchTheTrainingCode() throws {
        let golden = try JSONDecoder().decode(Golden.self, from: Data(contentsOf: Self.fixture))
        let traces = Self.traces(golden)
        let rows = StrokeFeatures.rows(of: traces, sizes: LocalSize.sizes(of: traces))
        #expect(rows.count == golden.rows.count)
        for (i, (row, expected)) in zip(rows, golden.rows).enumerated() {
            #expect(row.count == StrokeFeatures.inputCount)
            for (k, (a, b)) in zip(row, expected).enumerated() {
                #expect(abs(a - b) <= 1e-4 * max(1, abs(b)), "trace \(i) feature \(k): \(a) against \(b)")
            }
        }
    }

    @Test func probabilitiesMatchTheTrainingCode() throws {
        let golden = try JSONDecoder().decode(Golden.self, from: Data(contentsOf: Self.fixture))
        let classifier = try StrokeClassifier.shipped.get()
        let page = classifier.probabilities(ofPage: golden.rows)
        #expect(page.count == golden.probabilities.count)
        for (p, expected) in zip(page, golden.probabilities) {
            for (a, b) in zip(p, expected) { #expect(abs(a - b) <= 1e-5, "\(p) against \(expected)") }
        }
    }

    /// A sequence model (`train.py --sequence`, version 2 weights, not shipped) against its training
    /// code on a generated page: the LSTM's matrices, gate order and summed biases as PyTorch has them.
    @Test func sequenceModelMatchesTheTrainingCode() throws {
        let fixtures = Self.fixture.deletingLastPathComponent()
        let golden = try JSONDecoder().decode(
            Golden.self, from: Data(contentsOf: fixtures.appendingPathComponent("stroke-sequence-golden.json")))
        let text = try String(contentsOf: fixtures.appendingPathComponent("stroke-sequence.txt"), encoding: .utf8)
        let classifier = try StrokeClassifier(text: text)
        #expect(classifier.networks[0].stages.contains { if case .sequence = $0 { true } else { false } })
        let page = classifier.probabilities(ofPage: golden.rows)
        #expect(page.count == golden.probabilities.count)
        for (p, expected) in zip(page, golden.probabilities) {
            for (a, b) in zip(p, expected) { #expect(abs(a - b) <= 1e-5, "\(p) against \(expected)") }
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for cut in [5, 6, 7, lines.count / 2, lines.count - 2] {
            #expect(throws: ModelError.self) { try StrokeClassifier(text: lines.prefix(cut).joined(separator: "\n")) }
        }
    }

    @Test func truncatedWeightFileIsRefused() throws {
        let data = try RecognizerResources.load("stroke-classifier", "txt")
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for cut in [0, 1, 2, 3, 5, lines.count / 2, lines.count - 2] {
            let short = lines.prefix(cut).joined(separator: "\n")
            #expect(throws: ModelError.self) { try StrokeClassifier(text: short) }
        }
        #expect(throws: ModelError.self) {
            try StrokeClassifier(text: text.replacingOccurrences(of: "relu", with: "tanh"))
        }
        #expect(throws: ModelError.self) {
            try StrokeClassifier(text: text.replacingOccurrences(of: "inputs ", with: "inputs 1"))
        }
        _ = try StrokeClassifier(text: text)
    }

    /// A version 2 file's `bilstm` stage carries each trace's values to the traces written after it
    /// (forward) and before it (backward). Hand-made weights: both directions add up tanh of the
    /// first feature, the forward state drives the drawing logit and the backward one the markup's.
    @Test func sequenceStageCarriesEachTraceToTheOthers() throws {
        let n = StrokeFeatures.inputCount
        let zeros = { (k: Int) in Array(repeating: "0", count: k).joined(separator: " ") }
        let first = "1 " + zeros(n - 1)
        let direction = ["0 0 1 0", "0 0 0 0", "10 10 0 10"]
        let text =
            ([
                "stroke-classifier 2", "inputs \(n)", "mean " + zeros(n), "scale " + first,
                "layer \(n) 1 none", first, "0", "bilstm 1 1",
            ] + direction + direction
            + ["layer 3 3 none", "0 0 0", "0 10 0", "0 0 10", "0 0 0"]).joined(separator: "\n")
        let classifier = try StrokeClassifier(text: text)
        let marked = [1] + [Double](repeating: 0, count: n - 1)
        let plain = [Double](repeating: 0, count: n)
        let alone = classifier.probabilities(ofPage: [plain])[0]
        #expect(alone.allSatisfy { abs($0 - 1.0 / 3) < 1e-6 })
        let after = classifier.probabilities(ofPage: [marked, plain])[1]
        #expect(after[1] > 0.9, "the forward state carries the trace before: \(after)")
        let before = classifier.probabilities(ofPage: [plain, marked])[0]
        #expect(before[2] > 0.9, "the backward state carries the trace after: \(before)")
        #expect(throws: ModelError.self) {
            try StrokeClassifier(
                text: text.replacingOccurrences(of: "stroke-classifier 2", with: "stroke-classifier 1"))
        }
    }

    /// A weight file trained before the row context (`StrokeFeatures.contextCount`) reads the
    /// leading values of each row; any other input count is refused.
    @Test func weightsWithoutRowContextStillLoad() throws {
        func weights(inputs: Int) -> String {
            let zeros = { (n: Int) in Array(repeating: "0", count: n).joined(separator: " ") }
            let header = ["stroke-classifier 1", "inputs \(inputs)", "mean " + zeros(inputs), "scale " + zeros(inputs)]
            let layer = ["layer \(inputs) 3 none"] + Array(repeating: zeros(inputs), count: 3) + ["0 1 0"]
            return (header + layer).joined(separator: "\n")
        }
        let full = StrokeFeatures.inputCount, legacy = full - StrokeFeatures.contextCount
        let row = [Double](repeating: 1, count: full)
        for inputs in [full, legacy] {
            let p = try StrokeClassifier(text: weights(inputs: inputs)).probabilities(ofPage: [row])[0]
            #expect(p[1] > p[0] && p[1] > p[2])
        }
        #expect(throws: ModelError.self) { try StrokeClassifier(text: weights(inputs: legacy + 1)) }
    }

    /// A file of several networks (seeds of one recipe, an MLP beside a sequence model) gives the
    /// mean of their probabilities; a damaged network anywhere in it refuses the file.
    @Test func networksInOneFileAverageTheirProbabilities() throws {
        let n = StrokeFeatures.inputCount
        let zeros = { (k: Int) in Array(repeating: "0", count: k).joined(separator: " ") }
        func network(biases: String) -> String {
            (["stroke-classifier 1", "inputs \(n)", "mean " + zeros(n), "scale " + zeros(n), "layer \(n) 3 none"]
                + Array(repeating: zeros(n), count: 3) + [biases]).joined(separator: "\n")
        }
        let drawing = network(biases: "0 20 0"), writing = network(biases: "20 0 0")
        let row = [Double](repeating: 1, count: n)
        let p = try StrokeClassifier(text: drawing + "\n" + writing).probabilities(ofPage: [row, row])
        for trace in p {
            #expect(abs(trace[0] - 0.5) < 1e-6 && abs(trace[1] - 0.5) < 1e-6, "\(trace)")
        }
        #expect(try StrokeClassifier(text: writing + "\n" + drawing + "\n" + drawing).networks.count == 3)
        #expect(throws: ModelError.self) {
            try StrokeClassifier(text: drawing + "\n" + writing.replacingOccurrences(of: "20 0 0", with: "20 0"))
        }
        #expect(throws: ModelError.self) { try StrokeClassifier(text: "layer 1 1 none\n" + drawing) }
    }

    /// The `l` of `tool` on a real page was dropped as drawing: a tall straight stroke whose
    /// centre lies above its letters' centres saw no letters in its row. The letters within the
    /// height of a trace no wider than a letter are in its row too.
    @Test func ascenderSeesTheLettersBesideIt() {
        func ring(_ x: Double) -> [Point] {
            (0...12).map { k in
                let a = Double(k) / 12 * 2 * Double.pi
                return Point(x: x + 4 * cos(a), y: 56 + 4 * sin(a))
            }
        }
        let ascender = [Point(x: 30, y: 32), Point(x: 30.2, y: 45), Point(x: 30.5, y: 60)]
        let strokes = [ring(10), ring(20), ascender, ring(40), ring(50)]
        let traces = strokes.enumerated().compactMap { n, points in
            InkTrace(
                points: points.map { InkPoint(location: $0, strokeIndex: n, startsTrace: false) }, order: n)
        }
        let rows = StrokeFeatures.rows(of: traces, sizes: LocalSize.sizes(of: traces))
        let context = StrokeFeatures.inputCount - StrokeFeatures.contextCount
        // letters on its left and on its right, and a cluster of them
        #expect(rows[2][context] > 0)
        #expect(rows[2][context + 1] > 0)
        #expect(rows[2][StrokeFeatures.inputCount - 2] > 0)
    }
}
