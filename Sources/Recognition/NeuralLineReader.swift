import DrawingModel
import Foundation
import NetworkKernels
import TextMatching

/// Reads a line of ink with the trained network: features → per-frame log-probabilities → a
/// line-level beam search for the best reading → forced alignment to find each word's frames →
/// a word-level beam search over those frames for the word's n-best readings.
package struct NeuralLineReader: LineReading {
    private(set) var network: RecognizerNetwork
    /// The network as shipped, before any writer's adaptation (`adapted(by:)`).
    let shippedNetwork: RecognizerNetwork
    /// Where the surely read words go to adapt the network to their hand; nil when none is learned.
    private(set) var collector: AdaptationCollector?
    /// Whether unsure words carry what the network saw of them (`HandEvidence`), for a writer's
    /// hand to read them again without their ink.
    private(set) var keepsHandEvidence = false
    /// Whether `network` is the shipped one (a hand reads evidence through the shipped layers).
    private var readsAsShipped = true
    /// Where the shipped reader keeps the states of the lines holding an unsure word, and where a
    /// hand finds them (`KeptLineStates`); nil when none are kept.
    private(set) var keptLineStates: KeptLineStates?
    let featureSettings: InkFeatures.Settings
    private(set) var decoder: CTCBeamSearch
    let gapPrior: WordGapPrior

    private static let space = UInt8(ascii: " ")

    init(
        model: ModelFile, languageModel: CharacterLanguageModel, lexicon: Lexicon,
        settings: DecoderSettings = .init()
    ) throws(ModelError) {
        network = try RecognizerNetwork(file: model)
        shippedNetwork = network
        let f = model.metadata.features
        guard model.metadata.featureVersion == InkFeatures.version else {
            throw .invalid(
                "model uses feature version \(model.metadata.featureVersion); this build computes version \(InkFeatures.version)"
            )
        }
        guard f.count == InkFeatures.width else { throw .invalid("model expects \(f.count) features per point") }
        featureSettings = .init(step: f.step, jumpClip: f.jumpClip, yClip: f.yClip, minUnitFraction: f.minUnitFraction)
        guard let alphabet = DecoderAlphabet.bytes(of: model.metadata.alphabet) else {
            throw .invalid("the model's alphabet has characters the decoder cannot represent")
        }
        decoder = CTCBeamSearch(alphabet: alphabet, languageModel: languageModel, lexicon: lexicon, settings: settings)
        gapPrior = WordGapPrior(settings: settings)
    }

    /// The network's input for a line, and for each input row the line point it came from.
    func features(of line: LineInk) -> InkFeatures {
        let ranges = line.traceRanges
        return InkFeatures(
            traces: ranges.map { line.points[$0].map(\.location) }, offsets: ranges.map(\.lowerBound),
            settings: featureSettings)
    }

    package func read(_ line: LineInk) -> [DecodedWord] {
        read(lines: [line])[0]
    }

    package func addingWords(_ words: [String]) -> any LineReading {
        var reader = self
        reader.decoder.lexicon = decoder.lexicon.adding(words)
        return reader
    }

    package func knows(_ word: String) -> Bool {
        decoder.lexicon.contains(word)
    }

    /// Each listed reading gains the weighted commonness prior (`DecoderSettings.commonWordWeight`)
    /// that the beam search gives the readings of a word alone in its line, and the readings are
    /// ranked again by it; the confidence follows. The word's frames are not searched again: its
    /// readings are those the line's search kept.
    package func rankedAsLoneWord(_ word: DecodedWord) -> DecodedWord {
        let weight = Double(decoder.settings.commonWordWeight)
        guard weight > 0 else { return word }
        var readings: [(reading: WordCandidate, place: Int)] = []
        for (place, reading) in word.candidates.enumerated() {
            let prior = Double(decoder.lexicon.logPrior(of: reading.text) ?? 0)
            readings.append((WordCandidate(text: reading.text, score: reading.score + weight * prior), place))
        }
        // a stable sort: readings the prior leaves equal keep their order
        readings.sort { a, b in
            a.reading.score != b.reading.score ? a.reading.score > b.reading.score : a.place < b.place
        }
        var ranked = word
        ranked.candidates = readings.map(\.reading)
        ranked.confidence = confidence(of: ranked.candidates)
        return ranked
    }

    /// This reader with the shipped network adapted to a writer's hand; the shipped network
    /// again for nil, or for an adaptation made for another shape of network.
    func adapted(by adaptation: HandAdaptation?) -> NeuralLineReader {
        var reader = self
        let adapted = adaptation.flatMap { $0.applied(to: shippedNetwork) }
        reader.network = adapted ?? shippedNetwork
        reader.readsAsShipped = adapted == nil
        return reader
    }

    /// This reader handing its surely read words to `collector`.
    func collecting(into collector: AdaptationCollector?) -> NeuralLineReader {
        var reader = self
        reader.collector = collector
        return reader
    }

    /// This reader attaching `HandEvidence` to the words it reads unsurely.
    func keepingHandEvidence(_ keeps: Bool = true) -> NeuralLineReader {
        var reader = self
        reader.keepsHandEvidence = keeps
        return reader
    }

    /// This reader keeping in `states`, when it reads with the shipped network, the last LSTM
    /// layer's states of the lines (and of the words read a second time) holding an unsure word,
    /// and finding there, when it reads with a hand, the states of the lines it reads.
    func keepingLineStates(in states: KeptLineStates?) -> NeuralLineReader {
        var reader = self
        reader.keptLineStates = states
        return reader
    }

    /// The last LSTM layer's states of each input (`RecognizerNetwork.hiddenStates(lines:)`):
    /// read with a hand, those kept (`keptLineStates`) are taken from there and only the others
    /// computed; `kept` says which were taken.
    private func hiddenStates(of inputs: [InkFeatures]) -> (states: [[Float]], kept: [Bool]) {
        var states = [[Float]](repeating: [], count: inputs.count)
        var kept = [Bool](repeating: false, count: inputs.count)
        if let keptLineStates, !readsAsShipped {
            for (i, input) in inputs.enumerated() where input.count > 0 {
                if let found = keptLineStates.states(of: input.values, rows: input.count) {
                    states[i] = found
                    kept[i] = true
                }
            }
        }
        let missing = inputs.indices.filter { !kept[$0] }
        let computed = network.hiddenStates(lines: missing.map { (inputs[$0].values, inputs[$0].count) })
        for (i, computed) in zip(missing, computed) { states[i] = computed }
        return (states, kept)
    }

    /// Keeps the states of the inputs `keeps` names (`keepingLineStates(in:)`), when reading
    /// with the shipped network.
    private func keepStates(_ states: [[Float]], of inputs: [InkFeatures], where keeps: (Int) -> Bool) {
        guard let keptLineStates, readsAsShipped else { return }
        for i in inputs.indices where keeps(i) && inputs[i].count > 0 {
            keptLineStates.keep(states[i], of: inputs[i].values, rows: inputs[i].count)
        }
    }

    /// An unsure word read again from its evidence by the shipped network adapted by
    /// `adaptation`: its readings over the same frames, decoded as a word alone is, and their
    /// confidence (not yet scaled by `HandEvidence.confidenceScale`). Nil when the evidence or
    /// the adaptation was made for another shape of network, or nothing is read.
    func readAgain(_ evidence: HandEvidence, adaptedBy adaptation: HandAdaptation) -> DecodedWord? {
        let shipped = shippedNetwork
        let k = shipped.classCount
        guard evidence.width == shipped.hiddenWidth, evidence.frames > 0, adaptation.classCount == k,
            adaptation.width == HandAdaptation.width(of: adaptation.part, for: shipped)
        else { return nil }
        let layer = adaptation.outputLayer(
            from: shipped.outputWeights, bias: shipped.outputBias, hiddenWidth: shipped.hiddenWidth)
        var logp = evidence.logits(weights: layer.weights, bias: layer.bias)
        Kernels.logSoftmaxRows(&logp, width: k)
        let readings = readings(
            of: 0..<evidence.frames, in: logp, classCount: k, standsAlone: evidence.standsAlone, lineReading: nil
        ).filter { !$0.text.isEmpty }
        guard !readings.isEmpty else { return nil }
        return withinMargin(DecodedWord(candidates: readings, pointRange: 0..<1, confidence: confidence(of: readings)))
    }

    /// A word is learned from when read at least this surely (as the user vocabulary's words).
    static let sureConfidence = UserVocabulary.minimumConfidence

    /// The lines go through the network together (`RecognizerNetwork.logProbabilities(lines:)`),
    /// each is decoded on its own, and then their doubtful words are read a second time
    /// (`secondLook`). With a collector, the sure words' hidden states go to it.
    package func read(lines: [LineInk]) -> [[DecodedWord]] {
        let inputs = lines.map(features(of:))
        let (hidden, kept) = hiddenStates(of: inputs)
        let outputs = network.logProbabilities(hiddenStates: hidden)
        var spans: [[WordSpan]] = []
        var words = lines.indices.map { i in
            let (words, wordSpans) = decode(outputs[i], input: inputs[i], line: lines[i])
            spans.append(wordSpans)
            return words
        }
        secondLook(at: &words, of: lines)
        var read = words.map { $0.map(withinMargin) }
        keepStates(hidden, of: inputs) { line in
            !kept[line] && read[line].contains { $0.confidence < Self.sureConfidence }
        }
        if let collector { collect(read, spans: spans, hidden: hidden, into: collector) }
        if keepsHandEvidence && readsAsShipped { attachEvidence(to: &read, spans: spans, hidden: hidden) }
        return read
    }

    /// A word's frames in its line and the classes of its best reading.
    private struct WordSpan {
        var frames: Range<Int>
        var classes: [Int]
    }

    /// The words of some lines to learn the hand from: those read with at least `sureConfidence`,
    /// and those read with at least the collector's `listedFloor` whose best reading is a word of
    /// the reader's lists (edge punctuation aside); each with its best reading the line's (not
    /// changed by a second look), a letter in it and frames enough for CTC to place it.
    private func collect(
        _ words: [[DecodedWord]], spans: [[WordSpan]], hidden: [[Float]], into collector: AdaptationCollector
    ) {
        let width = network.hiddenWidth
        var samples: [AdaptationSample] = []
        var offered = 0
        func learnable(_ word: DecodedWord) -> Bool {
            if word.confidence >= Self.sureConfidence { return true }
            guard let floor = collector.listedFloor, word.confidence >= floor, let best = word.candidates.first
            else { return false }
            return decoder.lexicon.contains(best.text.trimmingCharacters(in: CharacterSet.alphanumerics.inverted))
        }
        for (line, lineWords) in words.enumerated() where lineWords.count == spans[line].count {
            for (word, span) in zip(lineWords, spans[line])
            where learnable(word) && span.frames.count >= 2 * span.classes.count
                && word.candidates.first?.text == text(span.classes)
                && word.candidates[0].text.contains(where: \.isLetter)
                && span.frames.upperBound * width <= hidden[line].count
            {
                offered += 1
                let states = hidden[line][(span.frames.lowerBound * width)..<(span.frames.upperBound * width)]
                let reading = word.candidates[0].text
                guard collector.mayKeep(AdaptationSample.key(text: reading, hidden: states)) else { continue }
                samples.append(
                    AdaptationSample(
                        hidden: states, width: width, target: span.classes, text: reading,
                        isSure: word.confidence >= Self.sureConfidence))
            }
        }
        collector.add(samples, offered: offered)
    }

    /// Each word read less surely than `sureConfidence` gets the shipped network's last LSTM
    /// layer's states over its frames of its line, as the reading computed them (`HandEvidence`).
    private func attachEvidence(to words: inout [[DecodedWord]], spans: [[WordSpan]], hidden: [[Float]]) {
        let width = network.hiddenWidth
        for line in words.indices where words[line].count == spans[line].count {
            for (w, span) in spans[line].enumerated()
            where words[line][w].confidence < Self.sureConfidence && !span.frames.isEmpty
                && span.frames.upperBound * width <= hidden[line].count
            {
                words[line][w].handEvidence = HandEvidence(
                    hidden: hidden[line][(span.frames.lowerBound * width)..<(span.frames.upperBound * width)].map {
                        Float16($0)
                    },
                    width: width, standsAlone: span.classes.count == 1)
            }
        }
    }

    /// The word with only the readings within `candidateMargin` of its best. Applied after the
    /// second look, not before: a text missing from a cut list scores that list's lowest less
    /// one when the two readings are joined, more than a complete list would give it.
    private func withinMargin(_ word: DecodedWord) -> DecodedWord {
        var word = word
        word.candidates = Self.withinMargin(word.candidates, decoder.settings.candidateMargin)
        return word
    }

    /// The confidence of a word with these readings, judged on those within `candidateMargin`,
    /// the ones it keeps.
    private func confidence(of candidates: [WordCandidate]) -> Double {
        Self.confidence(Self.withinMargin(candidates, decoder.settings.candidateMargin))
    }

    /// The readings scoring at most `margin` below the first, best one.
    static func withinMargin(_ candidates: [WordCandidate], _ margin: Double) -> [WordCandidate] {
        guard let best = candidates.first?.score else { return [] }
        return candidates.filter { $0.score >= best - margin }
    }

    /// Words read with less confidence than `secondLookBelowConfidence` are read again, all
    /// together, each from its own ink (`SecondLook.ink`) as one word, and each word's readings
    /// become both readings joined (`SecondLook.joined`).
    private func secondLook(at words: inout [[DecodedWord]], of lines: [LineInk]) {
        let settings = decoder.settings
        var doubtful: [(line: Int, word: Int)] = []
        var inputs: [InkFeatures] = []
        // a word alone in its line was read alone already
        for (i, lineWords) in words.enumerated() where lineWords.count > 1 {
            for (j, word) in lineWords.enumerated()
            where word.confidence < settings.secondLookBelowConfidence && word.pointRange.count > 1 {
                doubtful.append((i, j))
                inputs.append(
                    features(
                        of: SecondLook.ink(of: word.pointRange, in: lines[i], widening: settings.secondLookWidening)))
            }
        }
        guard !inputs.isEmpty else { return }
        let (hidden, kept) = hiddenStates(of: inputs)
        keepStates(hidden, of: inputs) { !kept[$0] }
        let outputs = network.logProbabilities(hiddenStates: hidden)
        let k = network.classCount
        for (n, place) in doubtful.enumerated() where inputs[n].count > 0 {
            var word = words[place.line][place.word]
            let again = readings(
                of: 0..<(outputs[n].count / k), in: outputs[n], classCount: k,
                standsAlone: word.candidates[0].text.count == 1, lineReading: nil
            ).filter { !$0.text.isEmpty }
            // both lists were pooled already: their joined scores are not pooled again
            word.candidates = Self.pooledByFolding(
                SecondLook.joined(word.candidates, again, limit: 2 * Self.readingsAfterSecondLook),
                limit: Self.readingsAfterSecondLook, pooling: false)
            word.confidence = confidence(of: word.candidates)
            words[place.line][place.word] = word
        }
    }

    /// As many as the index searches (`ReadingID.indexedReadings`).
    private static let readingsAfterSecondLook = 8

    /// The words of one line from the network's log-probabilities for it, and each word's frames
    /// and classes.
    private func decode(_ networkOutput: [Float], input: InkFeatures, line: LineInk) -> ([DecodedWord], [WordSpan]) {
        guard input.count > 0 else { return ([], []) }
        var logp = networkOutput
        let k = network.classCount
        let frames = logp.count / k
        addSpaceBonuses(to: &logp, classCount: k, input: input, line: line)
        guard let best = decoder.decode(logp, classCount: k, frames: 0..<frames).first, !best.classes.isEmpty,
            let charFrames = CTCAlignment.characterFrames(
                logp, classCount: k, frames: 0..<frames, classes: best.classes)
        else { return ([], []) }

        // words are the runs of non-space characters; each owns the frames up to the spaces around it,
        // and its points up to the pen lift each of those spaces stands on
        var words: [(classes: [Int], frames: Range<Int>, points: Range<Int>)] = []
        var current: [Int] = []
        var start = 0
        var startPoint: Int?
        for (i, c) in best.classes.enumerated() {
            if decoder.alphabet[c - 1] == Self.space {
                let lift = penLift(under: charFrames[i], input: input, line: line)
                if !current.isEmpty {
                    let span = start..<charFrames[i].lowerBound
                    words.append((current, span, pointRange(of: span, input: input, from: startPoint, to: lift, line)))
                }
                current = []
                start = charFrames[i].upperBound
                startPoint = lift
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty {
            words.append(
                (current, start..<frames, pointRange(of: start..<frames, input: input, from: startPoint, to: nil, line))
            )
        }

        // the line's search lifts a lone letter only before a space, so a line of one character
        // that is no letter (a lone "š" read "5") may be a marked letter its word's own search reads;
        // a bare letter stays with the line, since lone digits and marks ("0", "1") look like one
        let lineIsOneNonLetter = words.count == 1 && words[0].classes.count == 1 && !isLetter(words[0].classes[0])
        let decoded = words.map { word in
            let span = word.frames.isEmpty ? word.frames.lowerBound..<(word.frames.lowerBound + 1) : word.frames
            let kept = readings(
                of: span, in: logp, classCount: k, standsAlone: word.classes.count == 1, isWholeLine: words.count == 1,
                lineReading: text(word.classes), lineReadingYieldsToMarkedLetter: lineIsOneNonLetter)
            return DecodedWord(candidates: kept, pointRange: word.points, confidence: confidence(of: kept))
        }
        return (decoded, words.map { WordSpan(frames: $0.frames, classes: $0.classes) })
    }

    /// The n-best readings of one word's frames, best first; the line's reading of them, when
    /// given, first of all, unless `lineReadingYieldsToMarkedLetter` and the word's own best
    /// reading is one marked letter. Empty only when nothing is read there and no line reading is
    /// given.
    private func readings(
        of span: Range<Int>, in logp: [Float], classCount k: Int, standsAlone: Bool, isWholeLine: Bool = false,
        lineReading: String?,
        lineReadingYieldsToMarkedLetter: Bool = false
    ) -> [WordCandidate] {
        // twice as many as kept, so that readings pooled by `pooledByFolding` leave their slots
        // to others
        let hyps = decoder.decode(
            logp, classCount: k, frames: span, allowSpace: false, count: 2 * decoder.settings.candidatesPerWord,
            standsAlone: standsAlone, isWholeLine: isWholeLine)
        var candidates = hyps.map {
            (reading: WordCandidate(text: text($0.classes), score: Double($0.score)), penalty: Double($0.penalty))
        }
        // the line's reading comes first: the line-level search saw the word's context
        let markedLetterStands =
            lineReadingYieldsToMarkedLetter
            && hyps.first.map {
                $0.classes.count == 1 && DecoderAlphabet.isAccentedLetter(decoder.alphabet[$0.classes[0] - 1])
            } == true
        if let lineReading, !markedLetterStands {
            if let i = candidates.firstIndex(where: { $0.reading.text == lineReading }) {
                var c = candidates.remove(at: i)
                c.reading.score = max(c.reading.score, candidates.first?.reading.score ?? c.reading.score)
                candidates.insert(c, at: 0)
            } else {
                let score = candidates.first?.reading.score ?? 0
                candidates.insert((WordCandidate(text: lineReading, score: score), 0), at: 0)
                candidates = Array(candidates.prefix(2 * decoder.settings.candidatesPerWord))
            }
        }
        guard let best = candidates.first?.reading.score else { return [] }
        // A reading outside the word list (a name, a code) is scored without `oovPenalty`'s
        // share of it (never above the best), so where the list bends the best reading
        // ("Mains") the ink's own ("Mainz") stays within `candidateMargin` at a score searches
        // do not filter out.
        let forgiven = decoder.settings.outsideListForgiveness
        return Self.pooledByFolding(
            [candidates[0].reading]
                + candidates.dropFirst().map { candidate in
                    var reading = candidate.reading
                    reading.score = min(best, reading.score + forgiven * candidate.penalty)
                    return reading
                },
            limit: decoder.settings.candidatesPerWord)
    }

    /// The readings with those that a search cannot tell apart put behind the others: readings
    /// whose `TextFolding.fold` agrees and whose letters have the same case ("søn", "sön", "son")
    /// find the same queries, so each one past the first took one of the word's slots and a share
    /// of its confidence from readings that find others, and a word read right scored below the
    /// searches' floors. The first of each such group leads it and, with `pooling`, takes the
    /// group's summed likelihood (never more than the leader before it); the others keep their
    /// own scores and the slots the leaders leave, so their spellings stay among the readings,
    /// and `confidence` counts each group once. At most `limit` readings.
    static func pooledByFolding(_ candidates: [WordCandidate], limit: Int, pooling: Bool = true) -> [WordCandidate] {
        var slot: [String: Int] = [:]
        var leaders: [WordCandidate] = []
        var others: [WordCandidate] = []
        for candidate in candidates {
            let key = searchKey(candidate.text)
            if let i = slot[key] {
                others.append(candidate)
                guard pooling else { continue }
                let (high, low) = (max(leaders[i].score, candidate.score), min(leaders[i].score, candidate.score))
                leaders[i].score = high + log1p(exp(low - high))
            } else {
                slot[key] = leaders.count
                leaders.append(candidate)
            }
        }
        for i in leaders.indices.dropFirst() { leaders[i].score = min(leaders[i].score, leaders[i - 1].score) }
        return Array((leaders + others).prefix(limit))
    }

    /// What a search finds a reading by, with its case kept (`--case-sensitive` tells "Son" from
    /// "son"): each character folded alone, in capitals where it was a capital.
    private static func searchKey(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        return text.map { c in
            let folded = TextFolding.fold(String(c))
            return c.isUppercase ? folded.uppercased() : folded
        }.joined()
    }

    /// `WordGapPrior`'s bonuses, on the space class of the frames within two input rows of the
    /// jump (CTC may place the space a little early or late; tuned on `dev` pages at two rows a
    /// frame, where that is the jump's frame and one on either side). Measured in rows, not
    /// frames, so a network with four rows a frame does not put the bonus on the letters
    /// around a narrow gap.
    private func addSpaceBonuses(to logp: inout [Float], classCount k: Int, input: InkFeatures, line: LineInk) {
        guard let space = decoder.alphabet.firstIndex(of: Self.space) else { return }
        let bonuses = gapPrior.bonuses(for: line)
        guard !bonuses.isEmpty else { return }
        let frames = logp.count / k
        for row in input.sources.indices.dropFirst() where input.sources[row] != input.sources[row - 1] {
            guard let bonus = bonuses[input.sources[row]] else { continue }
            let reach = 2
            for f in max(
                0, (row - reach) / network.rowsPerFrame)...min(frames - 1, (row + reach) / network.rowsPerFrame)
            {
                logp[f * k + space + 1] += bonus
            }
        }
    }

    private func text(_ classes: [Int]) -> String {
        DecoderAlphabet.string(of: classes.lazy.map { decoder.alphabet[$0 - 1] })
    }

    /// Whether class `c` is a letter (the apostrophe, which the word list keys, is not).
    private func isLetter(_ c: Int) -> Bool {
        Lexicon.key(decoder.alphabet[c - 1]).map { $0 != UInt8(ascii: "'") } ?? false
    }

    /// The line points of a word's frames, from and to the pen lifts of the spaces around it where
    /// they were found (`penLift`). Spaces are placed to a frame, and a frame covers several input
    /// rows (four for a network at a quarter of the rate): without the lift, the box of a letter
    /// written apart took in a stroke of the word before it.
    private func pointRange(
        of frames: Range<Int>, input: InkFeatures, from lower: Int?, to upper: Int?, _ line: LineInk
    ) -> Range<Int> {
        let byFrames = pointRange(
            of: frames.isEmpty ? frames.lowerBound..<(frames.lowerBound + 1) : frames,
            input: input, pointCount: line.points.count)
        let first = lower ?? byFrames.lowerBound, end = upper ?? byFrames.upperBound
        return first < end ? first..<end : byFrames
    }

    /// The point that starts the trace under a space's frames (give or take a frame) after the
    /// widest jump: the pen lift between the words; nil when no trace starts there (a word joined
    /// to the next).
    private func penLift(under frames: Range<Int>, input: InkFeatures, line: LineInk) -> Int? {
        let rows = network.rowsPerFrame
        let firstRow = max(0, min(rows * (frames.lowerBound - 1), input.count - 1))
        let lastRow = max(firstRow, min(rows * (frames.upperBound + 1) - 1, input.count - 1))
        let points = line.points
        var best: (index: Int, jump: Double)?
        for index in max(1, input.sources[firstRow])...max(1, min(input.sources[lastRow], points.count - 1))
        where index < points.count && points[index].startsTrace {
            let jump = points[index].location.x - points[index - 1].location.x
            if jump > (best?.jump ?? -.infinity) { best = (index, jump) }
        }
        return best?.index
    }

    /// The line points under a span of frames: each frame covers `rowsPerFrame` input rows, each
    /// row knows its nearest original point.
    private func pointRange(of frames: Range<Int>, input: InkFeatures, pointCount: Int) -> Range<Int> {
        let firstRow = min(network.rowsPerFrame * frames.lowerBound, input.count - 1)
        let lastRow = min(network.rowsPerFrame * frames.upperBound - 1, input.count - 1)
        let lower = input.sources[firstRow]
        let upper = max(lower + 1, input.sources[max(lastRow, firstRow)] + 1)
        return lower..<min(upper, pointCount)
    }

    /// The share of the probability mass of the candidates held by the best one.
    /// Readings a search cannot tell apart count once (`pooledByFolding`).
    static func confidence(_ candidates: [WordCandidate]) -> Double {
        guard let top = candidates.first?.score else { return 0 }
        var seen = Set<String>()
        let total = candidates.reduce(0.0) { $0 + (seen.insert(searchKey($1.text)).inserted ? exp($1.score - top) : 0) }
        return 1 / total
    }
}
