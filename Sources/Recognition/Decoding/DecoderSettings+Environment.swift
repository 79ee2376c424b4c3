/// Decoder settings read from `NBI_` environment variables, for tuning on the dev writers
/// (`recognizer-bench`) and for looking behind a reading of a real notebook (`notebook-index`
/// reads with them when any is set: `NBI_MARGIN=1000 NBI_CANDIDATES=8` keeps every reading the
/// word's beam found, which `Benchmarks/fresh_misses.py` uses to tell a reading the margin dropped
/// from one the network never made). The shipped settings are `DecoderSettings()`.
import Foundation

extension DecoderSettings {
    /// The knobs and the variables that set them; a value that is not a number is ignored.
    private static let environmentKnobs: [(String, @Sendable (inout DecoderSettings, Double) -> Void)] = [
        ("NBI_LM_WEIGHT", { $0.lmWeight = Float($1) }),
        ("NBI_INSERTION_BONUS", { $0.insertionBonus = Float($1) }),
        ("NBI_OOV_PENALTY", { $0.oovPenalty = Float($1) }),
        ("NBI_COMMON_WORDS", { $0.commonWordWeight = Float($1) }),
        ("NBI_BEAM", { $0.beamWidth = Int($1) }),
        ("NBI_MARGIN", { $0.candidateMargin = $1 }),
        ("NBI_CANDIDATES", { $0.candidatesPerWord = max(1, Int($1)) }),
        ("NBI_GAP_BONUS", { $0.gapSpaceBonus = Float($1) }),
        ("NBI_GAP_LOW", { $0.gapSpaceLow = $1 }),
        ("NBI_GAP_HIGH", { $0.gapSpaceHigh = $1 }),
        ("NBI_GAP_TYPICAL", { $0.gapSpaceTypicalMultiple = $1 }),
        ("NBI_GAP_CHARACTER_TRACES", { $0.gapCharacterTraces = max(0, Int($1)) }),
        ("NBI_FORGIVE", { $0.outsideListForgiveness = $1 }),
        ("NBI_CASE_PENALTY", { $0.mixedCasePenalty = Float($1) }),
        ("NBI_LONE_LETTERS", { $0.loneLettersAsLikelyAsDigitsOrMarks = $1 != 0 }),
        ("NBI_MIXED_TOKENS", { $0.mixedTokenShare = $1 }),
        ("NBI_SECOND_LOOK", { $0.secondLookBelowConfidence = $1 }),
        ("NBI_SECOND_LOOK_WIDENING", { $0.secondLookWidening = $1 }),
        ("NBI_MARK_BONUS", { $0.markBonus = Float($1) }),
    ]

    /// The shipped settings changed by the `NBI_` variables of `environment`; nil when none is set,
    /// so that a caller reads with the shared, shipped recognizer.
    package static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> DecoderSettings? {
        var settings = DecoderSettings()
        var changed = false
        for (name, apply) in environmentKnobs {
            if let value = environment[name].flatMap(Double.init) {
                apply(&settings, value)
                changed = true
            }
        }
        return changed ? settings : nil
    }
}
