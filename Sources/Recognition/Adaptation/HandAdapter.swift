import Dispatch
import Foundation
import Synchronization

/// Fits a writer's adaptation (`HandAdaptation`) to the words an index read in that hand: surely,
/// or less surely as a listed word (`AdaptationCollector.listedFloor`).
///
/// The targets are the recognizer's own best readings, so a misreading among them would teach
/// itself. Two guards: every `heldOutEvery`-th sure word is kept out of the fit (only sure words
/// judge it: the less sure ones are wrong more often), and the adaptation
/// is kept only when it gives those words' readings a higher likelihood than the shipped network
/// does, reads at least as many of them the same way by best path, and misreads no more of
/// their letters by best path (edit distance to each reading, summed); L2 pulls every adapted
/// value towards the shipped network's. Only the output layer changes, so the fit needs the
/// layers below it once per word (the states cached in each `AdaptationSample`), and each step
/// is a product with the adapted part and a CTC forward-backward per word (`CTCLoss`).
package struct HandAdapter: Sendable {
    package struct Settings: Sendable {
        package var part: HandAdaptation.Part = .outputLayer
        /// Full-batch Adam steps.
        package var steps = 60
        package var learningRate: Float = 0.01
        /// Weight of ½‖θ − θ₀‖² beside the mean loss per word.
        package var l2: Float = 0.01
        /// Every this-th sure sample is held out to judge the fit.
        package var heldOutEvery = 5
        /// No fit with fewer words than this.
        package var minimumWords = 60
        /// Words read less surely are collected to learn from when listed and read at least this
        /// surely (`AdaptationCollector.listedFloor`); nil: sure words only.
        package var listedFloor: Double?
        /// At most this many sure words are fitted and held out together (the first in the
        /// collector's order): the fit's time grows with them, and the adaptation's part is
        /// small enough that a few hundred words fix it.
        package var maximumWords = Self.defaultMaximumWords
        package static let defaultMaximumWords = 600
        /// Every this many steps the held-out loss is measured, and the fit stops when it fell
        /// by less than `minimumGain` of its shipped value since the last measure (0: never).
        package var checkEvery = 0
        package var minimumGain = 0.01

        /// The settings chosen for `part` (`adapt-bench`'s sweep, `make adapt-harness`).
        package init(part: HandAdaptation.Part = .outputLayer) {
            self.part = part
            switch part {
            case .bias: learningRate = 0.01
            case .logitMap:
                // at 0.01 the map diverges; a weak pull to the identity let it bend the readings of
                // the words it never saw (docs/recognizer.md, the writer's hand). Fewer, larger
                // steps than 60 of 0.001 read the held-out words as well for two thirds of the
                // fit's time, which is most of what learning costs a build
                steps = 40
                learningRate = 0.0015
                l2 = 1
            case .outputLayer:
                // with the listed words read at 0.5 or more, fewer larger steps read a writer's
                // unseen words best in the harness (docs/recognizer.md, labels for the misread words)
                steps = 40
                listedFloor = 0.5
            }
        }
    }

    /// What the fit did, for `status` and the benchmarks.
    package struct Report: Sendable, Equatable {
        package var trainingWords = 0
        package var heldOutWords = 0
        /// Mean −log-likelihood per held-out word of its reading: shipped, then adapted.
        package var heldOutLossBefore = 0.0
        package var heldOutLossAfter = 0.0
        /// Held-out words whose best path gives their reading: shipped, then adapted.
        package var heldOutAgreementBefore = 0
        package var heldOutAgreementAfter = 0
        /// Letters of the held-out words' readings that their best paths miss (edit distance,
        /// summed): shipped, then adapted.
        package var heldOutCharErrorsBefore = 0
        package var heldOutCharErrorsAfter = 0
        /// Steps taken (fewer than `Settings.steps` when the held-out loss stopped falling).
        package var steps = 0
        package var trainingLossBefore = 0.0
        package var trainingLossAfter = 0.0
        /// The adaptation reads the held-out words better and is kept.
        package var accepted = false
        /// Seconds the fit took, judging included.
        package var seconds = 0.0

        package init() {}

        /// Whether the held-out words read better: likelier, at least as many of them read by
        /// best path, and no more of their letters missed.
        var readsHeldOutBetter: Bool {
            heldOutWords > 0 && heldOutLossAfter < heldOutLossBefore && heldOutAgreementAfter >= heldOutAgreementBefore
                && heldOutCharErrorsAfter <= heldOutCharErrorsBefore
        }
    }

    let network: RecognizerNetwork
    package var settings: Settings
    /// Classes whose logits stay as shipped: the space. The sure words are learned without the
    /// spaces around them, so a free space class would only ever be pushed down, and lines
    /// would lose their word breaks.
    let frozenClasses: [Int]

    init(network: RecognizerNetwork, settings: Settings, frozenClasses: [Int] = []) {
        self.network = network
        self.settings = settings
        self.frozenClasses = frozenClasses.filter { (0..<network.classCount).contains($0) }
    }

    /// The words as the part sees them: concatenated rows `rows × width` and where each word's
    /// rows start, with the targets.
    private struct Batch {
        var inputs: [Float] = []
        var starts: [Int] = [0]
        var targets: [[Int]] = []
        var count: Int { targets.count }
    }

    /// The fitted adaptation (nil when there are too few words or it was rejected) and a report.
    package func fit(_ samples: [AdaptationSample]) -> (adaptation: HandAdaptation?, report: Report) {
        let start = Date()
        var result = fitting(samples)
        result.report.seconds = Date().timeIntervalSince(start)
        return result
    }

    private func fitting(_ samples: [AdaptationSample]) -> (adaptation: HandAdaptation?, report: Report) {
        var report = Report()
        let usable = Array(
            samples.filter { $0.width == network.hiddenWidth && $0.frames > 0 && !$0.target.isEmpty }
                .prefix(max(settings.minimumWords, settings.maximumWords)))
        guard usable.count >= settings.minimumWords else { return (nil, report) }
        let every = max(2, settings.heldOutEvery)
        var held: [AdaptationSample] = [], learned: [AdaptationSample] = []
        var sure = 0
        for sample in usable {
            if sample.isSure { sure += 1 }
            if sample.isSure && sure % every == 0 { held.append(sample) } else { learned.append(sample) }
        }
        let training = batch(learned)
        let heldOut = batch(held)
        report.trainingWords = training.count
        report.heldOutWords = heldOut.count

        let k = network.classCount
        let width = HandAdaptation.width(of: settings.part, for: network)
        let (w0, b0) = initial(width: width)
        var w = w0, b = b0
        let before = evaluate(heldOut, w: w, b: b, gradient: false)
        report.heldOutLossBefore = before.loss
        report.heldOutAgreementBefore = before.agreement
        report.heldOutCharErrorsBefore = before.charErrors
        report.trainingLossBefore = evaluate(training, w: w, b: b, gradient: false).loss

        var adamW = Adam(count: w.count), adamB = Adam(count: b.count)
        var checked = before.loss
        for step in stride(from: 1, through: settings.steps, by: 1) {
            var gradient = evaluate(training, w: w, b: b, gradient: true)
            for i in w.indices { gradient.gradW[i] += settings.l2 * (w[i] - w0[i]) }
            for i in b.indices { gradient.gradB[i] += settings.l2 * (b[i] - b0[i]) }
            freeze(&gradient.gradW, &gradient.gradB, width: width)
            adamW.step(&w, gradient: gradient.gradW, rate: settings.learningRate)
            adamB.step(&b, gradient: gradient.gradB, rate: settings.learningRate)
            report.steps = step
            if settings.checkEvery > 0, step % settings.checkEvery == 0, step < settings.steps, heldOut.count > 0 {
                let loss = evaluate(heldOut, w: w, b: b, gradient: false).loss
                if checked - loss < settings.minimumGain * before.loss { break }
                checked = loss
            }
        }
        report.trainingLossAfter = evaluate(training, w: w, b: b, gradient: false).loss
        let after = evaluate(heldOut, w: w, b: b, gradient: false)
        report.heldOutLossAfter = after.loss
        report.heldOutAgreementAfter = after.agreement
        report.heldOutCharErrorsAfter = after.charErrors
        report.accepted = report.readsHeldOutBetter
        guard report.accepted else { return (nil, report) }
        let adaptation = HandAdaptation(part: settings.part, classCount: k, width: width, weights: w, bias: b)
        return (adaptation, report)
    }

    /// No change to the frozen classes' logits: their bias and their column of the weights, and
    /// for the logit map also their row (their evidence does not feed other classes).
    private func freeze(_ gradW: inout [Float], _ gradB: inout [Float], width: Int) {
        let k = network.classCount
        for j in frozenClasses {
            gradB[j] = 0
            guard !gradW.isEmpty else { continue }
            for row in 0..<width { gradW[row * k + j] = 0 }
            if settings.part == .logitMap { for column in 0..<k { gradW[j * k + column] = 0 } }
        }
    }

    /// The part's values that leave the network as shipped.
    private func initial(width: Int) -> (w: [Float], b: [Float]) {
        let k = network.classCount
        switch settings.part {
        case .bias:
            return ([], [Float](repeating: 0, count: k))
        case .logitMap:
            var identity = [Float](repeating: 0, count: k * k)
            for i in 0..<k { identity[i * k + i] = 1 }
            return (identity, [Float](repeating: 0, count: k))
        case .outputLayer:
            return (network.outputWeights, network.outputBias)
        }
    }

    /// The samples as the part's inputs: hidden states for the output layer, the shipped
    /// network's logits for the others.
    private func batch(_ samples: [AdaptationSample]) -> Batch {
        var batch = Batch()
        let h = network.hiddenWidth, k = network.classCount
        for sample in samples {
            let hidden = sample.hidden.map { Float($0) }
            let frames = sample.frames
            if settings.part == .outputLayer {
                batch.inputs += hidden
            } else {
                var logits = [Float](repeating: 0, count: frames * k)
                for f in 0..<frames { for j in 0..<k { logits[f * k + j] = network.outputBias[j] } }
                DenseMath.multiply(
                    hidden, rows: frames, width: h, by: network.outputWeights, columns: k, adding: true,
                    into: &logits)
                batch.inputs += logits
            }
            batch.starts.append(batch.starts.last! + frames)
            batch.targets.append(sample.target)
        }
        return batch
    }

    private struct Evaluation: Sendable {
        var loss = 0.0
        var agreement = 0
        /// Letters the best paths miss, summed over the words.
        var charErrors = 0
        /// Words whose loss is summed (CTC can place their target).
        var counted = 0
        var gradW: [Float] = []
        var gradB: [Float] = []
    }

    /// Words of a batch are evaluated in this many pieces at once; a fixed number, so that the
    /// sums, and hence the fit, are the same on any machine.
    static let pieces = 8

    /// Mean loss per word of `batch` under the part's values `w`, `b`, the words whose best path
    /// reads their target, and the gradient of the mean loss. The words are evaluated in
    /// `pieces` pieces in parallel, summed in order.
    private func evaluate(_ batch: Batch, w: [Float], b: [Float], gradient: Bool) -> Evaluation {
        guard batch.count > 0 else { return Evaluation() }
        let pieces = min(Self.pieces, batch.count)
        let parts = Mutex([Evaluation?](repeating: nil, count: pieces))
        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
            let words = (batch.count * piece / pieces)..<(batch.count * (piece + 1) / pieces)
            let part = evaluate(batch, words: words, w: w, b: b, gradient: gradient)
            parts.withLock { $0[piece] = part }
        }
        var result = Evaluation()
        var counted = 0
        for part in parts.withLock({ $0 }).compactMap({ $0 }) {
            result.loss += part.loss
            result.agreement += part.agreement
            result.charErrors += part.charErrors
            counted += part.counted
            guard gradient else { continue }
            if result.gradW.isEmpty && result.gradB.isEmpty {
                result.gradW = part.gradW
                result.gradB = part.gradB
            } else {
                for i in result.gradW.indices { result.gradW[i] += part.gradW[i] }
                for i in result.gradB.indices { result.gradB[i] += part.gradB[i] }
            }
        }
        let scale = 1 / Float(max(counted, 1))
        result.loss /= Double(max(counted, 1))
        for i in result.gradW.indices { result.gradW[i] *= scale }
        for i in result.gradB.indices { result.gradB[i] *= scale }
        return result
    }

    /// The summed loss, agreement and gradient of some of a batch's words, and how many counted.
    private func evaluate(_ batch: Batch, words: Range<Int>, w: [Float], b: [Float], gradient: Bool) -> Evaluation {
        var result = Evaluation()
        let k = network.classCount
        let width = batch.inputs.count / max(batch.starts.last!, 1)
        let first = batch.starts[words.lowerBound]
        let rows = batch.starts[words.upperBound] - first
        // the logits of these words' frames under the adapted part
        var logits = [Float](repeating: 0, count: rows * k)
        for r in 0..<rows { for j in 0..<k { logits[r * k + j] = b[j] } }
        let inputs = Array(batch.inputs[(first * width)..<((first + rows) * width)])
        if w.isEmpty {
            for i in logits.indices { logits[i] += inputs[i] }
        } else {
            DenseMath.multiply(inputs, rows: rows, width: width, by: w, columns: k, adding: true, into: &logits)
        }
        var gradLogits = gradient ? [Float](repeating: 0, count: rows * k) : []
        for n in words {
            let span = (batch.starts[n] - first)..<(batch.starts[n + 1] - first)
            let wordLogits = Array(logits[(span.lowerBound * k)..<(span.upperBound * k)])
            let path = Self.bestPath(wordLogits, classCount: k)
            if path == batch.targets[n] {
                result.agreement += 1
            } else if !gradient {
                result.charErrors += Self.editDistance(path, batch.targets[n])
            }
            guard
                let ctc = CTCLoss.evaluate(
                    logits: wordLogits, classCount: k, target: batch.targets[n],
                    gradient: gradient)
            else { continue }
            result.counted += 1
            result.loss += ctc.loss
            if gradient {
                for i in ctc.gradient.indices { gradLogits[span.lowerBound * k + i] = ctc.gradient[i] }
            }
        }
        guard gradient else { return result }
        result.gradB = [Float](repeating: 0, count: k)
        for r in 0..<rows { for j in 0..<k { result.gradB[j] += gradLogits[r * k + j] } }
        result.gradW = [Float](repeating: 0, count: w.count)
        if !w.isEmpty {
            inputs.withUnsafeBufferPointer { ip in
                gradLogits.withUnsafeBufferPointer { gp in
                    result.gradW.withUnsafeMutableBufferPointer { wp in
                        DenseMath.accumulateTransposed(
                            ip.baseAddress!, rows: rows, width: width, times: gp.baseAddress!, columns: k,
                            into: wp.baseAddress!)
                    }
                }
            }
        }
        return result
    }

    /// Insertions, deletions and substitutions that turn `a` into `b`.
    static func editDistance(_ a: [Int], _ b: [Int]) -> Int {
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var diagonal = row[0]
            row[0] = i + 1
            for (j, y) in b.enumerated() {
                let next = min(row[j + 1] + 1, row[j] + 1, diagonal + (x == y ? 0 : 1))
                diagonal = row[j + 1]
                row[j + 1] = next
            }
        }
        return row[b.count]
    }

    /// The classes of the best path: each frame's likeliest class, repeats merged, blanks dropped.
    static func bestPath(_ logits: [Float], classCount k: Int) -> [Int] {
        var classes: [Int] = []
        var previous = 0
        for f in 0..<(logits.count / k) {
            var best = 0
            for j in 1..<k where logits[f * k + j] > logits[f * k + best] { best = j }
            if best != 0 && best != previous { classes.append(best) }
            previous = best
        }
        return classes
    }
}

/// Adam's moment estimates for one array of values.
private struct Adam {
    var m: [Float], v: [Float]
    var t = 0

    init(count: Int) {
        m = [Float](repeating: 0, count: count)
        v = [Float](repeating: 0, count: count)
    }

    mutating func step(_ values: inout [Float], gradient: [Float], rate: Float) {
        t += 1
        let b1: Float = 0.9, b2: Float = 0.999
        let c1 = 1 - pow(b1, Float(t)), c2 = 1 - pow(b2, Float(t))
        for i in values.indices {
            m[i] = b1 * m[i] + (1 - b1) * gradient[i]
            v[i] = b2 * v[i] + (1 - b2) * gradient[i] * gradient[i]
            values[i] -= rate * (m[i] / c1) / ((v[i] / c2).squareRoot() + 1e-8)
        }
    }
}
