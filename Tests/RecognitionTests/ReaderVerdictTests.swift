import DrawingModel
import Foundation
import Testing

@testable import Recognition

/// The reader's verdict: its weight file, its features and which words it drops, with hand-made
/// weights that look at one feature each.
@Suite struct ReaderVerdictTests {
    /// A reader that knows the words it is given.
    struct Listing: LineReading {
        var words: Set<String>
        func read(_ line: LineInk) -> [DecodedWord] { [] }
        func knows(_ word: String) -> Bool { words.contains(word.lowercased()) }
    }

    /// A weight file of one layer whose logit is `weight` times feature `feature` plus `bias`.
    func weights(feature: Int, weight: Double, bias: Double, threshold: Double = 0.5) -> String {
        let n = ReaderVerdict.featureCount
        let row = (0..<n).map { $0 == feature ? "\(weight)" : "0" }.joined(separator: " ")
        return """
            reader-verdict 1
            inputs \(n)
            mean \(Array(repeating: "0", count: n).joined(separator: " "))
            scale \(Array(repeating: "1", count: n).joined(separator: " "))
            layer \(n) 1 none
            \(row)
            \(bias)
            threshold \(threshold)
            """
    }

    /// A line of two traces side by side, 10 units high, with the classifier's probabilities.
    func line(writing: [Double]) -> TextLine {
        var points: [InkPoint] = []
        for trace in 0..<2 {
            for k in 0..<5 {
                points.append(
                    InkPoint(
                        location: Point(x: Double(trace * 20 + k * 2), y: Double(k % 2) * 10), strokeIndex: trace,
                        startsTrace: k == 0))
            }
        }
        return TextLine(
            ink: LineInk(points: points), bounds: Rect(x: 0, y: 0, width: 28, height: 10), textLikelihood: 1,
            traceWriting: writing, writingSize: 10)
    }

    func word(_ text: String, _ points: Range<Int>) -> DecodedWord {
        DecodedWord(candidates: [WordCandidate(text: text, score: 0)], pointRange: points, confidence: 0.9)
    }

    @Test func wordOverTracesTheClassifierDoubtsGivesNoReadings() throws {
        // drawing when the mean probability of writing of the word's traces is under a half
        let verdict = try ReaderVerdict(text: weights(feature: 8, weight: -20, bias: 10))
        let read = [(line(writing: [0.9, 0.2]), [word("the", 0..<5), word("xx", 5..<10)])]
        let judged = verdict.judged(read, reader: Listing(words: []))
        #expect(judged[0].1.map { $0.candidates[0].text } == ["the"])
    }

    @Test func lineWithoutTheClassifiersProbabilitiesKeepsEveryWord() throws {
        let verdict = try ReaderVerdict(text: weights(feature: 8, weight: -20, bias: 10))
        var rulesLine = line(writing: [])
        rulesLine.writingSize = 10
        let judged = verdict.judged([(rulesLine, [word("xx", 0..<10)])], reader: Listing(words: []))
        #expect(judged[0].1.count == 1)
    }

    @Test func listedWordIsKnownWithoutTheMarksAtItsEnds() {
        let read = [(line(writing: [0.9, 0.9]), [word("(the,", 0..<5), word("qzx", 5..<10)])]
        let features = ReaderVerdict.features(of: read, reader: Listing(words: ["the"]))
        #expect(features[0]?.map { $0[1] } == [1, 0])
        #expect(features[0]?.allSatisfy { $0.count == ReaderVerdict.featureCount } == true)
        // the line's share of listed words
        #expect(features[0]?[0][14] == 0.5)
    }

    @Test(arguments: [
        "stroke-classifier 1\n", "reader-verdict 1\ninputs 3\n",
        "reader-verdict 1\ninputs 19\nmean 0\n",
    ])
    func damagedWeightFileIsRejectedByName(_ text: String) {
        #expect {
            try ReaderVerdict(text: text)
        } throws: { error in
            "\(error)".contains("reader-verdict.txt")
        }
    }

    @Test func shippedWeightsLoadAndTheVariableSetsTheThreshold() throws {
        let shipped = try ReaderVerdict.configured([:])
        #expect((shipped != nil) == ReaderVerdict.isShipped)
        let asked = try #require(try ReaderVerdict.configured([ReaderVerdict.environmentVariable: "0.7"]))
        #expect(asked.threshold == 0.7)
    }
}
