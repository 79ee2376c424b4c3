import DrawingModel
import Foundation

/// Reads one handwritten CJK character: its likeliest characters, best first, each scored in
/// nats (a log-probability or a score scaled to weigh like one), so `CJKLattice` can weigh the
/// readings of either engine against shape and the character model alike.
package protocol CharacterClassifying: Sendable {
    /// The `count` best readings of one character's strokes (drawing coordinates, pen order).
    func classify(_ strokes: [[Point]], count: Int) -> [CharacterCandidate]

    /// `classify(_:count:)`, given the character network's first pass over the same strokes
    /// (`CharacterNetwork.glance(at:)`) when the caller already made it; a classifier that would
    /// not make that pass reads as without it.
    func classify(_ strokes: [[Point]], count: Int, glance: [Float]?) -> [CharacterCandidate]

    /// `classify(_:count:glance:)` of several characters, in their order: the same readings, for a
    /// classifier that reads characters together in less time.
    func classify(_ characters: [(strokes: [[Point]], glance: [Float]?)], count: Int) -> [[CharacterCandidate]]
}

extension CharacterClassifying {
    package func classify(_ strokes: [[Point]], count: Int, glance: [Float]?) -> [CharacterCandidate] {
        classify(strokes, count: count)
    }

    package func classify(
        _ characters: [(strokes: [[Point]], glance: [Float]?)], count: Int
    ) -> [[CharacterCandidate]] {
        characters.map { classify($0.strokes, count: count, glance: $0.glance) }
    }
}

/// Which engine reads a CJK character.
package enum CJKCharacterEngine: String, Sendable, CaseIterable {
    /// Debian's Zinnia with the Tegaki models alone.
    case zinnia
    /// The character network alone.
    case network
    /// Both, mixed (`CombinedCharacterClassifier`): the default.
    case combined
}

/// The character network restricted to the characters of some languages (`zh`: its hanzi; `ja`:
/// its kanji and kana), as `--language` asks.
package struct NetworkCharacterClassifier: CharacterClassifying {
    package let network: CharacterNetwork
    /// The classes read; nil for all.
    package let classes: Set<Int>?
    /// `classes` as a flag per class of the network (nil for all), for `candidates(_:count:)`.
    let mask: [Bool]?

    /// - Parameter languages: the codes whose characters are read; a code the network does not
    ///   list reads every class.
    package init(network: CharacterNetwork, languages: [String]) {
        self.network = network
        var classes: Set<Int> = []
        for code in languages {
            guard let own = network.languageClasses[code] else {
                self.classes = nil
                mask = nil
                return
            }
            classes.formUnion(own)
        }
        self.classes = classes
        mask = network.characters.indices.map(classes.contains)
    }

    package func classify(_ strokes: [[Point]], count: Int) -> [CharacterCandidate] {
        guard count > 0, let scores = network.logProbabilities(of: strokes) else { return [] }
        return candidates(scores, count: count)
    }

    /// The `count` likeliest of `classes` by the network's log-probabilities `scores`, best first.
    package func candidates(_ scores: [Float], count: Int) -> [CharacterCandidate] {
        network.candidates(scores, count: count, mask: mask)
    }
}

/// The character network and Zinnia's models read together, as a mixture: a candidate's
/// probability is `networkShare` times the network's plus the rest times Zinnia's (its scores
/// over its first readings made a distribution, `CJKCharacterClassifier.natsPerScore` nats a
/// unit). The two fail differently (Zinnia on stroke order and joined strokes, the network on
/// shapes the fonts do not show) and a mixture keeps the reading of whichever is sure, where a
/// product lets one engine's confident mistake sink the other's right answer. Zinnia also knows
/// the rarer hanzi the network has no class for.
package struct CombinedCharacterClassifier: CharacterClassifying {
    package let network: NetworkCharacterClassifier
    package let zinnia: [CJKCharacterClassifier]
    /// The network's weight in the mixture, measured on the dev characters (`make bench-cjk`).
    package var networkShare: Double
    /// Zinnia's readings asked of each model.
    static let zinniaReadings = 10

    /// A box whose first pass (`CharacterNetwork.glance(at:)`) gives its best reading at least
    /// this probability is read by that pass alone; above 1, every box is read in full. Chosen
    /// on CJK pages of another seed than the benchmark's (`cjk-bench pages` with `CJK_SURE`).
    package var sureProbability: Double

    /// A box the first pass is not sure of is looked at by each companion network's first view
    /// as well; where every network's first view reads the same character best and the mean of
    /// their probabilities gives it at least this probability, that mean answers, with its own
    /// log-probabilities: the other views and Zinnia are not asked. Above 1: never.
    package var agreedProbability: Double

    package init(
        network: NetworkCharacterClassifier, zinnia: [CJKCharacterClassifier], networkShare: Double = 0.7,
        sureProbability: Double = 2, agreedProbability: Double = 2
    ) {
        self.network = network
        self.zinnia = zinnia
        self.networkShare = networkShare
        self.sureProbability = sureProbability
        self.agreedProbability = agreedProbability
    }

    /// The glance's readings when its best is sure enough, else nil.
    func sureReading(_ glance: [Float], count: Int) -> [CharacterCandidate]? {
        guard sureProbability <= 1 else { return nil }
        let best = network.candidates(glance, count: count)
        guard let top = best.first, exp(top.score) >= sureProbability else { return nil }
        return best
    }

    /// The readings of the mean of every network's first view (`firstViews`, one per network)
    /// when each reads the same character best and the mean gives it `agreedProbability`, else nil.
    func agreedReading(_ firstViews: [[Float]?], count: Int) -> [CharacterCandidate]? {
        guard agreedProbability <= 1, firstViews.count > 1 else { return nil }
        let views = firstViews.compactMap { $0 }
        guard views.count == firstViews.count,
            let best = network.candidates(views[0], count: 1).first?.character,
            views.dropFirst().allSatisfy({ network.candidates($0, count: 1).first?.character == best })
        else { return nil }
        var mean = [Float](repeating: 0, count: views[0].count)
        for view in views {
            for i in mean.indices { mean[i] += exp(view[i]) / Float(views.count) }
        }
        let readings = network.candidates(mean.map { log(max($0, 1e-30)) }, count: count)
        guard let top = readings.first, top.character == best, exp(top.score) >= agreedProbability else { return nil }
        return readings
    }

    package func classify(_ strokes: [[Point]], count: Int) -> [CharacterCandidate] {
        classify(strokes, count: count, glance: nil)
    }

    /// `classify(_:count:)`, given the network's `glance(at:)` of the same strokes when the
    /// caller already has it (nil: made here). When the glance's best reading has at least
    /// `sureProbability`, that pass alone answers, with its own log-probabilities: the other
    /// views, the companion network and Zinnia are not asked.
    package func classify(_ strokes: [[Point]], count: Int, glance given: [Float]?) -> [CharacterCandidate] {
        classify([(strokes, given)], count: count)[0]
    }

    /// `classify(_:count:glance:)` of several characters, the network's passes over all of them
    /// made together (`CharacterNetwork.glances(at:)`, `logProbabilities(of:)`).
    package func classify(
        _ characters: [(strokes: [[Point]], glance: [Float]?)], count: Int
    ) -> [[CharacterCandidate]] {
        guard count > 0 else { return characters.map { _ in [] } }
        let model = network.network
        let missing = characters.indices.filter { characters[$0].glance == nil }
        var glances = characters.map(\.glance)
        for (i, glance) in zip(missing, model.glances(at: missing.map { characters[$0].strokes })) {
            glances[i] = glance
        }
        var read = [[CharacterCandidate]](repeating: [], count: characters.count)
        var unsure: [Int] = []
        for i in characters.indices {
            guard let glance = glances[i] else { continue }
            if let sure = sureReading(glance, count: count) {
                read[i] = sure
            } else {
                unsure.append(i)
            }
        }
        // each unsure box's first views, this network's and then each companion's where asked
        var firstViews = unsure.map { [glances[$0]] }
        var undecided = Array(unsure.indices)
        if agreedProbability <= 1, !model.companions.isEmpty {
            for companion in model.companions {
                for (k, glance) in companion.glances(at: unsure.map { characters[$0].strokes }).enumerated() {
                    firstViews[k].append(glance)
                }
            }
            undecided = unsure.indices.filter { k in
                guard let agreed = agreedReading(firstViews[k], count: count) else { return true }
                read[unsure[k]] = agreed
                return false
            }
        }
        let full = model.logProbabilities(of: undecided.map { (characters[unsure[$0]].strokes, firstViews[$0]) })
        for (k, logp) in zip(undecided, full) {
            guard let logp else { continue }
            read[unsure[k]] = mixed(characters[unsure[k]].strokes, logp, count: count)
        }
        return read
    }

    /// The mixture of the network's full reading `logp` of some strokes and Zinnia's readings.
    private func mixed(_ strokes: [[Point]], _ logp: [Float], count: Int) -> [CharacterCandidate] {
        var zinniaScore: [String: Double] = [:]
        for model in zinnia {
            for c in model.classify(strokes, count: Self.zinniaReadings) {
                zinniaScore[c.character] = max(zinniaScore[c.character] ?? -.infinity, c.score)
            }
        }
        let top = zinniaScore.values.max() ?? 0
        let total = zinniaScore.values.reduce(0.0) { $0 + exp($1 - top) }
        var pool = Set(zinniaScore.keys)
        // the network's own best from the same pass (a second `classify` would run it again)
        for c in network.candidates(logp, count: count) { pool.insert(c.character) }
        let scored = pool.map { character -> CharacterCandidate in
            let own = network.network.classIndex[character].flatMap { i in
                network.mask?[i] ?? true ? exp(Double(logp[i])) : nil
            }
            let theirs = zinniaScore[character].map { exp($0 - top) / total } ?? 0
            let p = networkShare * (own ?? 0) + (1 - networkShare) * theirs
            return CharacterCandidate(character: character, score: log(max(p, 1e-12)))
        }
        return scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.character < $1.character }
            .prefix(count).map { $0 }
    }
}
