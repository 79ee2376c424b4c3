/// Pseudo-labels for a writer's adaptation (`HandAdapter`): more targets than the sure words.
///
/// The sure words teach the fit little the network lacks: they are the words it already reads
/// well. Its errors are in the words it reads less surely, and those never serve as targets,
/// since a wrong reading among them would teach itself. Some of them can: a word read at least
/// `Settings.pseudoLabelFloor` surely, whose best reading is a word of the reader's lists (the
/// user vocabulary among them; `AdaptationCollector` gathers those), and which a second reader
/// reads the same way (`Settings.PseudoLabelAgreement`): the network's best path alone, without
/// the lists and the language model that chose the reading, or the network through the
/// adaptation fitted so far to the sure words. The held-out words that judge the fit stay sure
/// words only.
extension HandAdapter {
    /// Which reader must read a pseudo-label's candidate as the shipped reader did.
    package enum PseudoLabelAgreement: Int, Sendable, CaseIterable {
        /// The shipped network's best path (its likeliest class per frame, without the word
        /// lists): the letters alone give the reading the lists chose.
        case shipped = 0
        /// The best path through the adaptation fitted to the sure words so far
        /// (`Settings.pseudoLabelsJoinAfter` steps).
        case adapted = 1
        /// Both.
        case both = 2

        var needsAdaptation: Bool { self != .shipped }
    }

    /// The candidates (`samples`) that become pseudo-labels: the indices of those whose best
    /// path, through the shipped network and/or the part's values `w`, `b` fitted so far, reads
    /// their target.
    func pseudoLabels(
        among candidates: Batch, shipped: (w: [Float], b: [Float]), adapted: (w: [Float], b: [Float])
    ) -> [Int] {
        let agreement = settings.pseudoLabelAgreement
        var agreeing = Set(candidates.targets.indices)
        if agreement != .adapted {
            agreeing.formIntersection(evaluate(candidates, w: shipped.w, b: shipped.b, gradient: false).agreeing)
        }
        if agreement.needsAdaptation {
            agreeing.formIntersection(evaluate(candidates, w: adapted.w, b: adapted.b, gradient: false).agreeing)
        }
        return agreeing.sorted()
    }
}

extension HandAdapter.Batch {
    /// The words of `other` at `indices` after this batch's.
    func adding(_ indices: [Int], of other: HandAdapter.Batch) -> HandAdapter.Batch {
        var result = self
        let width = other.inputs.count / max(other.starts.last!, 1)
        for n in indices {
            let rows = other.starts[n]..<other.starts[n + 1]
            result.inputs += other.inputs[(rows.lowerBound * width)..<(rows.upperBound * width)]
            result.starts.append(result.starts.last! + rows.count)
            result.targets.append(other.targets[n])
        }
        return result
    }
}
