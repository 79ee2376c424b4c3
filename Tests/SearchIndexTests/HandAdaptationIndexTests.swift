import DrawingModel
import Foundation
import Recognition
import Synchronization
import Testing

@testable import SearchIndex

/// A `WordTranscriber` that learns a hand the way the recognizer does, without a network: each
/// sure word (confidence 0.9) goes to the collector as a sample, a word written with a leading
/// "?" is read unsurely (0.3), and a fit is kept or rejected as told. With an adaptation, such a
/// word is read otherwise and surely ("?smudge" as "smudged", 0.95), as a hand fitted to other
/// words may. It records the adaptation each reading used and the strokes it was given. With
/// `keepsEvidence`, it can attach evidence (`HandEvidence`) to its unsure words and read them
/// again from it as the hand would read their ink. It records the line states
/// (`KeptLineStates`) each reading was given (`keepingLineStates(in:)`).
final class HandTranscriber: DrawingTranscriber {
    let words: WordTranscriber
    let acceptsFits: Bool
    let adaptation: HandAdaptation?
    let collector: AdaptationCollector?
    let keepsEvidence: Bool
    let attachesEvidence: Bool
    let lineStates: KeptLineStates?
    private let shared: HandTranscriberLog

    init(version: Int = 1, acceptsFits: Bool = true, keepsEvidence: Bool = false) {
        words = WordTranscriber(version: version)
        self.acceptsFits = acceptsFits
        self.keepsEvidence = keepsEvidence
        attachesEvidence = false
        lineStates = nil
        adaptation = nil
        collector = nil
        shared = HandTranscriberLog()
    }

    private init(
        _ base: HandTranscriber, adaptation: HandAdaptation?, collector: AdaptationCollector?,
        attachesEvidence: Bool? = nil, lineStates: KeptLineStates? = nil
    ) {
        words = base.words
        acceptsFits = base.acceptsFits
        keepsEvidence = base.keepsEvidence
        self.attachesEvidence = attachesEvidence ?? base.attachesEvidence
        self.lineStates = lineStates ?? base.lineStates
        self.adaptation = adaptation
        self.collector = collector
        shared = base.shared
    }

    /// Words read again from evidence, with the adaptation each used.
    var readFromEvidence: [HandAdaptation] { shared.evidence.withLock { $0 } }

    func keepingHandEvidence() throws -> any DrawingTranscriber {
        guard keepsEvidence else { return self }
        return HandTranscriber(self, adaptation: adaptation, collector: collector, attachesEvidence: true)
    }

    func keepingLineStates(in states: KeptLineStates) throws -> any DrawingTranscriber {
        HandTranscriber(self, adaptation: adaptation, collector: collector, lineStates: states)
    }

    /// The line states every page was read with, in the order read (nil: none).
    var statesReadWith: [ObjectIdentifier?] { shared.states.withLock { $0 } }

    func readAgain(
        _ evidence: HandEvidence, adaptedBy adaptation: HandAdaptation
    ) -> (candidates: [WordCandidate], confidence: Double)? {
        shared.evidence.withLock { $0.append(adaptation) }
        return ([WordCandidate(text: "smudged", score: 0)], 0.95)
    }

    var recognitionVersion: Int { words.recognitionVersion }
    var recognitionLanguages: [Locale.Language] { words.recognitionLanguages }
    /// The adaptation every page was read with, in the order read (nil: the shipped network).
    var readWith: [HandAdaptation?] { shared.pages.withLock { $0 } }
    var fits: Int { shared.fits.withLock { $0 } }
    /// The strokes of every drawing read, in the order read.
    var strokesRead: [Int] { shared.strokes.withLock { $0 } }

    func transcribe(_ drawing: Drawing) -> Transcript {
        shared.pages.withLock { $0.append(adaptation) }
        shared.states.withLock { $0.append(lineStates.map(ObjectIdentifier.init)) }
        shared.strokes.withLock { $0.append(drawing.strokes.count) }
        var transcript = words.transcribe(drawing)
        var samples: [AdaptationSample] = []
        for l in transcript.lines.indices {
            for w in transcript.lines[l].words.indices {
                let text = transcript.lines[l].words[w].text
                if text.hasPrefix("?"), adaptation != nil {
                    transcript.lines[l].words[w].candidates = [WordCandidate(text: text.dropFirst() + "d", score: 0)]
                    transcript.lines[l].words[w].confidence = 0.95
                } else if text.hasPrefix("?") {
                    transcript.lines[l].words[w].confidence = 0.3
                    if attachesEvidence {
                        transcript.lines[l].words[w].handEvidence = HandEvidence(
                            hidden: [0, 0, 0], width: 3, standsAlone: false)
                    }
                } else {
                    samples.append(AdaptationSample(hidden: [1, 2], width: 2, target: [1], text: text))
                }
            }
        }
        collector?.add(samples)
        return transcript
    }

    func transcriber(
        adaptedBy adaptation: HandAdaptation?, collectingInto collector: AdaptationCollector?
    ) throws
        -> any DrawingTranscriber
    {
        HandTranscriber(self, adaptation: adaptation, collector: collector)
    }

    func fitHand(
        to samples: [AdaptationSample], settings: HandAdapter.Settings
    ) throws -> (
        adaptation: HandAdaptation?, report: HandAdapter.Report
    )? {
        shared.fits.withLock { $0 += 1 }
        var report = HandAdapter.Report()
        report.trainingWords = samples.count * 4 / 5
        report.heldOutWords = samples.count - report.trainingWords
        report.heldOutLossBefore = 1
        report.heldOutLossAfter = acceptsFits ? 0.5 : 2
        report.accepted = acceptsFits
        let adaptation = HandAdaptation(
            part: .bias, classCount: 3, width: 0, weights: [], bias: [0, Float(samples.count), 0])
        return (acceptsFits ? adaptation : nil, report)
    }
}

/// What every copy of one `HandTranscriber` saw.
final class HandTranscriberLog: Sendable {
    let pages = Mutex<[HandAdaptation?]>([])
    let fits = Mutex(0)
    let strokes = Mutex<[Int]>([])
    let evidence = Mutex<[HandAdaptation]>([])
    let states = Mutex<[ObjectIdentifier?]>([])
}

/// An index learns its writer's hand (`Indexer+HandAdaptation.swift`): it fits an adaptation to
/// the sure words a build read, keeps it with its provenance, reads again with it the lines
/// holding an unsure word of the pages that build read (`Indexer+UnsureLines.swift`), reads
/// later pages with it, and starts over when the recognizer changes; without `adaptsToHand`
/// nothing of it happens.
@Suite struct HandAdaptationIndexTests {
    /// Enough sure words for a fit (`HandAdapter.Settings.minimumWords`), on two pages, one
    /// holding an unsure word.
    static func writeNotes(_ folder: TemporaryFolder, file: String = "a", words: Int = 70) {
        let line = (0..<words / 2).map { "word\($0)" }.joined(separator: " ")
        folder.write("notes/\(file).tnb", "\(line)\n---\n\(line) ?smudge\n")
    }

    static func build(
        _ folder: TemporaryFolder, _ transcriber: HandTranscriber, adapts: Bool = true
    ) async throws -> BuildReport {
        let store = try IndexStore(path: folder.index, access: .write)
        let indexer = Indexer(
            store: store, source: TextNotebookSource(), transcriber: transcriber, adaptsToHand: adapts)
        return try await indexer.build(paths: [folder.path + "/notes"], jobs: 2)
    }

    static func stored(_ folder: TemporaryFolder) throws -> IndexStore.StoredHandAdaptation? {
        try IndexStore(path: folder.index, access: .read).handAdaptation()
    }

    @Test func aBuildLearnsTheHandAndReadsItsUnsureLinesAgainWithIt() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        Self.writeNotes(folder)
        let transcriber = HandTranscriber()
        let first = try await Self.build(folder, transcriber)
        #expect(first.handFit?.accepted == true)
        let stored = try #require(try Self.stored(folder))
        #expect(stored.recognitionVersion == 1 && stored.languages == ["en"])
        #expect(stored.words == 56 && stored.heldOut == 14 && stored.lossAfter < stored.lossBefore)
        #expect(stored.adaptation.bias == [0, 70, 0])
        #expect(!stored.created.isEmpty)
        // the page with the unsure word is read again in the same build, its line alone, with
        // the hand learned; nothing is left to the next build
        #expect(first.drawingsReadAgainWithHand == 1 && first.drawingsToReread == 0 && first.pagesRecognized == 2)
        #expect(
            try IndexStore(path: folder.index, access: .read).status(currentRecognitionVersion: 1).staleDrawings == 0)
        #expect(transcriber.readWith == [nil, nil, stored.adaptation] && transcriber.strokesRead.last == 36)
        #expect(try search(folder, "smudge").count == 1 && search(folder, "smudged").count == 1)
        // a build that reads nothing costs nothing
        let second = try await Self.build(folder, transcriber)
        #expect(second.pagesRecognized == 0 && second.handFit == nil && transcriber.fits == 1)
        #expect(transcriber.readWith.count == 3)
        #expect(try Self.stored(folder) == stored)
    }

    /// Pages read again for the hand offered as many sure words as new ink would, so every build
    /// fitted again, marked the same pages again, and a build with nothing new read them all.
    @Test func pagesReadAgainForTheHandDoNotTeachItAgain() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        // two pages, each of more sure words than a fit keeps, and each with an unsure one
        let line = (0..<1_600).map { "word\($0)" }.joined(separator: " ")
        folder.write("notes/a.tnb", "\(line) ?smudge\n---\n\(line) ?blot\n")
        let transcriber = HandTranscriber()
        let first = try await Self.build(folder, transcriber)
        #expect(first.handFit?.accepted == true && first.drawingsReadAgainWithHand == 2)
        #expect(first.drawingsToReread == 0 && transcriber.fits == 1)
        #expect(transcriber.readWith.suffix(2).allSatisfy { $0 != nil })
        let second = try await Self.build(folder, transcriber)
        #expect(second.pagesRecognized == 0 && second.handFit == nil && transcriber.fits == 1)
    }

    /// The build that learns reads again at once only the drawings of the files it read (it kept
    /// their lines' states); a drawing of another file that the fit marks is left to the next
    /// build, which reads its lines through the network as before.
    @Test func drawingsOfFilesTheBuildDidNotReadAreLeftToTheNextBuild() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        Self.writeNotes(folder)
        let transcriber = HandTranscriber()
        _ = try await Self.build(folder, transcriber, adapts: false)
        Self.writeNotes(folder, file: "b")
        let second = try await Self.build(folder, transcriber)
        let hand = try #require(try Self.stored(folder)).adaptation
        #expect(second.handFit?.accepted == true && second.pagesRecognized == 2)
        #expect(second.drawingsReadAgainWithHand == 1 && second.drawingsToReread == 1)
        #expect(transcriber.readWith == [nil, nil, nil, nil, hand] && transcriber.statesReadWith.last! != nil)
        let third = try await Self.build(folder, transcriber)
        #expect(third.pagesRecognized == 1 && third.handFit == nil)
        #expect(transcriber.readWith.last == hand && transcriber.statesReadWith.last! == nil)
        #expect(try search(folder, "smudged").count == 2)
    }

    /// A page read again with the hand took the adapted readings in place of the shipped ones,
    /// so a word the shipped reader found could no longer be found (on the real notebooks, 144
    /// words found fell to 132).
    @Test func adaptationLosingWordsTheShippedReaderFound() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        Self.writeNotes(folder)
        let transcriber = HandTranscriber()
        _ = try await Self.build(folder, transcriber)
        // the shipped reading stays beside the adapted one, which leads: it is surer
        let page = try IndexStore(path: folder.index, access: .read).drawings(path: folder.path + "/notes/a.tnb")[1]
        let word = try #require(page.words.first { $0.candidates.contains { $0.text == "?smudge" } })
        #expect(word.candidates.map(\.text) == ["smudged", "?smudge", "?SMUDGE"] && word.confidence == 0.95)
        #expect(page.words.count == 36)
        #expect(try search(folder, "smudge").count == 1 && search(folder, "smudged").count == 1)
        // each shipped reading with the search score the shipped reader gave it
        let scores = Dictionary(uniqueKeysWithValues: word.searchedReadings.map { ($0.text, $0.score) })
        #expect(abs(scores["?smudge", default: 0] - 0.3) < 1e-9)
        #expect(abs(scores["?SMUDGE", default: 0] - 0.3 / M_E) < 1e-9)
    }

    /// Pages new to a build with a hand are read by the shipped reader, and only their unsure
    /// words again by the hand.
    @Test func newPagesAreReadAsShippedAndTheirUnsureWordsWithTheHand() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        Self.writeNotes(folder)
        let transcriber = HandTranscriber()
        _ = try await Self.build(folder, transcriber)
        _ = try await Self.build(folder, transcriber)
        let hand = try #require(try Self.stored(folder)).adaptation
        let before = transcriber.readWith.count
        folder.write("notes/b.tnb", "fresh ink ?blot\n")
        let report = try await Self.build(folder, transcriber)
        #expect(report.pagesRecognized == 1)
        #expect(Array(transcriber.readWith.dropFirst(before)) == [nil, hand])
        #expect(Array(transcriber.strokesRead.dropFirst(before)) == [3, 1])
        #expect(try search(folder, "blot").count == 1 && search(folder, "blotd").count == 1)
        #expect(try search(folder, "fresh").count == 1)
    }

    /// The build that learns the hand keeps the network states of its unsure lines, not its
    /// unsure words' evidence: the shipped reader is given a store of line states, and the hand
    /// reading the lines again in that build the same store (a network reader reads the lines
    /// it finds there without the network: `KeptLineStatesTests`).
    @Test func theBuildThatLearnsReadsUnsureLinesAgainFromTheLineStatesItKept() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        Self.writeNotes(folder)
        let transcriber = HandTranscriber(keepsEvidence: true)
        let first = try await Self.build(folder, transcriber)
        let stored = try #require(try Self.stored(folder))
        #expect(first.handFit?.accepted == true)
        #expect(first.drawingsReadAgainWithHand == 1)
        #expect(first.drawingsToReread == 0 && transcriber.readFromEvidence.isEmpty)
        #expect(transcriber.readWith == [nil, nil, stored.adaptation])
        let states = transcriber.statesReadWith
        #expect(states.count == 3 && states[0] != nil && Set(states).count == 1)
        #expect(try search(folder, "smudge").count == 1 && search(folder, "smudged").count == 1)
        let second = try await Self.build(folder, transcriber)
        #expect(second.pagesRecognized == 0 && transcriber.readWith.count == 3)
    }

    /// With a hand learned, a new page's unsure words are read again from the evidence of the
    /// page's one reading, not from their ink.
    @Test func newPagesUnsureWordsAreReadAgainFromEvidenceNotInk() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        Self.writeNotes(folder)
        let transcriber = HandTranscriber(keepsEvidence: true)
        _ = try await Self.build(folder, transcriber)
        let hand = try #require(try Self.stored(folder)).adaptation
        folder.write("notes/b.tnb", "fresh ink ?blot\n")
        let report = try await Self.build(folder, transcriber)
        #expect(report.pagesRecognized == 1 && report.handFit == nil)
        #expect(transcriber.readWith == [nil, nil, hand, nil] && transcriber.strokesRead.last == 3)
        #expect(transcriber.readFromEvidence == [hand])
        #expect(try search(folder, "blot").count == 1 && search(folder, "smudged").count == 2)
    }

    @Test func aRejectedFitIsNotKept() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        Self.writeNotes(folder)
        let report = try await Self.build(folder, HandTranscriber(acceptsFits: false))
        #expect(report.handFit?.accepted == false && report.drawingsToReread == 0)
        #expect(try Self.stored(folder) == nil)
    }

    @Test func tooFewSureWordsFitNothing() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        Self.writeNotes(folder, words: 20)
        let transcriber = HandTranscriber()
        let report = try await Self.build(folder, transcriber)
        #expect(report.handFit == nil && transcriber.fits == 0)
        #expect(try Self.stored(folder) == nil)
    }

    @Test func withoutAdaptingNothingIsLearnedOrUsed() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        // a hand learned from b's pages, which leaves a's unsure page marked for the next build
        Self.writeNotes(folder)
        _ = try await Self.build(folder, HandTranscriber(), adapts: false)
        Self.writeNotes(folder, file: "b")
        #expect(try await Self.build(folder, HandTranscriber()).drawingsToReread == 1)
        let learned = try #require(try Self.stored(folder))
        Self.writeNotes(folder, file: "c", words: 200)
        let transcriber = HandTranscriber()
        let report = try await Self.build(folder, transcriber, adapts: false)
        #expect(report.handFit == nil && transcriber.fits == 0)
        // every page read with the shipped network (the marked page too); the hand is kept
        #expect(transcriber.readWith.count == 3 && transcriber.readWith.allSatisfy { $0 == nil })
        #expect(try Self.stored(folder) == learned)
    }

    @Test func aNewRecognizerVersionStartsOver() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        Self.writeNotes(folder)
        _ = try await Self.build(folder, HandTranscriber(version: 1))
        #expect(try Self.stored(folder) != nil)
        // every page is read again by version 2 with the shipped network, and learned from anew;
        // the unsure page's line is then read with the new hand
        let transcriber = HandTranscriber(version: 2)
        let report = try await Self.build(folder, transcriber)
        #expect(report.handFit?.accepted == true)
        let stored = try #require(try Self.stored(folder))
        #expect(stored.recognitionVersion == 2)
        #expect(transcriber.readWith == [nil, nil, stored.adaptation])
        // without adapting too, a version change drops the hand
        let other = TemporaryFolder()
        defer { other.cleanUp() }
        Self.writeNotes(other)
        _ = try await Self.build(other, HandTranscriber(version: 1))
        _ = try await Self.build(other, HandTranscriber(version: 3), adapts: false)
        #expect(try Self.stored(other) == nil)
    }

    @Test func mergeKeepsTheReadingsAndDropsTheHand() async throws {
        let shard = TemporaryFolder(), out = TemporaryFolder()
        defer {
            shard.cleanUp()
            out.cleanUp()
        }
        Self.writeNotes(shard)
        Self.writeNotes(out, file: "b")
        _ = try await Self.build(shard, HandTranscriber())
        _ = try await Self.build(out, HandTranscriber())
        #expect(try Self.stored(out) != nil)
        let output = try IndexStore(path: out.index, access: .write)
        let merge = IndexMerge(
            output: output, outputName: "out",
            inputs: [.init(name: "shard", store: try IndexStore(path: shard.index, access: .read))])
        #expect(try merge.run().copied == 1)
        #expect(try output.handAdaptation() == nil)
        #expect(try !search(out, "word3").isEmpty)
    }

    @Test func aDamagedStoredHandIsIgnored() async throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        Self.writeNotes(folder)
        _ = try await Self.build(folder, HandTranscriber())
        let store = try IndexStore(path: folder.index, access: .write)
        try store.database.run("UPDATE hand_adaptation SET adaptation = 'bm90IGEgaGFuZA=='")
        #expect(try store.handAdaptation() == nil)
        // an index without the table has no hand
        try store.database.execute("DROP TABLE hand_adaptation")
        #expect(try store.handAdaptation() == nil)
        try store.removeHandAdaptation()
    }
}
