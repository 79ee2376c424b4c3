import DrawingModel
import Foundation
import SeededRandom
import Testing

@testable import Recognition

/// A writer's adaptation (`HandAdapter`, `HandAdaptation`): the CTC gradient it descends, the
/// fit on real ink, the rejection of a fit that reads held-out words worse, the folding into the
/// network and the stored form.
struct HandAdaptationTests {
    static func randomLogits(frames: Int, classes: Int, seed: UInt64) -> [Float] {
        var random = SplitMix64(seed: seed)
        return (0..<(frames * classes)).map { _ in Float.random(in: -3...3, using: &random) }
    }

    /// The analytic gradient of the CTC loss matches central differences of the loss, for a
    /// target with a repeated letter (which needs a blank between its copies).
    @Test(arguments: [[1, 2, 2], [3], [1, 2, 3, 1]])
    func theCTCGradientMatchesFiniteDifferences(target: [Int]) throws {
        let k = 5, frames = 9
        let logits = Self.randomLogits(frames: frames, classes: k, seed: UInt64(target.count))
        let result = try #require(CTCLoss.evaluate(logits: logits, classCount: k, target: target))
        #expect(result.loss > 0)
        let h: Float = 1e-2
        for i in logits.indices {
            var up = logits, down = logits
            up[i] += h
            down[i] -= h
            let lossUp = try #require(CTCLoss.evaluate(logits: up, classCount: k, target: target, gradient: false))
            let lossDown = try #require(CTCLoss.evaluate(logits: down, classCount: k, target: target, gradient: false))
            let numeric = (lossUp.loss - lossDown.loss) / Double(2 * h)
            #expect(
                abs(numeric - Double(result.gradient[i])) < 2e-3, "logit \(i): \(numeric) against \(result.gradient[i])"
            )
        }
    }

    /// The loss is −log of the sum over every alignment, counted here by brute force over all
    /// paths of three frames: "ab" is read by a·b, ab·, ·ab, aab, abb (· the blank).
    @Test func theCTCLossSumsEveryAlignment() throws {
        let k = 3, frames = 3
        let logits = Self.randomLogits(frames: frames, classes: k, seed: 7)
        var logp = logits
        for f in 0..<frames {
            let row = logits[(f * k)..<(f * k + k)]
            let lse = log(row.map { exp(Double($0)) }.reduce(0, +))
            for j in 0..<k { logp[f * k + j] = Float(Double(logits[f * k + j]) - lse) }
        }
        var total = 0.0
        for a in 0..<k {
            for b in 0..<k {
                for c in 0..<k {
                    var collapsed: [Int] = []
                    var previous = 0
                    for x in [a, b, c] {
                        if x != 0 && x != previous { collapsed.append(x) }
                        previous = x
                    }
                    if collapsed == [1, 2] { total += exp(Double(logp[a] + logp[k + b] + logp[2 * k + c])) }
                }
            }
        }
        let result = try #require(CTCLoss.evaluate(logits: logits, classCount: k, target: [1, 2]))
        #expect(abs(result.loss + log(total)) < 1e-4)
        // no alignment of three letters with a repeat fits in three frames
        #expect(CTCLoss.evaluate(logits: logits, classCount: k, target: [1, 1, 2]) == nil)
    }

    /// The sure words of the fixture's real ink (UNIPEN dev writers), as a build collects them;
    /// read once for every test.
    static func sureWords() throws -> (HandwritingRecognizer, [AdaptationSample]) {
        try fixtureWords.get()
    }

    private static let fixtureWords = Result { () throws -> (HandwritingRecognizer, [AdaptationSample]) in
        let recognizer = try HandwritingRecognizer.makeDefault()
        let collector = AdaptationCollector()
        let reading = recognizer.collecting(into: collector)
        for sample in try RealHandwritingTests.samples("dev-words-sample.json")
            + RealHandwritingTests.samples("dev-lines-sample.json")
        {
            _ = reading.transcribe(sample.drawing)
        }
        return (recognizer, collector.samples)
    }

    static var smallFit: HandAdapter.Settings {
        var settings = HandAdapter.Settings()
        settings.minimumWords = 10
        settings.steps = 30
        return settings
    }

    /// Fitted to real sure words, each part lowers their loss.
    @Test(arguments: HandAdaptation.Part.allCases)
    func learningLowersTheLossOnRealInk(part: HandAdaptation.Part) throws {
        let (recognizer, samples) = try Self.sureWords()
        #expect(samples.count >= 15, "\(samples.count) sure words")
        #expect(samples.allSatisfy { !$0.target.isEmpty && $0.frames >= $0.target.count })
        let settings = HandAdapter.Settings(part: part)
        var small = Self.smallFit
        small.part = part
        small.learningRate = settings.learningRate
        small.l2 = settings.l2
        let (_, report) = try #require(recognizer.learnHand(from: samples, settings: small))
        #expect(report.trainingLossAfter < report.trainingLossBefore * 0.9, "\(report)")
        #expect(report.heldOutWords > 0 && report.trainingWords + report.heldOutWords == samples.count)
    }

    /// A fit takes at most `maximumWords` of the sure words, in the collector's order, and its
    /// words are evaluated in parallel pieces summed in a fixed order: the same words give the
    /// same adaptation every time.
    @Test func aFitKeepsToItsWordsAndIsTheSameEveryTime() throws {
        let (recognizer, samples) = try Self.sureWords()
        var settings = Self.smallFit
        settings.part = .logitMap
        settings.steps = 5
        settings.maximumWords = 12
        let once = try #require(recognizer.learnHand(from: samples, settings: settings))
        #expect(once.report.trainingWords + once.report.heldOutWords == 12)
        #expect(once.report.seconds > 0)
        let again = try #require(recognizer.learnHand(from: Array(samples.prefix(12)), settings: settings))
        #expect(again.report.trainingLossAfter == once.report.trainingLossAfter)
        #expect(again.adaptation == once.adaptation)
    }

    /// A fit whose held-out words read better is kept, and the recognizer reads with it. (The
    /// fixture's words are by many writers, so here each word stands five times in a row and its
    /// fifth copy is held out.)
    @Test func anAdaptationReadingHeldOutWordsBetterIsKept() throws {
        let (recognizer, samples) = try Self.sureWords()
        let repeated = samples.flatMap { Array(repeating: $0, count: Self.smallFit.heldOutEvery) }
        let (adaptation, report) = try #require(recognizer.learnHand(from: repeated, settings: Self.smallFit))
        let kept = try #require(adaptation, "rejected: \(report)")
        #expect(report.accepted && report.heldOutLossAfter < report.heldOutLossBefore)
        #expect(report.heldOutCharErrorsAfter <= report.heldOutCharErrorsBefore)
        let sample = try RealHandwritingTests.samples("dev-words-sample.json")[0]
        #expect(!recognizer.adapted(by: kept).transcribe(sample.drawing).text.isEmpty)
    }

    /// L2 pulls the map towards the identity, the shipped reader: on the same words and steps,
    /// the chosen pull (`Settings(part: .logitMap)`) leaves it nearer than a third of it does.
    @Test func theChosenPullKeepsTheMapNearerTheShippedReader() throws {
        let (recognizer, samples) = try Self.sureWords()
        let repeated = samples.flatMap { Array(repeating: $0, count: Self.smallFit.heldOutEvery) }
        var chosen = HandAdapter.Settings(part: .logitMap)
        chosen.minimumWords = Self.smallFit.minimumWords
        chosen.steps = 10
        var weaker = chosen
        weaker.l2 = chosen.l2 / 3
        func distanceFromIdentity(_ settings: HandAdapter.Settings) throws -> Float {
            let (adaptation, report) = try #require(recognizer.learnHand(from: repeated, settings: settings))
            let map = try #require(adaptation, "rejected: \(report)")
            let k = map.classCount
            return map.weights.indices.reduce(0) { sum, i in
                let d = map.weights[i] - (i / k == i % k ? 1 : 0)
                return sum + d * d
            }
        }
        #expect(try distanceFromIdentity(chosen) < distanceFromIdentity(weaker))
    }

    /// Errors must not teach themselves: a fit to readings that are wrong (each letter of the
    /// training words moved to the next class) reads the held-out words worse and is rejected.
    @Test func anAdaptationReadingHeldOutWordsWorseIsRejected() throws {
        let (recognizer, samples) = try Self.sureWords()
        let settings = Self.smallFit
        let every = settings.heldOutEvery
        var wrong = samples
        for i in wrong.indices where i % every != every - 1 {
            wrong[i].target = wrong[i].target.map { $0 % 150 + 1 }
        }
        let (adaptation, report) = try #require(recognizer.learnHand(from: wrong, settings: settings))
        #expect(adaptation == nil)
        #expect(!report.accepted && report.heldOutLossAfter > report.heldOutLossBefore, "\(report)")
        // too few words: no fit at all
        #expect(recognizer.learnHand(from: Array(samples.prefix(3)), settings: settings)?.adaptation == nil)
    }

    /// Listed words read less surely teach the fit but never judge it: the held-out words are
    /// every fifth sure one, and a fit that listed words with wrong readings (each letter moved to
    /// the next class) lead astray is rejected by the sure words it reads worse.
    @Test func onlySureWordsJudgeAFitAndWrongListedWordsAreCaught() throws {
        let (recognizer, samples) = try Self.sureWords()
        var settings = Self.smallFit
        settings.maximumWords = 10 * samples.count
        // each sure word, then four copies of it as listed words: with wrong readings, or right
        var mixed: [AdaptationSample] = [], rightListed: [AdaptationSample] = []
        for sample in samples {
            var listed = sample
            listed.isSure = false
            rightListed += [sample] + Array(repeating: listed, count: 4)
            listed.target = sample.target.map { $0 % 150 + 1 }
            mixed += [sample] + Array(repeating: listed, count: 4)
        }
        let (adaptation, report) = try #require(recognizer.learnHand(from: mixed, settings: settings))
        #expect(report.heldOutWords == samples.count / settings.heldOutEvery)
        #expect(report.trainingWords == mixed.count - report.heldOutWords)
        #expect(adaptation == nil && !report.accepted, "\(report)")
        // the same listed words with their right readings read the held-out words better
        let (_, right) = try #require(recognizer.learnHand(from: rightListed, settings: settings))
        #expect(right.heldOutWords == report.heldOutWords && right.heldOutLossAfter < report.heldOutLossAfter)
    }

    /// With a listed floor, the collector also keeps words read less surely whose best reading is
    /// listed, marked not sure; the sure words it keeps are those it keeps without a floor.
    @Test func theCollectorTakesListedWordsAboveItsFloor() throws {
        let (recognizer, sure) = try Self.sureWords()
        let collector = AdaptationCollector(listedFloor: 0.3)
        let reading = recognizer.collecting(into: collector)
        for sample in try RealHandwritingTests.samples("dev-words-sample.json")
            + RealHandwritingTests.samples("dev-lines-sample.json")
        {
            _ = reading.transcribe(sample.drawing)
        }
        let samples = collector.samples
        let listed = samples.filter { !$0.isSure }
        #expect(!listed.isEmpty)
        #expect(samples.filter { $0.isSure }.map(\.key) == sure.map(\.key))
        #expect(sure.allSatisfy { $0.isSure })
        #expect(
            listed.allSatisfy { recognizer.lineReader.knows($0.text.trimmingCharacters(in: .alphanumerics.inverted)) })
    }

    /// A fit whose held-out words are likelier and read the same way as often, but whose best
    /// paths miss more of their letters, is not kept: a writer whose readings it would make
    /// worse letter by letter keeps the shipped network.
    @Test(arguments: [
        (0.5, 10, 4, true), (0.5, 10, 5, false), (0.9, 10, 4, false), (0.5, 9, 4, false), (0.5, 11, 2, true),
    ])
    func theHeldOutWordsJudgeTheFitLetterByLetter(
        case: (lossAfter: Double, agreementAfter: Int, missedAfter: Int, kept: Bool)
    ) {
        var report = HandAdapter.Report()
        report.heldOutWords = 12
        report.heldOutLossBefore = 0.8
        report.heldOutAgreementBefore = 10
        report.heldOutCharErrorsBefore = 4
        report.heldOutLossAfter = `case`.lossAfter
        report.heldOutAgreementAfter = `case`.agreementAfter
        report.heldOutCharErrorsAfter = `case`.missedAfter
        #expect(report.readsHeldOutBetter == `case`.kept)
        #expect(HandAdapter.editDistance([1, 2, 3], [1, 3]) == 1 && HandAdapter.editDistance([4, 5], [5, 4]) == 2)
    }

    /// Folded into the output layer, a map of the logits gives the log-probabilities of the
    /// shipped logits mapped: the adapted network costs nothing more to run.
    @Test(arguments: HandAdaptation.Part.allCases)
    func anAdaptationFoldsIntoTheOutputLayer(part: HandAdaptation.Part) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/sepconv-small.nbm")
        let network = try RecognizerNetwork(file: ModelFile(data: Data(contentsOf: url)), kernels: .baseline)
        let k = network.classCount, h = network.hiddenWidth
        let width = HandAdaptation.width(of: part, for: network)
        var random = SplitMix64(seed: 47)
        let adaptation = HandAdaptation(
            part: part, classCount: k, width: width,
            weights: (0..<(width * k)).map { _ in Float.random(in: -0.5...0.5, using: &random) },
            bias: (0..<k).map { _ in Float.random(in: -1...1, using: &random) })
        let adapted = try #require(adaptation.applied(to: network))
        let features = (0..<(40 * 6)).map { _ in Float.random(in: -1...1, using: &random) }
        let hidden = network.hiddenStates(lines: [(features, 40)])
        let frames = hidden[0].count / h
        var expected = [Float](repeating: 0, count: frames * k)
        for f in 0..<frames { for j in 0..<k { expected[f * k + j] = network.outputBias[j] } }
        DenseMath.multiply(
            hidden[0], rows: frames, width: h, by: network.outputWeights, columns: k, adding: true,
            into: &expected)
        switch part {
        case .bias:
            for f in 0..<frames { for j in 0..<k { expected[f * k + j] += adaptation.bias[j] } }
        case .logitMap:
            var mapped = [Float](repeating: 0, count: frames * k)
            for f in 0..<frames { for j in 0..<k { mapped[f * k + j] = adaptation.bias[j] } }
            DenseMath.multiply(
                expected, rows: frames, width: k, by: adaptation.weights, columns: k, adding: true,
                into: &mapped)
            expected = mapped
        case .outputLayer:
            for f in 0..<frames { for j in 0..<k { expected[f * k + j] = adaptation.bias[j] } }
            DenseMath.multiply(
                hidden[0], rows: frames, width: h, by: adaptation.weights, columns: k, adding: true,
                into: &expected)
        }
        let logp = adapted.logProbabilities(hiddenStates: hidden)[0]
        for f in 0..<frames {
            let row = expected[(f * k)..<(f * k + k)]
            let top = row.max()!
            let lse = top + log(row.map { exp($0 - top) }.reduce(0, +))
            for j in 0..<k { #expect(abs(logp[f * k + j] - (expected[f * k + j] - lse)) < 1e-3) }
        }
        // the same hidden states: the layers below are untouched
        #expect(adapted.hiddenStates(lines: [(features, 40)]) == hidden)
        // an adaptation for another network's shape is not applied
        var other = adaptation
        other.classCount += 1
        #expect(other.applied(to: network) == nil)
    }

    /// The stored form reads back the same, and every truncation or a wrong magic is refused
    /// with a reason instead of trapping.
    @Test func theStoredFormRoundTripsAndDamageIsRefused() throws {
        let adaptation = HandAdaptation(
            part: .logitMap, classCount: 3, width: 3, weights: [1, 0, 0, 0, 1, 0, 0, 0, 1], bias: [0.5, -0.5, 0])
        let data = adaptation.data
        #expect(try HandAdaptation(data: data) == adaptation)
        for cut in 0..<data.count {
            #expect(throws: ModelError.self) { try HandAdaptation(data: data.prefix(cut)) }
        }
        var bad = data
        bad[0] ^= 0xFF
        #expect(throws: ModelError.self) { try HandAdaptation(data: bad) }
        var sizes = data
        sizes[13] = 200  // classes no longer match the values stored
        #expect(throws: ModelError.self) { try HandAdaptation(data: sizes) }
    }

    /// The collector keeps the same words whatever order the build's tasks read them in, and no
    /// more than its capacity; a reader that makes only the samples it `mayKeep` (as
    /// `NeuralLineReader` does) gets the same words.
    @Test(arguments: [false, true])
    func theCollectorKeepsTheSameWordsInAnyOrder(askingFirst: Bool) {
        let samples = (0..<40).map { i in
            AdaptationSample(hidden: [Float(i), 1, 2, 3], width: 2, target: [1 + i % 3], text: "w\(i)")
        }
        var random = SplitMix64(seed: 3)
        var orders = [samples, samples.reversed(), samples.shuffled(using: &random)]
        orders.append(samples.shuffled(using: &random))
        var made = 0
        let kept = orders.map { order -> [String] in
            let collector = AdaptationCollector(capacity: 7)
            for start in stride(from: 0, to: order.count, by: 3) {
                let offered = Array(order[start..<min(start + 3, order.count)])
                let chosen = askingFirst ? offered.filter { collector.mayKeep($0.key) } : offered
                made += chosen.count
                collector.add(chosen, offered: offered.count)
            }
            #expect(collector.offered == 40)
            return collector.samples.map(\.text)
        }
        #expect(kept[0].count == 7)
        #expect(kept.allSatisfy { $0 == kept[0] })
        #expect(askingFirst ? made < 4 * 40 : made == 4 * 40)
        #expect(
            samples.indices.allSatisfy { i in
                samples[i].key == AdaptationSample.key(text: "w\(i)", hidden: [Float(i), 1, 2, 3])
            })
    }
}
