import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// The Swift network and feature extraction against what the trainer computes for the same real
/// samples (Tests/Fixtures/recognizer-golden.json, written by Training/export.py with the model).
struct GoldenLogitsTests {
    struct Case: Decodable {
        var id: String
        var label: String
        var strokes: [[[Double]]]
        var features: [[Double]]
        var logProbabilities: [[Double]]
    }

    struct Golden: Decodable {
        var cases: [Case]
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/recognizer-golden.json")

    static func load() throws -> (Golden, NeuralLineReader) {
        let golden = try JSONDecoder().decode(Golden.self, from: Data(contentsOf: fixture))
        let reader = try #require(try RecognizerResources.lineReader(languages: ["en"]) as? NeuralLineReader)
        return (golden, reader)
    }

    static func features(_ c: Case, _ reader: NeuralLineReader) -> InkFeatures {
        var points: [InkPoint] = []
        for (si, s) in c.strokes.enumerated() {
            for (k, p) in s.enumerated() {
                points.append(InkPoint(location: Point(x: p[0], y: p[1]), strokeIndex: si, startsTrace: k == 0))
            }
        }
        return reader.features(of: LineInk(points: points))
    }

    /// `logp` (`frames × classCount`) has the case's frames, each value within `tolerance` of the trainer's.
    static func expectClose(_ logp: [Float], _ c: Case, classCount k: Int, within tolerance: Double) {
        #expect(logp.count == c.logProbabilities.count * k, "\(c.id)")
        guard logp.count == c.logProbabilities.count * k else { return }
        var worst = 0.0
        for (t, row) in c.logProbabilities.enumerated() {
            for (j, v) in row.enumerated() { worst = max(worst, abs(Double(logp[t * k + j]) - v)) }
        }
        #expect(worst < tolerance, "\(c.id): largest log-probability difference \(worst)")
    }

    /// Features agree to float32 rounding (the trainer sums in a different order).
    @Test func featuresMatchTheTrainer() throws {
        let (golden, reader) = try Self.load()
        #expect(golden.cases.count >= 3)
        for c in golden.cases {
            let f = Self.features(c, reader)
            #expect(f.count == c.features.count, "\(c.id)")
            guard f.count == c.features.count else { continue }
            var worst = 0.0
            for (i, row) in c.features.enumerated() {
                for (j, v) in row.enumerated() { worst = max(worst, abs(Double(f.values[i * 6 + j]) - v)) }
            }
            #expect(worst < 1e-4, "\(c.id): largest feature difference \(worst)")
        }
    }

    /// Log-probabilities agree within 1e-3 (float32 arithmetic in a different order), with every
    /// build of the kernels this processor runs; within 0.05 where the large products are in
    /// 16-bit integers (about 12 bits of each weight and activation: 0.028 at worst on these
    /// lines, and the same dev-pages recall, precision, CER and WER to the third digit).
    @Test(arguments: KernelSet.supported)
    func logProbabilitiesMatchTheTrainer(kernels: KernelSet) throws {
        let (golden, _) = try Self.load()
        let data = try RecognizerResources.load(RecognizerResources.modelName, RecognizerResources.modelExtension)
        let network = try RecognizerNetwork(file: ModelFile(data: data), kernels: kernels)
        for c in golden.cases {
            // the trainer's own features, so this test isolates the network
            let values = c.features.flatMap { $0.map(Float.init) }
            let logp = network.logProbabilities(features: values, t: c.features.count)
            Self.expectClose(
                logp, c, classCount: network.classCount, within: kernels.multipliesInIntegers ? 0.05 : 1e-3)
        }
    }

    /// Lines read together (a page's, of different lengths, one empty) get exactly what each gets
    /// alone: the batched recurrence sums the same terms in the same order.
    @Test(arguments: KernelSet.supported)
    func linesReadTogetherGetWhatEachGetsAlone(kernels: KernelSet) throws {
        let (golden, _) = try Self.load()
        let data = try RecognizerResources.load(RecognizerResources.modelName, RecognizerResources.modelExtension)
        let network = try RecognizerNetwork(file: ModelFile(data: data), kernels: kernels)
        var lines = golden.cases.map { c in (features: c.features.flatMap { $0.map(Float.init) }, t: c.features.count) }
        lines.insert(([], 0), at: 1)
        let first = try #require(lines.first)
        lines.append((Array(first.features.prefix(6 * 7)), min(7, first.t)))  // a short one
        // twice over, so that the recurrence steps more lines than the widest kernel block (six)
        lines += lines
        let together = network.logProbabilities(lines: lines)
        #expect(together.count == lines.count)
        for (k, line) in lines.enumerated() {
            #expect(together[k] == network.logProbabilities(features: line.features, t: line.t), "line \(k)")
        }
        #expect(together[1].isEmpty && together[6].isEmpty)
    }

    /// Generation 3's separable architecture against PyTorch (`export.py --sepconv-fixture`: a
    /// small network with random weights, its golden data from bakeoff.py's own forward pass), with
    /// its weight matrices stored as float32 and as float16.
    @Test(arguments: KernelSet.supported, ["sepconv-small", "sepconv-small-half"])
    func theSeparableNetworkMatchesTheTrainer(kernels: KernelSet, fixture: String) throws {
        let fixtures = Self.fixture.deletingLastPathComponent()
        let golden = try JSONDecoder().decode(
            Golden.self, from: Data(contentsOf: fixtures.appendingPathComponent(fixture + "-golden.json")))
        let data = try Data(contentsOf: fixtures.appendingPathComponent(fixture + ".nbm"))
        let file = try ModelFile(data: data)
        let network = try RecognizerNetwork(file: file, kernels: kernels)
        #expect(network.rowsPerFrame == 4)
        #expect(golden.cases.count == 2)
        let lines = golden.cases.map { c in (features: c.features.flatMap { $0.map(Float.init) }, t: c.features.count) }
        for (c, logp) in zip(golden.cases, network.logProbabilities(lines: lines)) {
            #expect(network.frameCount(points: c.features.count) == c.logProbabilities.count, "\(c.id)")
            Self.expectClose(logp, c, classCount: network.classCount, within: 1e-4)
        }
        if fixture.hasSuffix("-half") { #expect(data.count < 15_000) }  // float32: 25,315 bytes
    }

    /// A layer grown on a trained network adds its output to its input (`phase_train.py --grow`), so
    /// one whose weights are all zero (it outputs exactly 0) leaves every log-probability as it was.
    @Test func aGrownLayerThatOutputsNothingChangesNothing() throws {
        let (golden, _) = try Self.load()
        let data = try RecognizerResources.load(RecognizerResources.modelName, RecognizerResources.modelExtension)
        let file = try ModelFile(data: data)
        let (h, layers) = (file.metadata.config.hidden, file.metadata.config.layers)
        var grown = file
        grown.metadata.config.layers = layers + 1
        grown.metadata.config.residualFrom = file.metadata.config.residualFrom ?? layers
        for d in ["fwd", "bwd"] {
            for (name, shape) in [("wx", [2 * h, 4 * h]), ("wh", [h, 4 * h]), ("b", [4 * h])] {
                grown.tensors["lstm\(layers).\(d).\(name)"] = .init(
                    shape: shape, values: [Float](repeating: 0, count: shape.reduce(1, *)))
            }
        }
        let c = try #require(golden.cases.first)
        let values = c.features.flatMap { $0.map(Float.init) }
        let before = try RecognizerNetwork(file: file).logProbabilities(features: values, t: c.features.count)
        let after = try RecognizerNetwork(file: grown).logProbabilities(features: values, t: c.features.count)
        #expect(before == after)

        grown.metadata.config.residualFrom = 0  // the first layer's input is not as wide as its output
        #expect(throws: ModelError.self) { try RecognizerNetwork(file: grown) }
    }

    /// A damaged model file is refused with a reason, never trusted.
    @Test(arguments: [0, 3, 8, 20, 200, 5000, -1])
    func truncatedModelIsRefused(keep: Int) throws {
        let data = try RecognizerResources.load(RecognizerResources.modelName, RecognizerResources.modelExtension)
        let damaged = keep >= 0 ? data.prefix(keep) : data + Data([0])
        #expect(throws: ModelError.self) { try ModelFile(data: Data(damaged)) }
    }

    @Test func theShippedModelLoads() throws {
        let data = try RecognizerResources.load(RecognizerResources.modelName, RecognizerResources.modelExtension)
        let model = try ModelFile(data: data)
        let alphabet = model.metadata.alphabet
        #expect(alphabet.hasPrefix(" !\"#$%&'()*+,-./0123456789"), "ASCII keeps the classes of earlier versions")
        for ch in "éèàçñüöäÉÜ«»„“€¿" { #expect(alphabet.contains(ch)) }
        #expect(DecoderAlphabet.bytes(of: alphabet)?.count == alphabet.unicodeScalars.count)
        #expect(data.count <= 10 << 20, "the model must stay within 10 MB")
    }
}
