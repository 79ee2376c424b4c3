import DrawingModel
import Foundation
import NetworkKernels

/// A convolutional classifier of one handwritten Chinese or Japanese character, trained by
/// `Training/cjk/train_cjk.py` on images of the ink (`CharacterRaster`) and exported by
/// `Training/cjk/export_cjk.py` (architecture "cjk-cnn" in a `ModelContainer`).
///
/// The network, in the layout the file stores (batch norm already folded into the convolutions):
/// the `side × side` raster, one channel, goes through the metadata's `layers` in order — a
/// positive number is a 3×3 convolution to that many channels (padding 1, bias, ReLU), 0 a 2×2
/// max pool (`CharacterConvolutions`) — and then `hidden = relu(flatten · W + b)` and
/// `logits = hidden · W + b`, one logit per class. `export_cjk.py`'s `forward_from_tensors` is
/// the same pass in numpy. Where the processor has AVX2 the products are made in 16-bit integers
/// (`KernelSet.avx2Integer`, `WeightMatrix`), as the line network's are: about 12 bits of each
/// weight and activation, in less time.
///
/// Immutable after loading, so one instance serves every thread.
package struct CharacterNetwork: Sendable {
    /// The metadata `export_cjk.py` writes.
    struct Metadata: Decodable {
        var layers: [Int]
        var hidden: Int
        var side: Int
        var inner: Int
        var supersampling: Int
        var radius: Double
        var characters: String
        /// The characters each language code reads (absent: every class for every language).
        var languages: [String: String]?
        var trainingStep: Int

        enum CodingKeys: String, CodingKey {
            case layers, hidden, side, inner, radius, characters, languages
            case supersampling = "super"
            case trainingStep = "training_step"
        }
    }

    /// The architecture this type reads.
    package static let architecture = "cjk-cnn"
    /// The most channels a convolution may have (the trained ones have 256).
    static let maximumChannels = 4096

    /// How ink becomes the network's input, with the settings the network was trained on.
    package let raster: CharacterRaster
    /// The classes, in the order of the logits: one character each.
    package let characters: [String]
    /// The training step the weights were exported at.
    package let trainingStep: Int
    /// The classes (indices into `characters`) each language code reads; a code not listed reads
    /// every class.
    package let languageClasses: [String: Set<Int>]
    /// The class of each character.
    package let classIndex: [String: Int]
    /// The ways the ink is looked at, each a horizontal stretch and a shear (x' = stretch · x +
    /// shear · y); the probabilities of the views are averaged. Writers make characters narrower
    /// or wider than the fonts do, and the image fits the ink's box keeping its aspect, so two
    /// stretched views besides the ink as written read more of the casual dev characters right
    /// first (`cjk-bench chars.jsonl --engines-only` with `CJK_VIEWS`; docs/recognizer.md), for
    /// three passes a character; two sheared views as well add too little to pay for theirs.
    package var views: [(stretch: Double, shear: Double)] = [(1, 0), (0.85, 0), (1.15, 0)]
    /// Networks over the same classes trained by other runs, whose probabilities are averaged
    /// with this one's, each network weighing the same. Two runs of one recipe err on different
    /// characters: the 8,000- and 16,000-batch schedules together read more of the casual dev
    /// characters right first than the longer one alone, and the dev pages' CER falls
    /// (`cjk-bench`; docs/recognizer.md); an unequal weight measured no better.
    package private(set) var companions: [CharacterNetwork] = []
    let kernels: KernelSet
    let convolutions: CharacterConvolutions
    private let hidden: (weights: WeightMatrix, bias: [Float])
    private let output: (weights: WeightMatrix, bias: [Float])

    /// Reads a "cjk-cnn" model file.
    /// - Throws: `ModelError.invalid` with the reason when the file is damaged, is of another
    ///   architecture, or has a tensor whose shape the metadata does not give.
    package init(data: Data) throws(ModelError) {
        try self.init(container: ModelContainer(data: data))
    }

    init(container file: ModelContainer, kernels: KernelSet = .fastest) throws(ModelError) {
        let architecture = try file.architecture()
        guard architecture == Self.architecture else {
            throw .invalid("architecture \(architecture) is not a character network (expected \(Self.architecture))")
        }
        let meta = try file.metadata(Metadata.self)
        guard
            let raster = CharacterRaster(
                side: meta.side, inner: meta.inner, supersampling: meta.supersampling, radius: meta.radius)
        else {
            throw .invalid(
                "raster side \(meta.side), inner \(meta.inner), super \(meta.supersampling), radius \(meta.radius) is out of range"
            )
        }
        self.raster = raster
        characters = meta.characters.unicodeScalars.map { String($0) }
        guard !characters.isEmpty else { throw .invalid("the model has no characters") }
        guard (1...Self.maximumChannels).contains(meta.hidden) else {
            throw .invalid("hidden width \(meta.hidden) is out of range")
        }
        trainingStep = meta.trainingStep
        let index = Dictionary(characters.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        classIndex = index
        languageClasses = (meta.languages ?? [:]).mapValues { text in
            Set(text.unicodeScalars.compactMap { index[String($0)] })
        }
        self.kernels = kernels

        /// The tensor `name` of `shape`, every value finite (a NaN would poison every score).
        func weights(_ name: String, _ shape: [Int]) throws(ModelError) -> [Float] {
            let values = try file.tensor(name, shape: shape)
            guard values.allSatisfy(\.isFinite) else {
                throw .invalid("tensor \(name) holds a value that is not finite")
            }
            return values
        }
        var layers: [CharacterConvolutions.Layer] = []
        var size = meta.side, channels = 1, convolutionCount = 0
        for spec in meta.layers {
            if spec == 0 {
                guard size % 2 == 0 else { throw .invalid("a max pool over an odd side \(size)") }
                layers.append(.maxPool)
                size /= 2
                continue
            }
            guard (1...Self.maximumChannels).contains(spec) else { throw .invalid("a convolution of \(spec) channels") }
            // the patch matrix is the largest thing a call allocates
            guard size * size * 9 * channels <= ModelContainer.maximumTensorElements else {
                throw .invalid("a convolution over \(size)×\(size)×\(channels) is too large")
            }
            layers.append(
                .convolution(
                    weights: WeightMatrix(
                        try weights("conv\(convolutionCount).weight", [9 * channels, spec]), rows: 9 * channels,
                        columns: spec, for: kernels),
                    bias: try weights("conv\(convolutionCount).bias", [spec]), inputs: channels, outputs: spec))
            channels = spec
            convolutionCount += 1
        }
        self.convolutions = CharacterConvolutions(layers: layers, side: meta.side, kernels: kernels)
        let flat = size * size * channels
        hidden = (
            WeightMatrix(
                try weights("hidden.weight", [flat, meta.hidden]), rows: flat, columns: meta.hidden, for: kernels),
            try weights("hidden.bias", [meta.hidden])
        )
        output = (
            WeightMatrix(
                try weights("out.weight", [meta.hidden, characters.count]), rows: meta.hidden,
                columns: characters.count, for: kernels),
            try weights("out.bias", [characters.count])
        )
        // a tensor the layers do not name means the metadata and the weights disagree
        let expected = 2 * convolutionCount + 4
        guard file.tensors.count == expected else {
            throw .invalid("the file has \(file.tensors.count) tensors, the layers need \(expected)")
        }
    }

    /// This network alone, looking at the ink only as written (one view, no companions): a sixth
    /// of the work of a reading, for a first rough pass over many boxes.
    package var sketch: CharacterNetwork {
        var alone = self
        alone.companions = []
        alone.views = Array(views.prefix(1))
        return alone
    }

    /// This network with each companion looking at the ink in its first `count` views only (at
    /// least one).
    package func companionViews(_ count: Int) -> CharacterNetwork {
        var trimmed = self
        trimmed.companions = companions.map { companion in
            var companion = companion
            companion.views = Array(companion.views.prefix(max(1, count)))
            return companion
        }
        return trimmed
    }

    /// This network read together with `others` (see `companions`).
    /// - Throws: `ModelError.invalid` when one of them has other classes or other languages.
    package func averaged(with others: [CharacterNetwork]) throws(ModelError) -> CharacterNetwork {
        for other in others where other.characters != characters || other.languageClasses != languageClasses {
            throw .invalid("a companion network (step \(other.trainingStep)) reads other classes")
        }
        var joined = self
        joined.companions += others
        return joined
    }

    /// The `count` likeliest characters for one character's strokes, best first.
    /// - Parameters:
    ///   - strokes: the character's strokes in drawing coordinates (y down); their order does not
    ///     matter, their direction only to rounding (it is an image).
    ///   - count: how many candidates to return at most.
    /// - Returns: each candidate with its log-probability (natural log, log-softmax of the
    ///   logits); empty when there is no ink.
    /// - Complexity: one forward pass (about 25 million multiply-adds for the trained network).
    ///   - classes: only these classes are candidates (nil: all); their log-probabilities are
    ///     still those among all classes, so a character another language reads better lowers them.
    package func classify(_ strokes: [[Point]], count: Int, among classes: Set<Int>? = nil) -> [CharacterCandidate] {
        guard count > 0, let scores = logProbabilities(of: strokes) else { return [] }
        return candidates(scores, count: count, among: classes)
    }

    /// The `count` likeliest of `classes` (nil: all) by `logProbabilities(of:)`'s output, best
    /// first: for a caller that also needs the other classes' log-probabilities.
    package func candidates(_ scores: [Float], count: Int, among classes: Set<Int>? = nil) -> [CharacterCandidate] {
        candidates(scores, count: count, mask: classes.map { classes in characters.indices.map(classes.contains) })
    }

    /// `candidates(_:count:among:)` with the classes as a flag per class (`mask[i]`: class `i` is
    /// a candidate; nil: all), which a caller reading many boxes makes once.
    package func candidates(_ scores: [Float], count: Int, mask: [Bool]?) -> [CharacterCandidate] {
        var ranked = scores
        if let mask {
            for i in ranked.indices where !mask[i] { ranked[i] = .nan }
        }
        return Self.best(ranked, count: count).map {
            CharacterCandidate(character: characters[$0], score: Double(scores[$0]))
        }
    }

    /// The log-probability of every class (natural log), indexed as `characters`; nil when
    /// there is no ink.
    package func logProbabilities(of strokes: [[Point]]) -> [Float]? {
        logProbabilities(of: strokes, glance: nil)
    }

    /// The log-probabilities of this network alone looking at the ink as written (its first
    /// view): one pass of the six a reading makes, the pass `sketch` makes; nil when there is no ink.
    package func glance(at strokes: [[Point]]) -> [Float]? {
        glances(at: [strokes])[0]
    }

    /// `glance(at:)` of several characters' strokes at once, in their order: the same
    /// log-probabilities, the dense layers' weights read once for all of them.
    package func glances(at characters: [[[Point]]]) -> [[Float]?] {
        guard let view = views.first else { return characters.map { _ in nil } }
        let inked = characters.indices.filter { characters[$0].contains { !$0.isEmpty } }
        let scores = viewLogProbabilities(of: inked.map { image(of: characters[$0], in: view) })
        var out = [[Float]?](repeating: nil, count: characters.count)
        for (row, i) in inked.enumerated() { out[i] = scores[row] }
        return out
    }

    /// `logProbabilities(of:)`, taking the first view's pass from `glance` (what `glance(at:)`
    /// gave for the same strokes) instead of making it again.
    package func logProbabilities(of strokes: [[Point]], glance: [Float]?) -> [Float]? {
        logProbabilities(of: [(strokes, glance)])[0]
    }

    /// `logProbabilities(of:glance:)` of several characters, in their order: each network's
    /// passes over all of them made together, each character's probabilities summed as alone.
    package func logProbabilities(of characters: [(strokes: [[Point]], glance: [Float]?)]) -> [[Float]?] {
        logProbabilities(of: characters.map { ($0.strokes, [$0.glance]) })
    }

    /// `logProbabilities(of:)` of several characters given the first views the caller already
    /// made: a character's `firstViews[n]` is network `n`'s `glance(at:)` of its strokes (this
    /// network first, then each of `companions`), nil or missing where not made.
    package func logProbabilities(of characters: [(strokes: [[Point]], firstViews: [[Float]?])]) -> [[Float]?] {
        let inked = characters.indices.filter { characters[$0].strokes.contains { !$0.isEmpty } }
        var means = [[Float]](repeating: [Float](repeating: 0, count: self.characters.count), count: inked.count)
        let networks = [self] + companions
        // the networks look at the ink in the same views: each image is drawn once for all
        var images: [ViewImage: [Float]] = [:]
        for (n, network) in networks.enumerated() {
            network.addProbabilities(
                of: inked.map { i in
                    (
                        characters[i].strokes,
                        characters[i].firstViews.indices.contains(n) ? characters[i].firstViews[n] : nil
                    )
                },
                weight: 1 / Float(networks.count), to: &means, images: &images)
        }
        var out = [[Float]?](repeating: nil, count: characters.count)
        for (row, i) in inked.enumerated() { out[i] = means[row].map { log(max($0, 1e-30)) } }
        return out
    }

    /// One character's image in one view, as `logProbabilities(of:)` keeps it for every network.
    private struct ViewImage: Hashable {
        var character: Int
        var stretch: Double
        var shear: Double
    }

    /// Adds `weight` times this network's own probabilities (the mean over `views`) of each
    /// character to its row of `sums`; a character's `firstView`, when given, is the first view's
    /// log-probabilities, already computed. The views not given are read together; their images
    /// are taken from `images` (keyed by the row in `characters`) or drawn and kept there.
    private func addProbabilities(
        of characters: [(strokes: [[Point]], firstView: [Float]?)], weight: Float, to sums: inout [[Float]],
        images: inout [ViewImage: [Float]]
    ) {
        var inputs: [[Float]] = []
        for (row, (strokes, firstView)) in characters.enumerated() {
            for view in views.indices.dropFirst(firstView == nil ? 0 : 1).map({ views[$0] }) {
                let key = ViewImage(character: row, stretch: view.stretch, shear: view.shear)
                if let drawn = images[key] {
                    inputs.append(drawn)
                } else {
                    let drawn = image(of: strokes, in: view)
                    images[key] = drawn
                    inputs.append(drawn)
                }
            }
        }
        var computed = viewLogProbabilities(of: inputs)[...]
        for (row, character) in characters.enumerated() {
            for v in views.indices {
                let scores: [Float]
                if v == 0, let firstView = character.firstView {
                    scores = firstView
                } else {
                    scores = computed.removeFirst()
                }
                let share = Float(views.count)
                sums[row].withUnsafeMutableBufferPointer { sum in
                    scores.withUnsafeBufferPointer { score in
                        for i in score.indices { sum[i] += weight * exp(score[i]) / share }
                    }
                }
            }
        }
    }

    /// The raster of some strokes seen in a view: stretched and sheared, then drawn.
    private func image(of strokes: [[Point]], in view: (stretch: Double, shear: Double)) -> [Float] {
        raster.image(of: strokes.map { $0.map { Point(x: view.stretch * $0.x + view.shear * $0.y, y: $0.y) } })
    }

    /// Each image's log-probabilities of every class: the convolutions one image at a time, the
    /// dense layers over all of them at once (each row's sums as alone).
    private func viewLogProbabilities(of images: [[Float]]) -> [[Float]] {
        guard !images.isEmpty else { return [] }
        var flat: [Float] = []
        for image in images { flat += convolutions.features(of: image) }
        var scores = dense(flat, rows: images.count)
        Kernels.logSoftmaxRows(&scores, width: characters.count)
        return (0..<images.count).map { Array(scores[$0 * characters.count..<($0 + 1) * characters.count]) }
    }

    /// The logits of one `side × side` image (`CharacterRaster.image(of:)`), one per class.
    func logits(image: [Float]) -> [Float] {
        dense(convolutions.features(of: image), rows: 1)
    }

    /// The dense layers over `rows` flattened convolution outputs, one after the other in `x`:
    /// `rows × classes` logits.
    private func dense(_ x: [Float], rows: Int) -> [Float] {
        var h = kernels.product(x, rows: rows, times: hidden.weights, bias: hidden.bias)
        Kernels.relu(&h)
        return kernels.product(h, rows: rows, times: output.weights, bias: output.bias)
    }

    /// The indices of the `count` highest scores, highest first (the lower index first among
    /// equal ones). One pass keeping a short sorted list: `count` is a handful, the classes thousands.
    static func best(_ scores: [Float], count: Int) -> [Int] {
        var top: [Int] = []
        top.reserveCapacity(count + 1)
        for (i, s) in scores.enumerated() where !s.isNaN {
            if top.count == count, let last = top.last, !(s > scores[last]) { continue }
            let at = top.firstIndex { !(scores[$0] >= s) } ?? top.count
            top.insert(i, at: at)
            if top.count > count { top.removeLast() }
        }
        return top
    }
}

extension CharacterNetwork {
    /// The classifier shipped among the package's resources: `cjk-characters.nbm` averaged with
    /// its companion `cjk-characters-2.nbm` (the 8,000-batch run of the same recipe). Each call
    /// reads the file again (tens of milliseconds): keep the instance and share it.
    /// - Throws: `ModelError.missing` naming the file when it is not installed, `.invalid` with
    ///   the reason when it is damaged.
    package static func bundled() throws(ModelError) -> CharacterNetwork {
        try RecognizerResources.characterNetwork()
    }
}
