import Testing

@testable import Recognition

/// The `NBI_` variables that tune the decoder on the dev writers and let `fresh_misses.py` look
/// behind a real notebook's readings.
@Suite struct DecoderSettingsEnvironmentTests {
    @Test func noVariableMeansTheShippedRecognizer() {
        #expect(DecoderSettings.fromEnvironment([:]) == nil)
        #expect(DecoderSettings.fromEnvironment(["PATH": "/usr/bin", "NBI_MARGIN": "wide"]) == nil)
    }

    @Test func theVariablesSetTheirKnobsAndLeaveTheOthersShipped() throws {
        let settings = try #require(
            DecoderSettings.fromEnvironment(["NBI_MARGIN": "1000", "NBI_CANDIDATES": "8", "NBI_OOV_PENALTY": "1.5"]))
        #expect(settings.candidateMargin == 1000)
        #expect(settings.candidatesPerWord == 8)
        #expect(settings.oovPenalty == 1.5)
        #expect(settings.lmWeight == DecoderSettings().lmWeight)
        #expect(settings.beamWidth == DecoderSettings().beamWidth)
    }
}
