import DrawingModel
import Foundation

/// Reads a line of Chinese or Japanese writing character by character: the line's traces are
/// over-segmented into stroke groups (`StrokeGroups`), every box of 1 … k consecutive groups is
/// classified by the character recognizers (`CharacterClassifying`: the character network and
/// Zinnia's model of each language, mixed or alone; the best score of each character kept), and
/// `CJKLattice` with the languages' character models (`CJKLanguageModel`) picks the characters. Each character is one `DecodedWord` with its n-best readings and its own
/// points, so search keeps every plausible reading as it does for Latin words.
///
/// Immutable and shareable: the models are only read.
package struct CJKLineReader: LineReading {
    package let classifiers: [any CharacterClassifying]
    package let languageModels: [CJKLanguageModel]
    package var lattice: CJKLattice
    /// Readings asked of each model for a box.
    package var readingsPerBox = 8
    /// A quicker, rougher reader of characters (the network's own view of the ink alone) that
    /// reads every box first, so that `classifiers` read only the boxes on the lattice's
    /// plausible paths (`CJKLattice.plausibleBoxes`); nil: `classifiers` read every box.
    /// Its first pass over a box (`CharacterNetwork.glance(at:)`) is kept for the full reading of
    /// the box, which makes the same pass (`CombinedCharacterClassifier.classify(_:count:glance:)`).
    package var sketch: NetworkCharacterClassifier?

    /// - Parameters:
    ///   - classifiers: one per language, each with its model.
    ///   - languageModels: the character models of the same languages.
    package init(
        classifiers: [any CharacterClassifying], languageModels: [CJKLanguageModel], lattice: CJKLattice = .init()
    ) {
        self.classifiers = classifiers
        self.languageModels = languageModels
        self.lattice = lattice
    }

    package func read(_ line: LineInk) -> [DecodedWord] {
        read(line, lineHeight: nil)
    }

    /// The characters of some ink whose characters are `lineHeight` high (nil: the ink's own
    /// height), as when it is part of a line: a lone 一 is not a line of its own height.
    package func read(_ line: LineInk, lineHeight: Double?) -> [DecodedWord] {
        reading(line, lineHeight: lineHeight).full()
    }

    /// The characters the sketch alone reads in some ink, each box by the network's first pass
    /// (no other view, no companion network, no Zinnia): the path the full reading starts from,
    /// for a fraction of its cost, to judge whether the ink is worth reading in full; nil without
    /// a sketch. Its full reading reuses the sketch's passes.
    package func roughRead(_ line: LineInk, lineHeight: Double?) -> RoughReading? {
        guard sketch != nil else { return nil }
        let reading = reading(line, lineHeight: lineHeight)
        return RoughReading(words: reading.rough(), full: reading.full)
    }

    /// The rough and the full reading of some ink, sharing the sketch's first pass over each box.
    private func reading(
        _ line: LineInk, lineHeight: Double?
    ) -> (rough: () -> [DecodedWord], full: () -> [DecodedWord]) {
        let ranges = line.traceRanges.filter { !$0.isEmpty }
        guard !ranges.isEmpty, let lineBox = Rect(enclosing: line.points.lazy.map(\.location)) else {
            return ({ [] }, { [] })
        }
        let boxes = ranges.map { Rect(enclosing: line.points[$0].lazy.map(\.location)) ?? lineBox }
        let height = max(lineHeight ?? lineBox.height, 1e-6)
        let groups = StrokeGroups.groups(of: boxes, lineHeight: height)
        // each group's traces in writing order: by stroke, then by place in the line's points
        let writingOrder = { (traces: [Int]) -> [Int] in
            traces.sorted { a, b in
                let sa = line.points[ranges[a].lowerBound].strokeIndex,
                    sb = line.points[ranges[b].lowerBound].strokeIndex
                return sa != sb ? sa < sb : ranges[a].lowerBound < ranges[b].lowerBound
            }
        }
        let strokes = { (span: Range<Int>) -> [[Point]] in
            writingOrder(groups[span].flatMap(\.traces)).map { line.points[ranges[$0]].map(\.location) }
        }
        let languageModel = { (c: Character, previous: Character?) in languageLogProbability(of: c, after: previous) }
        // the sketch's pass over each box, made once for the rough reading and the full one
        var glances: [Range<Int>: [Float]] = [:]
        var sketched: [Range<Int>: [CharacterCandidate]] = [:]
        let glancing = { (span: Range<Int>) -> [CharacterCandidate] in
            guard let sketch else { return [] }
            if sketched.isEmpty {
                // every box the lattice reads, at once (the network's dense layers then read their
                // weights once for all)
                let spans = lattice.boxes(groups: groups, lineHeight: height).map(\.span)
                for (box, glance) in zip(spans, sketch.network.glances(at: spans.map(strokes))) {
                    glances[box] = glance
                    sketched[box] = glance.map { sketch.candidates($0, count: readingsPerBox) } ?? []
                }
            }
            if let known = sketched[span] { return known }
            guard let glance = sketch.network.glance(at: strokes(span)) else { return [] }
            glances[span] = glance
            let candidates = sketch.candidates(glance, count: readingsPerBox)
            sketched[span] = candidates
            return candidates
        }
        let words = { (characters: [LatticeCharacter]) -> [DecodedWord] in
            characters.map { character in
                let traces = writingOrder(groups[character.groups].flatMap(\.traces))
                let indices = traces.flatMap { Array(ranges[$0]) }
                let low = indices.min() ?? 0, high = (indices.max() ?? 0) + 1
                return DecodedWord(
                    candidates: character.candidates, pointRange: low..<high, confidence: character.confidence,
                    pointIndices: indices)
            }
        }
        let rough = {
            words(lattice.read(groups: groups, lineHeight: height, classify: glancing, languageModel: languageModel))
        }
        let full = {
            let plausible =
                sketch == nil
                ? nil
                : lattice.plausibleBoxes(
                    groups: groups, lineHeight: height, classify: glancing, languageModel: languageModel)
            // the boxes to read in full, all at once, in the order the lattice asks for them
            let spans = lattice.boxes(groups: groups, lineHeight: height).map(\.span).filter {
                plausible?.contains($0) ?? true
            }
            let read = Dictionary(
                zip(spans, classify(spans.map { (strokes($0), glances[$0]) })), uniquingKeysWith: { a, _ in a })
            return words(
                lattice.read(
                    groups: groups, lineHeight: height, classify: { read[$0] ?? [] }, languageModel: languageModel))
        }
        return (rough, full)
    }

    /// Every model's readings of each character's strokes, the best score of each character kept,
    /// each classifier reading them all together. `glance`: the sketch's first pass over the same
    /// strokes, for a classifier that makes it too.
    func classify(_ characters: [(strokes: [[Point]], glance: [Float]?)]) -> [[CharacterCandidate]] {
        var best = [[String: Double]](repeating: [:], count: characters.count)
        for classifier in classifiers {
            for (i, read) in classifier.classify(characters, count: readingsPerBox).enumerated() {
                for c in read { best[i][c.character] = max(best[i][c.character] ?? -.infinity, c.score) }
            }
        }
        return best.map { scores in
            scores.map { CharacterCandidate(character: $0.key, score: $0.value) }
                .sorted { $0.score != $1.score ? $0.score > $1.score : $0.character < $1.character }
                .prefix(readingsPerBox).map { $0 }
        }
    }

    /// log P(c | previous) under the languages' character models, mixed evenly.
    func languageLogProbability(of c: Character, after previous: Character?) -> Double {
        guard !languageModels.isEmpty else { return 0 }
        let p = languageModels.reduce(0.0) { $0 + exp($1.logProbability(of: c, after: previous)) }
        return log(p / Double(languageModels.count))
    }
}
