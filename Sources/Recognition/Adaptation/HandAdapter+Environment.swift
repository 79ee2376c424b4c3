/// A writer's adaptation's settings read from `NBI_HAND_` environment variables, for measuring
/// them on the dev writers (`make bench-adapt` runs `build --adapt`, which reads with them when
/// any is set). The shipped settings are `HandAdapter.Settings()`.
import Foundation

extension HandAdapter.Settings {
    /// The knobs and the variables that set them; a value that is not a number is ignored.
    private static let environmentKnobs: [(String, @Sendable (inout HandAdapter.Settings, Double) -> Void)] = [
        // a floor above 1 gathers no pseudo-label
        ("NBI_HAND_PSEUDO_FLOOR", { $0.pseudoLabelFloor = $1 > 1 ? nil : $1 }),
        (
            "NBI_HAND_PSEUDO_AGREE",
            { $0.pseudoLabelAgreement = HandAdapter.PseudoLabelAgreement(rawValue: Int($1)) ?? .adapted }
        ),
        ("NBI_HAND_PSEUDO_JOIN", { $0.pseudoLabelsJoinAfter = max(0, Int($1)) }),
        ("NBI_HAND_STEPS", { $0.steps = max(1, Int($1)) }),
    ]

    /// The shipped settings changed by the `NBI_HAND_` variables of `environment`.
    package static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> HandAdapter.Settings {
        var settings = HandAdapter.Settings()
        for (name, apply) in environmentKnobs {
            if let value = environment[name].flatMap(Double.init) { apply(&settings, value) }
        }
        return settings
    }
}
