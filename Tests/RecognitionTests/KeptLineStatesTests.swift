import DrawingModel
import Foundation
import Testing

@testable import Recognition

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The network states the shipped reader keeps of its unsure lines (`KeptLineStates`), and a hand
/// reading those lines from them instead of running the network.
struct KeptLineStatesTests {
    /// A hand favouring the letter "e" (`HandEvidenceTests`), so that its readings differ from
    /// the shipped reader's.
    static func favouringE(_ recognizer: HandwritingRecognizer) throws -> HandAdaptation {
        let k = try HandEvidenceTests.networkReader(of: recognizer).shippedNetwork.classCount
        var bias = [Float](repeating: 0, count: k)
        bias[1 + 69] = 8
        return HandAdaptation(part: .bias, classCount: k, width: 0, weights: [], bias: bias)
    }

    /// Keeping states changes no shipped reading, and a hand reading the same drawings finds the
    /// unsure lines' states and reads exactly what it reads through the network.
    @Test func theHandReadsKeptLinesAsThroughTheNetwork() throws {
        let (recognizer, drawings) = try HandEvidenceTests.fixture.get()
        let hand = try Self.favouringE(recognizer)
        let states = KeptLineStates()
        let keeping = recognizer.keepingLineStates(in: states)
        for drawing in drawings { #expect(keeping.transcribe(drawing) == recognizer.transcribe(drawing)) }
        #expect(states.bytes > 0 && states.found == 0)
        let throughNetwork = recognizer.adapted(by: hand)
        let fromStates = throughNetwork.keepingLineStates(in: states)
        var changed = 0
        for drawing in drawings {
            let expected = throughNetwork.transcribe(drawing)
            let read = fromStates.transcribe(drawing)
            #expect(read == expected)
            if expected != recognizer.transcribe(drawing) { changed += 1 }
        }
        // the hand reads otherwise than the shipped reader, and sure lines were not kept
        #expect(changed > 0 && states.found > 0 && states.missed > 0)
    }

    /// A line whose states are kept is read from them: states that are not the network's give
    /// another reading (here, zeros read as nothing or as other words).
    @Test func keptStatesAreReadInsteadOfTheNetwork() throws {
        let (recognizer, drawings) = try HandEvidenceTests.fixture.get()
        let reader = try HandEvidenceTests.networkReader(of: recognizer).adapted(by: try Self.favouringE(recognizer))
        let line = try #require(drawings.lazy.flatMap { recognizer.lines(in: $0) }.first).ink
        let input = reader.features(of: line)
        let states = KeptLineStates()
        let network = reader.shippedNetwork
        states.keep(
            [Float](repeating: 0, count: network.frameCount(points: input.count) * network.hiddenWidth),
            of: input.values, rows: input.count)
        let plain = reader.read(line)
        #expect(!plain.isEmpty)
        #expect(reader.keepingLineStates(in: states).read(line) != plain)
        #expect(states.found == 1)
    }

    /// States past `capacity` are not kept, and states that cannot be read back from the file are
    /// not found (the line goes through the network).
    @Test func keptStatesAreBoundedAndUnreadableOnesAreNotFound() throws {
        let states = KeptLineStates(capacity: 2 * 4 * MemoryLayout<Float>.stride)
        states.keep([1, 2, 3, 4], of: [1], rows: 1)
        states.keep([5, 6, 7, 8], of: [2], rows: 1)
        states.keep([9, 9, 9, 9], of: [3], rows: 1)
        #expect(states.bytes == 32)
        #expect(states.states(of: [1], rows: 1) == [1, 2, 3, 4])
        #expect(states.states(of: [2], rows: 1) == [5, 6, 7, 8])
        #expect(states.states(of: [3], rows: 1) == nil)
        #expect(states.states(of: [1], rows: 2) == nil)
        let file = try #require(states.file)
        #expect(ftruncate(file.descriptor, 16) == 0)
        #expect(states.states(of: [1], rows: 1) == [1, 2, 3, 4])
        #expect(states.states(of: [2], rows: 1) == nil)
        #expect(states.found == 3 && states.missed == 3)
    }
}
