import Foundation
import Testing

@testable import Recognition

/// Pseudo-labels for a writer's adaptation (`HandAdapter+PseudoLabels`): which unsure words the
/// reader gathers, which of them the fit takes as targets, and the held-out sure words still
/// judging a fit that learned from them.
struct HandAdapterPseudoLabelTests {
    /// The fixture's real ink read with a collector gathering pseudo-labels' candidates too.
    private static let fixture = Result { () throws -> (HandwritingRecognizer, AdaptationCollector) in
        let recognizer = try HandwritingRecognizer.makeDefault()
        let collector = AdaptationCollector(pseudoLabelFloor: 0.3)
        let reading = recognizer.collecting(into: collector)
        for sample in try RealHandwritingTests.samples("dev-words-sample.json")
            + RealHandwritingTests.samples("dev-lines-sample.json")
        {
            _ = reading.transcribe(sample.drawing)
        }
        return (recognizer, collector)
    }

    static func settings(_ agreement: HandAdapter.PseudoLabelAgreement) -> HandAdapter.Settings {
        var settings = HandAdaptationTests.smallFit
        settings.pseudoLabelFloor = 0.3
        settings.pseudoLabelAgreement = agreement
        settings.pseudoLabelsJoinAfter = 10
        return settings
    }

    /// With a floor, the reader gathers apart the unsure words whose best reading is a listed
    /// word, and still the same sure words; without one, none.
    @Test func theReaderGathersListedUnsureWordsApart() throws {
        let (recognizer, collector) = try Self.fixture.get()
        let (_, sure) = try HandAdaptationTests.sureWords()
        #expect(collector.samples.map(\.text) == sure.map(\.text))
        let unsure = collector.unsureSamples
        #expect(!unsure.isEmpty)
        #expect(unsure.allSatisfy { recognizer.lineReader.knows($0.text) && !$0.target.isEmpty })
        #expect(Set(unsure.map(\.key)).isDisjoint(with: sure.map(\.key)))
        let plain = AdaptationCollector()
        let reading = recognizer.collecting(into: plain)
        for sample in try RealHandwritingTests.samples("dev-lines-sample.json") {
            _ = reading.transcribe(sample.drawing)
        }
        #expect(plain.unsureSamples.isEmpty && !plain.samples.isEmpty)
    }

    /// Candidates the shipped network's best path reads as their reading join the fit, and change
    /// what it learns; the same candidates with wrong readings (each letter moved to the next
    /// class) are read otherwise by that path, so none joins and the fit is the one the sure words
    /// alone give.
    @Test(arguments: HandAdapter.PseudoLabelAgreement.allCases)
    func pseudoLabelsTheReadersAgreeOnAreLearned(agreement: HandAdapter.PseudoLabelAgreement) throws {
        let (recognizer, collector) = try Self.fixture.get()
        let sure = collector.samples, unsure = collector.unsureSamples
        let settings = Self.settings(agreement)
        let alone = try #require(recognizer.learnHand(from: sure, settings: settings))
        let with = try #require(recognizer.learnHand(from: sure, pseudoLabelCandidates: unsure, settings: settings))
        #expect(with.report.pseudoLabelCandidates == unsure.count)
        #expect(with.report.pseudoLabelWords > 0 && with.report.pseudoLabelWords <= unsure.count, "\(with.report)")
        #expect(with.report.trainingWords == alone.report.trainingWords)
        #expect(with.report.trainingLossAfter != alone.report.trainingLossAfter)

        var wrong = unsure
        for i in wrong.indices { wrong[i].target = wrong[i].target.map { $0 % 150 + 1 } }
        let refused = try #require(
            recognizer.learnHand(from: sure, pseudoLabelCandidates: wrong, settings: settings))
        #expect(refused.report.pseudoLabelCandidates == wrong.count && refused.report.pseudoLabelWords == 0)
        #expect(refused.report.trainingLossAfter == alone.report.trainingLossAfter)
        #expect(refused.adaptation == alone.adaptation)

        // without a floor the candidates are not looked at
        var off = settings
        off.pseudoLabelFloor = nil
        let ignored = try #require(recognizer.learnHand(from: sure, pseudoLabelCandidates: unsure, settings: off))
        #expect(ignored.report.pseudoLabelCandidates == 0 && ignored.adaptation == alone.adaptation)
    }

    /// Errors must not teach themselves through pseudo-labels either: a fit whose sure training
    /// words are misread (each letter moved to the next class) reads the held-out sure words
    /// worse and is rejected, whatever pseudo-labels joined it.
    @Test func aFitWithPseudoLabelsReadingHeldOutWordsWorseIsRejected() throws {
        let (recognizer, collector) = try Self.fixture.get()
        let settings = Self.settings(.shipped)
        let every = settings.heldOutEvery
        var wrong = collector.samples
        for i in wrong.indices where i % every != every - 1 {
            wrong[i].target = wrong[i].target.map { $0 % 150 + 1 }
        }
        let (adaptation, report) = try #require(
            recognizer.learnHand(from: wrong, pseudoLabelCandidates: collector.unsureSamples, settings: settings))
        #expect(report.pseudoLabelWords > 0)
        #expect(adaptation == nil)
        #expect(!report.accepted && report.heldOutLossAfter > report.heldOutLossBefore, "\(report)")
    }
}
