import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// The CJK character network (the shipped `cjk-characters.nbm`) against numpy's forward pass of
/// the same weights (`export_cjk.py`'s `forward_from_tensors`), and its refusal of bad files.
struct CharacterNetworkTests {
    static func shipped() throws -> Data {
        try RecognizerResources.load(RecognizerResources.characterModelName, RecognizerResources.modelExtension)
    }

    /// The golden top five logits within 1e-3 of the largest of them (float32 sums in another
    /// order than numpy's float64 ones; the float16 weights widen exactly), 3e-3 where the
    /// kernels multiply in 16-bit integers (about 12 bits of each weight and activation), and the
    /// same best class, from the trainer's own raster (so this isolates the network), with every
    /// build of the kernels this processor runs.
    @Test(arguments: KernelSet.supported)
    func logitsMatchTheTrainer(kernels: KernelSet) throws {
        let golden = try CharacterGolden.load()
        let network = try CharacterNetwork(container: ModelContainer(data: Self.shipped()), kernels: kernels)
        for (k, c) in golden.cases.enumerated() {
            let logits = network.logits(image: c.raster.map(Float.init))
            #expect(logits.count == network.characters.count)
            let tolerance = (kernels.multipliesInIntegers ? 3e-3 : 1e-3) * (c.logits.map(abs).max() ?? 1)
            for (index, expected) in zip(c.top, c.logits) {
                #expect(abs(Double(logits[index]) - expected) <= tolerance, "case \(k), class \(index)")
            }
            #expect(CharacterNetwork.best(logits, count: 1) == [c.top[0]], "case \(k)")
        }
    }

    /// The convolutions compute only the pixels the ink reaches and copy the blank image's
    /// activations elsewhere: the features are to the bit those of every pixel computed, for whole
    /// characters, a single stroke (a narrow box, mostly margin), an image without ink and one
    /// inked to its corners, with every build of the kernels this processor runs.
    @Test(arguments: KernelSet.supported)
    func skippingBlankPixelsChangesNoFeature(kernels: KernelSet) throws {
        let golden = try CharacterGolden.load()
        let network = try CharacterNetwork(container: ModelContainer(data: Self.shipped()), kernels: kernels)
        let side = network.raster.side
        var images = golden.cases.map { $0.raster.map(Float.init) }
        images += golden.cases.compactMap { $0.points.first }.map { network.raster.image(of: [$0]) }
        images.append([Float](repeating: 0, count: side * side))
        var corners = [Float](repeating: 0, count: side * side)
        corners[0] = 1
        corners[side * side - 1] = 0.5
        images.append(corners)
        for (k, image) in images.enumerated() {
            #expect(
                network.convolutions.features(of: image)
                    == network.convolutions.features(of: image, skippingBlank: false),
                "image \(k)")
        }
    }

    /// From strokes to candidates, the ink seen as written only: the golden best class first,
    /// scores the log-softmax of the logits (log-probabilities, best first, at most `count`).
    @Test func classifyGivesLogProbabilitiesBestFirst() throws {
        let golden = try CharacterGolden.load()
        var network = try CharacterNetwork(data: Self.shipped())
        network.views = [(1, 0)]
        for (k, c) in golden.cases.enumerated() {
            let candidates = network.classify(c.points, count: 5)
            #expect(candidates.count == 5)
            #expect(candidates.first?.character == network.characters[c.top[0]], "case \(k)")
            #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $0.score >= $1.score })
            #expect(candidates.allSatisfy { $0.score <= 0 })
            let logits = network.logits(image: network.raster.image(of: c.points))
            let top = try #require(logits.max())
            let logSum = Double(top) + log(logits.reduce(0.0) { $0 + exp(Double($1 - top)) })
            let first = try #require(candidates.first)
            #expect(abs(first.score - (Double(logits[c.top[0]]) - logSum)) < 1e-4, "case \(k)")
        }
        #expect(network.classify([], count: 5).isEmpty)
        #expect(network.classify([[]], count: 5).isEmpty)
        #expect(network.classify(golden.cases[0].points, count: 0).isEmpty)
        #expect(network.classify(golden.cases[0].points, count: 1).count == 1)
    }

    /// With several views, a class's probability is the mean of its probabilities in the views
    /// (the ink stretched or sheared before the raster), and they still sum to one.
    @Test func viewsAverageTheirProbabilities() throws {
        let golden = try CharacterGolden.load()
        let network = try CharacterNetwork(data: Self.shipped())
        #expect(network.views.count > 1)
        for c in golden.cases {
            let averaged = try #require(network.logProbabilities(of: c.points))
            var mean = [Double](repeating: 0, count: averaged.count)
            for view in network.views {
                var one = network
                one.views = [view]
                let p = try #require(one.logProbabilities(of: c.points))
                for i in p.indices { mean[i] += exp(Double(p[i])) / Double(network.views.count) }
            }
            for i in c.top { #expect(abs(Double(averaged[i]) - log(mean[i])) < 1e-4) }
            #expect(abs(averaged.reduce(0.0) { $0 + exp(Double($1)) } - 1) < 1e-3)
        }
    }

    /// The shipped reader is the network averaged with its companion: a class's probability is
    /// the mean of the two networks' own, still summing to one, and a network of other classes
    /// is refused as a companion.
    @Test func companionsAverageTheirProbabilities() throws {
        let golden = try CharacterGolden.load()
        let bundled = try CharacterNetwork.bundled()
        #expect(bundled.companions.count == RecognizerResources.companionCharacterModelNames.count)
        let alone = try CharacterNetwork(data: Self.shipped())
        let companion = try #require(bundled.companions.first)
        #expect(companion.trainingStep != alone.trainingStep)
        for c in golden.cases {
            let averaged = try #require(bundled.logProbabilities(of: c.points))
            let own = try #require(alone.logProbabilities(of: c.points))
            let theirs = try #require(companion.logProbabilities(of: c.points))
            for i in c.top {
                let mean = (exp(Double(own[i])) + exp(Double(theirs[i]))) / 2
                #expect(abs(Double(averaged[i]) - log(mean)) < 1e-4)
            }
            #expect(abs(averaged.reduce(0.0) { $0 + exp(Double($1)) } - 1) < 1e-3)
        }
        var other = try ModelContainer(data: Self.shipped())
        let json = String(decoding: other.metadataJSON, as: UTF8.self)
        other.metadataJSON = Data(json.replacingOccurrences(of: #""characters": ""#, with: #""characters": "X"#).utf8)
        other.tensors["out.weight"] = .init(
            shape: [256, alone.characters.count + 1],
            values: [Float](repeating: 0, count: 256 * (alone.characters.count + 1)))
        other.tensors["out.bias"] = .init(
            shape: [alone.characters.count + 1], values: [Float](repeating: 0, count: alone.characters.count + 1))
        let stranger = try CharacterNetwork(container: other)
        #expect {
            try alone.averaged(with: [stranger])
        } throws: { error in
            "\(error)".contains("reads other classes")
        }
    }

    /// Characters read together (`glances(at:)`, a reading's views) get, to the bit, what each
    /// gets read alone: the dense layers' rows are summed as alone.
    @Test func charactersReadTogetherGetWhatTheyGetAlone() throws {
        let golden = try CharacterGolden.load()
        let bundled = try CharacterNetwork.bundled()
        let characters = golden.cases.map(\.points) + [[], [[]]]
        let together = bundled.glances(at: characters)
        #expect(together.count == characters.count)
        for (strokes, glance) in zip(characters, together) {
            guard strokes.contains(where: { !$0.isEmpty }) else {
                #expect(glance == nil)
                continue
            }
            #expect(glance == bundled.glance(at: strokes))
            // the full reading from the glance is the full reading made from nothing
            #expect(bundled.logProbabilities(of: strokes, glance: glance) == bundled.logProbabilities(of: strokes))
        }
    }

    /// One instance classifies on many threads at once and gets what it gets alone.
    @Test func oneNetworkServesEveryThread() async throws {
        let golden = try CharacterGolden.load()
        let network = try CharacterNetwork.bundled()
        let alone = golden.cases.map { network.classify($0.points, count: 3) }
        let together = await withTaskGroup(of: (Int, [CharacterCandidate]).self) { group in
            for (k, c) in golden.cases.enumerated() {
                group.addTask { (k, network.classify(c.points, count: 3)) }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for k in alone.indices { #expect(together[k] == alone[k], "case \(k)") }
    }

    /// The highest scores first, ties by the lower index, NaN never chosen.
    @Test func bestKeepsTheHighestInOrder() {
        #expect(CharacterNetwork.best([1, 5, 3, 5, .nan, 4], count: 3) == [1, 3, 5])
        #expect(CharacterNetwork.best([2, 1], count: 5) == [0, 1])
        #expect(CharacterNetwork.best([.nan, 1], count: 1) == [1])
    }

    @Test func theLoaderFindsTheResource() throws {
        let network = try CharacterNetwork.bundled()
        #expect(network.raster == CharacterRaster(side: 32, inner: 28, supersampling: 4, radius: 1))
        #expect(network.characters.count > 3000)
        for c in ["日", "本", "的", "あ", "ア"] { #expect(network.characters.contains(c)) }
        #expect(try Self.shipped().count <= 10 << 20, "the character model must stay within 10 MB")
    }

    /// The line recognizer's file is a model file but not a character network: refused by name.
    @Test func anotherArchitectureIsRefused() throws {
        let recognizer = try RecognizerResources.load(RecognizerResources.modelName, RecognizerResources.modelExtension)
        #expect {
            try CharacterNetwork(data: recognizer)
        } throws: { error in
            "\(error)".contains("architecture sepconv-bilstm-ctc is not a character network")
                || "\(error)".contains("architecture conv3-bilstm-ctc is not a character network")
        }
        #expect(throws: ModelError.self) { try ModelFile(data: Self.shipped()) }
    }

    /// A damaged file is refused with a reason, never trusted: cut short, one byte too many.
    @Test(arguments: [0, 3, 8, 20, 200, 5000, 4_000_000, -1])
    func truncatedFileIsRefused(keep: Int) throws {
        let data = try Self.shipped()
        let damaged = keep >= 0 ? data.prefix(keep) : data + Data([0])
        #expect(throws: ModelError.self) { try CharacterNetwork(data: Data(damaged)) }
    }

    /// Tensors that disagree with the metadata: each refused, the reason naming what is wrong.
    @Test(arguments: [
        ("conv1.weight", [287, 64], "tensor conv1.weight has shape [287, 64], expected [288, 64]"),
        ("out.bias", [5181], "tensor out.bias has shape [5181], expected [5182]"),
        ("conv9.weight", [9, 1], "the file has 15 tensors, the layers need 14"),
    ])
    func aTensorOfTheWrongShapeIsRefused(name: String, shape: [Int], reason: String) throws {
        var file = try ModelContainer(data: Self.shipped())
        file.tensors[name] = .init(shape: shape, values: [Float](repeating: 0, count: shape.reduce(1, *)))
        #expect {
            try CharacterNetwork(container: file)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    /// Metadata the network cannot run: refused with the reason, not trapped on.
    @Test(arguments: [
        (
            #""architecture": "cjk-cnn""#, #""architecture": "cjk-rnn""#,
            "architecture cjk-rnn is not a character network"
        ),
        (#""super": 4"#, #""super": 0"#, "raster side 32, inner 28, super 0, radius 1.0 is out of range"),
        (#""side": 32"#, #""side": 31"#, "a max pool over an odd side 31"),
        (#""hidden": 256"#, #""hidden": -1"#, "hidden width -1"),
        (#""layers": [32"#, #""layers": [-3"#, "a convolution of -3 channels"),
        (#""characters": ""#, #""characters": "", "unused": ""#, "the model has no characters"),
        (#""side": 32"#, #""sides": 32"#, "model metadata is not valid"),
    ])
    func badMetadataIsRefused(from: String, to: String, reason: String) throws {
        var file = try ModelContainer(data: Self.shipped())
        let json = String(decoding: file.metadataJSON, as: UTF8.self)
        #expect(json.contains(from))
        file.metadataJSON = Data(json.replacingOccurrences(of: from, with: to).utf8)
        #expect {
            try CharacterNetwork(container: file)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    /// A weight that is not a number is refused at loading rather than poisoning every score.
    @Test func aWeightThatIsNotANumberIsRefused() throws {
        var file = try ModelContainer(data: Self.shipped())
        file.tensors["hidden.bias"]?.values[3] = .nan
        #expect {
            try CharacterNetwork(container: file)
        } throws: { error in
            "\(error)".contains("tensor hidden.bias holds a value that is not finite")
        }
    }
}
