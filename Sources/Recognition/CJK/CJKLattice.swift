import DrawingModel
import Foundation

/// The settings of `CJKLattice`, measured on the dev pages (`make bench-cjk`).
package struct CJKLatticeSettings: Sendable, Hashable {
    /// Most consecutive stroke groups one character may span.
    package var maxGroups = 4
    /// Widest character box, in line heights.
    package var maxWidth = 1.25
    /// Weight of the character reading's score (nats).
    package var recognitionWeight = 1.0
    /// Weight of the character model's log-probability.
    package var languageWeight = 0.3
    /// Nats added for each character read (balances fewer, wider boxes against more, narrower
    /// ones; below 0, a box split in two pays for it).
    package var characterBonus = 1.0
    /// Nats charged per line height by which a box is narrower than `narrowWidth` line heights.
    package var narrowPenalty = 6.0
    /// A box narrower than this, in line heights, is charged `narrowPenalty` (characters are about
    /// as wide as the line is high; a few, such as 一 or 川, are narrower, hence the gentle slope).
    package var narrowWidth = 0.55
    /// Nats charged per line height by which a box is wider than `wideWidth` line heights.
    package var widePenalty = 10.0
    /// A box wider than this, in line heights, is charged `widePenalty`.
    package var wideWidth = 1.0
    /// Nats charged per line height of gap inside a box (between the groups it joins).
    package var innerGapPenalty = 12.0
    /// Hypotheses kept at each boundary between groups.
    package var beamWidth = 8
    /// Readings kept for each character, for search: the eight each box is read as (the index
    /// indexes eight a word). On the dev pages, 8 instead of 5 found more of the character pairs
    /// for few more pairs written nowhere on the page (docs/recognizer.md).
    package var candidatesPerCharacter = 8
    /// Readings whose score is lower than the best by more than this many nats are not kept.
    package var candidateMargin = 8.0
    /// A box whose character network's first pass is at least this sure of its best reading is
    /// read by that pass alone (`CombinedCharacterClassifier.sureProbability`); above 1: never.
    /// Chosen on `make_cjk_pages.py --seed 7` pages (`Benchmarks/sure_threshold.py`): the highest
    /// threshold whose pages read no worse than in full, the next lower one losing pairs.
    package var sureProbability = 0.65
    /// A box the first pass is unsure of, whose networks' first views read the same character
    /// best with at least this mean probability, is read by those views alone
    /// (`CombinedCharacterClassifier.agreedProbability`); above 1: never. Chosen on
    /// `make_cjk_pages.py --seed 7` pages (`Benchmarks/sure_threshold.py --variable CJK_AGREED`).
    package var agreedProbability = 0.5
    /// The views each companion network (`CharacterNetwork.companions`) reads a box in, of its
    /// three, when the box is read in full.
    package var companionViews = 3

    package init() {}
}

/// One character of a line as the lattice reads it: the consecutive groups it spans and its
/// readings, best first.
package struct LatticeCharacter: Sendable, Hashable {
    /// The stroke groups, as a range of indices into the groups given.
    package var groups: Range<Int>
    /// Best first; never empty. Scores are in nats (log-probability-like).
    package var candidates: [WordCandidate]
    /// How much of the readings' weight the chosen one holds (softmax of their scores, nats).
    package var confidence: Double
}

/// Reads a line of CJK writing from its over-segmentation (`StrokeGroups`): every run of 1 …
/// `maxGroups` consecutive groups is a candidate character box, scored by the character
/// recognizer, its shape (about as wide as the line is high) and the gaps inside it; a beam
/// search over the boxes with a character bigram model finds the best reading of the line.
package struct CJKLattice: Sendable {
    package var settings: CJKLatticeSettings

    package init(settings: CJKLatticeSettings = .init()) {
        self.settings = settings
    }

    private struct Hypothesis {
        var score: Double
        var last: Character?
        /// The box that ended here: its start boundary and the chosen reading.
        var start: Int
        var reading: Int
        /// Index of the hypothesis at `start` this one extends.
        var previous: Int
    }

    /// The best reading of a line.
    ///
    /// - Parameters:
    ///   - groups: the line's stroke groups, left to right.
    ///   - lineHeight: the height of its characters.
    ///   - classify: the readings of the box spanning some groups (Zinnia's candidates, best first).
    ///   - languageModel: log P(character | previous character or nil at the start of the line).
    /// - Returns: characters covering every group once, left to right; empty for no groups.
    package func read(
        groups: [StrokeGroup], lineHeight: Double, classify: (Range<Int>) -> [CharacterCandidate],
        languageModel: (Character, Character?) -> Double
    ) -> [LatticeCharacter] {
        let n = groups.count
        guard n > 0 else { return [] }
        let (beams, readings) = search(
            groups: groups, lineHeight: lineHeight, classify: classify, languageModel: languageModel)
        guard !beams[n].isEmpty else { return [] }
        var path: [(range: Range<Int>, reading: Int, previous: Character?)] = []
        var end = n, index = 0
        while end > 0 {
            let hyp = beams[end][index]
            let before = hyp.previous >= 0 && hyp.start > 0 ? beams[hyp.start][hyp.previous].last : nil
            path.append((hyp.start..<end, hyp.reading, before))
            index = hyp.previous
            end = hyp.start
        }
        return path.reversed().compactMap { step in
            guard let options = readings[step.range], options.indices.contains(step.reading) else { return nil }
            let chosen = options[step.reading]
            let scored = options.map { option -> WordCandidate in
                let lm = option.character.first.map { languageModel($0, step.previous) } ?? 0
                return WordCandidate(
                    text: option.character,
                    score: settings.recognitionWeight * option.score + settings.languageWeight * lm)
            }
            let best = scored[step.reading]
            let others = scored.indices.filter { $0 != step.reading }.map { scored[$0] }
                .filter { $0.score >= best.score - settings.candidateMargin && $0.text != best.text }
                .sorted { $0.score > $1.score }
            let kept = [best] + others.prefix(settings.candidatesPerCharacter - 1)
            let share = 1 / options.reduce(0.0) { $0 + exp(settings.recognitionWeight * ($1.score - chosen.score)) }
            return LatticeCharacter(groups: step.range, candidates: kept, confidence: share)
        }
    }

    /// The boxes (runs of groups) on the paths of every hypothesis left at the end of the line:
    /// where a second, finer reading need look, since the others lost to them already.
    ///
    /// Same parameters as `read`; `classify` may be a quicker, rougher reader.
    package func plausibleBoxes(
        groups: [StrokeGroup], lineHeight: Double, classify: (Range<Int>) -> [CharacterCandidate],
        languageModel: (Character, Character?) -> Double
    ) -> Set<Range<Int>> {
        guard !groups.isEmpty else { return [] }
        let beams = search(groups: groups, lineHeight: lineHeight, classify: classify, languageModel: languageModel)
            .beams
        var boxes = Set<Range<Int>>()
        for last in beams[groups.count].indices {
            var end = groups.count, index = last
            while end > 0 {
                let hyp = beams[end][index]
                boxes.insert(hyp.start..<end)
                index = hyp.previous
                end = hyp.start
            }
        }
        return boxes
    }

    /// The candidate character boxes of a line, in the order `read` classifies them: each run of
    /// 1 … `maxGroups` consecutive groups, a run of several no wider than `maxWidth` line heights,
    /// with its box.
    package func boxes(groups: [StrokeGroup], lineHeight: Double) -> [(span: Range<Int>, box: Rect)] {
        let n = groups.count, height = max(lineHeight, 1e-6)
        var boxes: [(span: Range<Int>, box: Rect)] = []
        for start in 0..<n {
            for end in (start + 1)...min(n, start + settings.maxGroups) {
                let box = groups[start..<end].dropFirst().reduce(groups[start].bounds) { $0.union($1.bounds) }
                // a box wider than allowed, made of several groups, is no character
                if end - start > 1, box.width > settings.maxWidth * height { break }
                boxes.append((start..<end, box))
            }
        }
        return boxes
    }

    /// Every box's readings and shape, and the beam search's hypotheses at each boundary.
    private func search(
        groups: [StrokeGroup], lineHeight: Double, classify: (Range<Int>) -> [CharacterCandidate],
        languageModel: (Character, Character?) -> Double
    ) -> (beams: [[Hypothesis]], readings: [Range<Int>: [CharacterCandidate]]) {
        let n = groups.count
        let height = max(lineHeight, 1e-6)
        var readings: [Range<Int>: [CharacterCandidate]] = [:]
        var shapeCost: [Range<Int>: Double] = [:]
        for (span, box) in boxes(groups: groups, lineHeight: lineHeight) {
            var gap = 0.0
            for k in (span.lowerBound + 1)..<span.upperBound {
                gap += max(0, groups[k].bounds.minX - groups[k - 1].bounds.maxX)
            }
            let narrow = max(0, settings.narrowWidth - max(box.width, box.height * 0.2) / height)
            let wide = max(0, box.width / height - settings.wideWidth)
            shapeCost[span] =
                settings.narrowPenalty * narrow + settings.widePenalty * wide + settings.innerGapPenalty * gap / height
            readings[span] = classify(span)
        }

        var beams: [[Hypothesis]] = Array(repeating: [], count: n + 1)
        beams[0] = [Hypothesis(score: 0, last: nil, start: -1, reading: -1, previous: -1)]
        for end in 1...n {
            var next: [Hypothesis] = []
            for start in max(0, end - settings.maxGroups)..<end {
                guard let options = readings[start..<end], let shape = shapeCost[start..<end], !options.isEmpty
                else { continue }
                for (p, hyp) in beams[start].enumerated() {
                    for (r, option) in options.enumerated() {
                        guard let c = option.character.first else { continue }
                        let score =
                            hyp.score + settings.recognitionWeight * option.score + settings.characterBonus - shape
                            + settings.languageWeight * languageModel(c, hyp.last)
                        next.append(Hypothesis(score: score, last: c, start: start, reading: r, previous: p))
                    }
                }
            }
            // one hypothesis per (box start, last character): the better of equal futures
            next.sort { $0.score > $1.score }
            var seen = Set<String>()
            beams[end] = next.filter { seen.insert("\($0.start) \(String($0.last.map { [$0] } ?? []))").inserted }
                .prefix(settings.beamWidth).map { $0 }
        }
        return (beams, readings)
    }
}
